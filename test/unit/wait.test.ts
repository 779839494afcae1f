// The pure parts of --wait: the flags, what counts as reached, how a status record folds into
// what is known (whatever the server sends), and the results file with final_status.
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { withFinalStatus } from '../../src/commands/chat/batch-wait.js';
import { DEFAULT_WAIT_MS, funnel, merge, reached, settled, waitError, waitSpec, type Followed } from '../../src/commands/wait/wait.js';

describe('waitSpec', () => {
  it('no --wait: no wait; --wait-timeout alone is refused', () => {
    expect(waitSpec({})).toBeUndefined();
    expect(() => waitSpec({ waitTimeout: '2m' })).toThrow('--wait-timeout: only with --wait');
  });
  it('reads durations as the sandbox does; 5m by default; 0 is refused, 1ms is not', () => {
    expect(waitSpec({ wait: 'read' })).toEqual({ target: 'read', timeoutMs: DEFAULT_WAIT_MS });
    expect(waitSpec({ wait: 'delivered', waitTimeout: '30s' })!.timeoutMs).toBe(30_000);
    expect(waitSpec({ wait: 'delivered', waitTimeout: '2m' })!.timeoutMs).toBe(120_000);
    expect(waitSpec({ wait: 'delivered', waitTimeout: '500ms' })!.timeoutMs).toBe(500);
    expect(waitSpec({ wait: 'delivered', waitTimeout: '1ms' })!.timeoutMs).toBe(1);
    expect(() => waitSpec({ wait: 'delivered', waitTimeout: '0ms' })).toThrow('--wait-timeout: must be more than 0');
    expect(() => waitSpec({ wait: 'delivered', waitTimeout: '2h' })).toThrow('--wait-timeout: must be a duration');
    // @ts-expect-error: the command line's parser refuses it first (WAIT_OPTIONS' choices); waitSpec refuses it too
    expect(() => waitSpec({ wait: 'sent' })).toThrow('--wait: must be delivered or read');
  });
});

describe('reached and settled', () => {
  it('read counts as delivered, not the other way; an unknown status is not there yet', () => {
    expect(reached('read', 'delivered')).toBe(true);
    expect(reached('delivered', 'delivered')).toBe(true);
    expect(reached('delivered', 'read')).toBe(false);
    expect(reached('sent', 'delivered')).toBe(false);
    expect(reached('queued', 'delivered')).toBe(false);
    expect(settled({ message_id: 'm', status: 'failed' }, 'read')).toBe(true);
  });
});

describe('merge', () => {
  const known: Followed = { message_id: 'm', status: 'sent', sent_at: 'T0' };
  it("keeps the server's times, and stamps a status it gives no time for with the time it was seen", () => {
    expect(merge(known, { status: 'delivered', delivered_at: 'T1' }, 'NOW')).toMatchObject({ status: 'delivered', sent_at: 'T0', delivered_at: 'T1' });
    expect(merge(known, { status: 'read' }, 'NOW')).toMatchObject({ status: 'read', read_at: 'NOW', sent_at: 'T0' });
  });
  it("a failure carries the channel's reason, or says it gave none", () => {
    expect(merge(known, { status: 'failed', error: 'no such number' }).error).toBe('no such number');
    expect(merge(known, { status: 'failed' }).error).toBe('the channel gave no reason');
  });
  it('whatever the record, it answers a Followed with a string status and never throws (seeded)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('status', 'error', 'sent_at', 'delivered_at', 'read_at', 'failed_at', 'reason', 'x'), fc.anything()), (record) => {
        const m = merge(known, record);
        expect(typeof m.status).toBe('string');
        expect(m.message_id).toBe('m');
        for (const k of ['sent_at', 'delivered_at', 'read_at', 'failed_at'] as const) expect(['string', 'undefined']).toContain(typeof m[k]);
      }),
      { seed: 32, numRuns: 2000 },
    );
  });
});

describe('waitError', () => {
  const spec = { target: 'delivered' as const, timeoutMs: 2000 };
  it('reached: none; failed: exit 5 with the reason; out of time: exit 8 naming the last status', () => {
    expect(waitError({ messages: [{ message_id: 'm', status: 'read' }], outcome: 'reached', waitedMs: 5 }, spec, 'message m')).toBeUndefined();
    const failed = waitError({ messages: [{ message_id: 'm', status: 'failed', error: 'blocked' }], outcome: 'failed', waitedMs: 5 }, spec, 'message m');
    expect([failed?.exitCode, failed?.message]).toEqual([5, 'message m failed: blocked']);
    const late = waitError({ messages: [{ message_id: 'm', status: 'sent' }], outcome: 'timeout', waitedMs: 2004 }, spec, 'message m');
    expect([late?.exitCode, late?.code, late?.message]).toEqual([8, 'timeout', 'message m: still sent after waiting 2s for delivered (--wait-timeout 2s); the send is done']);
  });
});

describe('withFinalStatus', () => {
  const byId = new Map<string, Followed>([
    ['wamid.1', { message_id: 'wamid.1', status: 'read' }],
    ['wamid.2', { message_id: 'wamid.2', status: 'failed', error: '=cmd, "quoted"' }],
    ['wamid.3', { message_id: 'wamid.3', status: 'failed', error: '=HYPERLINK("x")' }],
  ]);
  it('adds final_status last; a failure\'s reason joins error, defused; rows not sent get none', () => {
    const rows = [
      ['row', 'to', 'status', 'message_id', 'error'],
      ['1', '15550000001', 'sent', 'wamid.1', ''],
      ['2', '15550000002', 'sent', 'wamid.2', 'warning: {{name}} is empty'],
      ['3', "'+1 555", 'failed', '', 'invalid: to, "x"'],
      ['4', '15550000004', 'sent', 'wamid.3', ''],
    ];
    const out = parse(withFinalStatus(rows, byId, (s) => s)) as string[][];
    expect(out).toEqual([
      ['row', 'to', 'status', 'message_id', 'error', 'final_status'],
      ['1', '15550000001', 'sent', 'wamid.1', '', 'read'],
      ['2', '15550000002', 'sent', 'wamid.2', 'warning: {{name}} is empty; =cmd, "quoted"', 'failed'],
      ['3', "'+1 555", 'failed', '', 'invalid: to, "x"', ''],
      ['4', '15550000004', 'sent', 'wamid.3', `'=HYPERLINK("x")`, 'failed'],
    ]);
    expect(funnel([...byId.values()])).toEqual({ sent: 0, delivered: 0, read: 1, failed: 2 });
  });
  it('a final_status column a resume kept is updated in place, not added twice; a reason already in error is not repeated', () => {
    const rows = [
      ['row', 'to', 'status', 'message_id', 'error', 'final_status'],
      ['1', '15550000001', 'sent', 'wamid.1', 'sent by an earlier run', 'delivered'],
      ['2', '15550000002', 'sent', 'wamid.2', 'sent by an earlier run; =cmd, "quoted"', 'failed'],
      ['3', '15550000003', 'failed', '', 'HTTP 400', ''],
    ];
    const out = parse(withFinalStatus(rows, byId, (s) => s)) as string[][];
    expect(out).toEqual([
      ['row', 'to', 'status', 'message_id', 'error', 'final_status'],
      ['1', '15550000001', 'sent', 'wamid.1', 'sent by an earlier run', 'read'],
      ['2', '15550000002', 'sent', 'wamid.2', 'sent by an earlier run; =cmd, "quoted"', 'failed'],
      ['3', '15550000003', 'failed', '', 'HTTP 400', ''],
    ]);
  });
  it('any cells read back as they were, with one more column (seeded)', () => {
    const cell = fc.string({ maxLength: 12 }).filter((s) => !/[\u0000-\u001f\u007f-\u009f]/.test(s) && !/^[=+\-@]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell, cell, cell, cell), { minLength: 1, maxLength: 5 }), (body) => {
        const rows = [['row', 'to', 'status', 'message_id', 'error'], ...body];
        const out = parse(withFinalStatus(rows, new Map(), (s) => s), { relax_quotes: false }) as string[][];
        expect(out).toEqual(rows.map((r, i) => [...r, i ? '' : 'final_status']));
      }),
      { seed: 32, numRuns: 1000 },
    );
  });
});
