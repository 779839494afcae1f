// Message ids come from a pool of random bytes refilled every 512 ids (sandbox/domain.ts): each
// id is its own bytes, across the refills too (a pool drawn once would repeat from the 513th).
import { describe, expect, it } from 'vitest';
import { messageId } from '../../src/sandbox/domain.js';

describe('messageId', () => {
  it('gives 2,000 distinct ids of the channel shape, across three refills of the pool', () => {
    const ids = Array.from({ length: 2000 }, messageId);
    for (const id of ids) expect(id).toMatch(/^wamid\.[A-Za-z0-9_-]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
