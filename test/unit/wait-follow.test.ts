// follow() and waitError() on a fake clock and a fake status query: ids in chunks of 100, each
// asked once a round; the chunks of a round share the one deadline; a failure known at the end
// is exit 5 whatever is still pending; a server's megabytes of reason are cut.
import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/runtime/context.js';
import { capReason, follow, MAX_REASON, waitError, type Followed, type WaitSpec } from '../../src/commands/wait/wait.js';
import { Pacer } from '../../src/batch/limiter.js';
import { fakeClock } from '../helpers/fake-clock.js';

type Answer = (ids: string[], signal: AbortSignal, clock: ReturnType<typeof fakeClock>) => Promise<Record<string, unknown>[]>;

/** follow() against a status query answered by `answer` (`rate`: send-batch's --rate); every request's ids, when, and its pace, in order. */
async function run(ids: string[], spec: WaitSpec, answer: Answer, rate?: number) {
  const clock = fakeClock();
  const asked: string[][] = [];
  const at: number[] = [];
  const paces: unknown[] = [];
  const call = async (_id: string, o: { json: { message_ids: string[] }; signal: AbortSignal; pace?: Pacer }) => {
    asked.push(o.json.message_ids);
    at.push(clock.now());
    paces.push(o.pace);
    return { status: 200, headers: {}, body: { success: true, data: await answer(o.json.message_ids, o.signal, clock) } };
  };
  const ctx = { signal: new AbortController().signal, clock, api: async () => ({ call }) } as unknown as Context;
  const messages: Followed[] = ids.map((message_id) => ({ message_id, status: 'sent' }));
  const pace = rate ? new Pacer(rate, clock) : undefined;
  const result = await clock.run(follow(ctx, messages, spec, { pace }));
  return { result, asked, at, paces, pace };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `wamid.${i}`);
const as = (status: string, extra: Record<string, unknown> = {}) => (list: string[]) => list.map((message_id) => ({ message_id, status, ...extra }));

describe('status queries in chunks', () => {
  it('250 ids: chunks of 100, 100 and 50, each id asked exactly once a round', async () => {
    let queries = 0;
    const { result, asked } = await run(ids(250), { target: 'delivered', timeoutMs: 60_000 }, async (list) => {
      // The first round (3 queries) delivers all but the last 30; the second the rest.
      return ++queries <= 3 ? as('delivered')(list.filter((id) => Number(id.slice(6)) < 220)) : as('delivered')(list);
    });
    expect(asked.map((a) => a.length)).toEqual([100, 100, 50, 30]);
    expect(new Set(asked.slice(0, 3).flat())).toEqual(new Set(ids(250)));
    expect(asked[3]).toEqual(ids(250).slice(220));
    expect(result.outcome).toBe('reached');
  });

  it('101 ids: two queries (100 and 1); 100 ids: one', async () => {
    const a = await run(ids(101), { target: 'delivered', timeoutMs: 60_000 }, async (list) => as('read')(list));
    expect(a.asked.map((x) => x.length)).toEqual([100, 1]);
    const b = await run(ids(100), { target: 'delivered', timeoutMs: 60_000 }, async (list) => as('read')(list));
    expect(b.asked.map((x) => x.length)).toEqual([100]);
  });

  it("the chunks share the one deadline: a second chunk that hangs ends the wait at it, with the first chunk's news kept", async () => {
    const { result, asked } = await run(ids(150), { target: 'delivered', timeoutMs: 2000 }, async (list, signal, clock) => {
      if (list.length === 50) await clock.sleep(30_000, signal);
      return as('delivered')(list);
    });
    expect(asked.map((a) => a.length)).toEqual([100, 50]);
    expect(result).toMatchObject({ outcome: 'timeout', waitedMs: 2000 });
    expect(result.messages.filter((m) => m.status === 'delivered')).toHaveLength(100);
  });
});

describe('send-batch --rate: the status queries take their turns', () => {
  it('--rate 2: the chunks of a round a turn (510 ms) apart, each query paced on the wire too', async () => {
    let queries = 0;
    const { at, paces, pace } = await run(ids(250), { target: 'delivered', timeoutMs: 60_000 }, async (list) => (++queries <= 3 ? as('sent')(list) : as('delivered')(list)), 2);
    // The first turn at once; then one each 1020 / 2 ms, the second round's after the pause (250 ms) too.
    expect(at).toEqual([0, 510, 1020, 1530, 2040, 2550]);
    expect(paces.every((p) => p === pace)).toBe(true);
  });

  it('without --rate: the chunks of a round at once', async () => {
    const { at, paces } = await run(ids(250), { target: 'delivered', timeoutMs: 60_000 }, async (list) => as('delivered')(list));
    expect(at).toEqual([0, 0, 0]);
    expect(paces).toEqual([undefined, undefined, undefined]);
  });
});

describe('the order of outcomes', () => {
  const spec: WaitSpec = { target: 'read', timeoutMs: 2000 };
  it('one failed and five still unread at the deadline: failed, exit 5, naming both counts', async () => {
    const { result } = await run(ids(6), spec, async (list) => list.map((message_id) => (message_id === 'wamid.2' ? { message_id, status: 'failed', error: 'number blocked' } : { message_id, status: 'delivered' })));
    expect(result.outcome).toBe('failed');
    const err = waitError(result, spec, 'send-batch')!;
    expect([err.exitCode, err.code]).toEqual([5, 'message_failed']);
    expect(err.message).toBe('send-batch: 1 of 6 failed (first: number blocked); 5 not read yet after waiting 2s for read (--wait-timeout 2s)');
  });

  it('none failed, some pending: timeout, exit 8; all settled with one failed: exit 5 naming none pending', async () => {
    const late = await run(ids(2), spec, async (list) => as('delivered')(list));
    expect(waitError(late.result, spec, 'send-batch', 'the sends are done')).toMatchObject({ exitCode: 8, message: 'send-batch: 2 of 2 not read yet after waiting 2s for read (--wait-timeout 2s); the sends are done' });
    const one = await run(['m'], spec, async () => [{ message_id: 'm', status: 'failed', error: 'blocked' }]);
    expect(waitError(one.result, spec, 'message m')).toMatchObject({ exitCode: 5, message: 'message m failed: blocked' });
  });
});

describe("a server's reason", () => {
  it('20 MB of it is cut to MAX_REASON, saying how much was cut; the error line quotes 200 characters of it', async () => {
    const huge = 'x'.repeat(20 * 1024 * 1024);
    const { result } = await run(['m'], { target: 'delivered', timeoutMs: 1000 }, async () => [{ message_id: 'm', status: 'failed', error: huge }]);
    const reason = result.messages[0].error!;
    expect(reason).toBe(`${'x'.repeat(MAX_REASON)}… (${huge.length - MAX_REASON} more characters cut)`);
    const err = waitError(result, { target: 'delivered', timeoutMs: 1000 }, 'message m')!;
    expect(err.message).toBe(`message m failed: ${'x'.repeat(199)}…`);
  });

  it('at the cap it is whole; one more is cut', () => {
    expect(capReason('y'.repeat(MAX_REASON))).toBe('y'.repeat(MAX_REASON));
    expect(capReason('y'.repeat(MAX_REASON + 1))).toBe(`${'y'.repeat(MAX_REASON)}… (1 more characters cut)`);
  });
});
