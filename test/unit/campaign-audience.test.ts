// What the campaign question says of the audience: the count the service gives, in any of the
// fields seen, or that it is unknown; a campaign that does not exist stops before the question.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { ApiError, NetworkError } from '../../src/core/errors.js';
import { describeAudience, readAudience } from '../../src/ops/audience.js';

const api = (answer: unknown): ApiClient =>
  ({
    call: async () => {
      if (answer instanceof Error) throw answer;
      return { status: 200, headers: {}, body: answer };
    },
  }) as unknown as ApiClient;

const ID = '65f0c0ffee0123456789abcd';

describe('readAudience', () => {
  it.each([
    [{ success: true, data: { name: 'Spring', recipients: 250 } }, { name: 'Spring', size: 250 }],
    [{ data: { name: 'Spring', recipients: ['1', '2'] } }, { name: 'Spring', size: 2 }],
    [{ data: { audience_size: 7 } }, { size: 7 }],
    [{ data: { name: 'Spring', sent: 3 } }, { name: 'Spring' }],
    [{ data: { recipients: -1 } }, {}],
    ['not an object', {}],
  ])('%j → %j', async (body, expected) => {
    expect(await readAudience(api(body), ID)).toEqual({ id: ID, name: undefined, size: undefined, ...expected });
  });

  it('a failed read leaves the audience unknown; a missing campaign ends the command', async () => {
    expect(await readAudience(api(new NetworkError('down', false)), ID)).toEqual({ id: ID });
    expect(await readAudience(api(new ApiError('Forbidden', 403)), ID)).toEqual({ id: ID });
    await expect(readAudience(api(new ApiError('Campaign not found', 404)), ID)).rejects.toThrow(/not found/);
  });
});

describe('describeAudience', () => {
  it('names the whole id, the name when known, and the size or that it is unknown', () => {
    expect(describeAudience({ id: ID, name: 'Spring', size: 1 })).toBe(`campaign ${ID} "Spring" (1 recipient)`);
    expect(describeAudience({ id: ID, size: 250 })).toBe(`campaign ${ID} (250 recipients)`);
    expect(describeAudience({ id: ID })).toBe(`campaign ${ID} (audience size unknown)`);
  });
});
