// What `campaigns send --wait` judges: this send's share of the insights (now less the baseline
// read before the send), over only when the whole audience the question named has settled.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inFlight, over, pending, share, shareText } from '../../src/commands/campaigns/this-send.js';

// A recurring campaign of 2 recipients whose first send had one failure.
const before = { recipients: 2, sent: 2, delivered: 1, read: 0, failed: 1 };

describe('share', () => {
  it("a later send whose 2 messages were delivered is over with none failed: the earlier send's failure is not this one's", () => {
    const s = share(before, { recipients: 2, sent: 4, delivered: 3, read: 0, failed: 1 }, 'delivered');
    expect(s).toEqual({ sent: 2, reached: 2, failed: 0, expected: 2 });
    expect(over(s)).toBe(true);
    expect(shareText(s, 'delivered')).toBe('2 of 2 delivered, 0 failed, 0 not delivered yet');
  });

  it('the first insights say sent: 0 (nothing out yet): not over, with or without an audience size', () => {
    expect(over(share({ recipients: 3, sent: 0 }, { recipients: 3, sent: 0 }, 'delivered'))).toBe(false);
    expect(over(share({}, { sent: 0, delivered: 0 }, 'delivered'))).toBe(false);
  });

  it('the first wave is not the whole audience: 1 of 3 sent and delivered is not over; 3 of 3 is', () => {
    const wave = share({ recipients: 3, sent: 0 }, { recipients: 3, sent: 1, delivered: 1 }, 'delivered');
    expect([over(wave), pending(wave)]).toEqual([false, 2]);
    expect(over(share({ recipients: 3, sent: 0 }, { recipients: 3, sent: 3, delivered: 2, failed: 1 }, 'delivered'))).toBe(true);
    // An earlier send's two messages delivered meanwhile: the counts reach 2, but only 1 of this send's 2 is out.
    expect(over(share({ recipients: 2, sent: 2, delivered: 0 }, { recipients: 2, sent: 3, delivered: 2 }, 'delivered'))).toBe(false);
    // All of it sent, one still on its way: not over.
    expect(over(share({ recipients: 3, sent: 0 }, { recipients: 3, sent: 3, delivered: 2 }, 'delivered'))).toBe(false);
  });

  it('read waits for reads: delivered is not enough', () => {
    const s = share({ recipients: 1 }, { recipients: 1, sent: 1, delivered: 1, read: 0 }, 'read');
    expect([over(s), shareText(s, 'read')]).toEqual([false, '0 of 1 read, 0 failed, 1 not read yet']);
  });

  it('no audience size: the messages counted sent so far are expected', () => {
    expect(share({ sent: 5 }, { sent: 7, delivered: 2 }, 'delivered')).toEqual({ sent: 2, reached: 2, failed: 0, expected: 2 });
  });

  it('whatever the insights say, counts are never negative and over means nothing pending (seeded)', () => {
    const counts = fc.record({ recipients: fc.anything(), sent: fc.anything(), delivered: fc.anything(), read: fc.anything(), failed: fc.anything() }, { requiredKeys: [] });
    fc.assert(
      fc.property(counts, counts, fc.constantFrom('delivered' as const, 'read' as const), (a, b, t) => {
        const s = share(a, b, t);
        for (const v of Object.values(s)) expect(v).toBeGreaterThanOrEqual(0);
        if (over(s)) expect(pending(s)).toBe(0);
      }),
      { seed: 42, numRuns: 1000 },
    );
  });
});

describe('inFlight', () => {
  it('messages of earlier sends not yet at the target when the baseline was read', () => {
    expect(inFlight(before, 'delivered')).toBe(0);
    expect(inFlight(before, 'read')).toBe(1);
    expect(inFlight({ sent: 3, delivered: 1, failed: 0 }, 'delivered')).toBe(2);
  });
});
