// The loop under every --wait, on a fake clock: the pauses between polls, the deadline that
// bounds everything (a poll still unanswered is cut short), a 429's Retry-After never shorter
// than the backoff, Ctrl-C. No real time passes.
import { describe, expect, it } from 'vitest';
import { ApiError, InterruptedError } from '../../src/core/errors.js';
import { pollUntil, type Poll } from '../../src/commands/wait/poll.js';
import { fakeClock } from '../helpers/fake-clock.js';

const never = new AbortController().signal;

/** pollUntil on a fake clock, each round answered by `answer(n)` (n from 0), the times the rounds started. */
async function poll(timeoutMs: number, answer: (n: number, signal: AbortSignal, clock: ReturnType<typeof fakeClock>) => Poll | Promise<Poll>, signal = never) {
  const clock = fakeClock();
  const starts: number[] = [];
  const signals: AbortSignal[] = [];
  const result = await clock.run(
    pollUntil({ target: 'delivered', timeoutMs, signal, clock }, async (s) => {
      starts.push(clock.now());
      signals.push(s);
      return answer(starts.length - 1, s, clock);
    }, 'the send is done'),
  );
  return { result, starts, signals, pauses: starts.slice(1).map((t, i) => t - starts[i]) };
}

describe('the pauses between polls', () => {
  it('250 ms doubling to 5 s and staying there: 250, 500, 1000, 2000, 4000, 5000, 5000', async () => {
    const { result, pauses } = await poll(60_000, (n) => n === 7);
    expect(pauses).toEqual([250, 500, 1000, 2000, 4000, 5000, 5000]);
    expect(result).toEqual({ timedOut: false, waitedMs: 17_750 });
  });

  it('done at the first poll: one poll, no pause', async () => {
    const { result, starts } = await poll(1000, () => true);
    expect(starts).toEqual([0]);
    expect(result).toEqual({ timedOut: false, waitedMs: 0 });
  });
});

describe('--wait-timeout is a deadline for everything', () => {
  it('a poll answered after 20 s with a 2 s deadline ends at 2 s, its request aborted', async () => {
    const { result, starts, signals } = await poll(2000, async (_n, s, clock) => (await clock.sleep(20_000, s), true));
    expect(result).toEqual({ timedOut: true, waitedMs: 2000 });
    expect(starts).toEqual([0]);
    expect(signals[0].aborted).toBe(true);
  });

  it('a poll answered 1 ms inside the deadline counts; the pause then stops at the deadline, with no poll at it', async () => {
    const { result, starts, signals } = await poll(2000, async (n, s, clock) => (await clock.sleep(n === 0 ? 1999 : 0, s), false));
    expect(starts).toEqual([0]);
    expect(signals[0].aborted).toBe(false);
    expect(result).toEqual({ timedOut: true, waitedMs: 2000 });
  });

  it('slow polls share the one deadline: no poll starts at or after it', async () => {
    const { result, starts } = await poll(2000, async (_n, s, clock) => (await clock.sleep(300, s), false));
    // 0 (answered 300) +250 → 550 (850) +500 → 1350 (1650) +1000 → cut at 2000.
    expect(starts).toEqual([0, 550, 1350]);
    expect(result).toEqual({ timedOut: true, waitedMs: 2000 });
  });
});

describe("a 429's Retry-After", () => {
  it('0 never polls faster than the backoff: 4 polls in 2 s, as without it', async () => {
    const { starts } = await poll(2000, () => ({ retryAfterMs: 0 }));
    expect(starts).toEqual([0, 250, 750, 1750]);
  });

  it('below the backoff, the backoff; above it, the Retry-After', async () => {
    const { pauses } = await poll(60_000, (n) => (n === 3 ? true : { retryAfterMs: [100, 3000, 499][n] }));
    expect(pauses).toEqual([250, 3000, 1000]);
  });

  it('past the deadline: waits only to the deadline, and says out of time', async () => {
    const { result, starts } = await poll(2000, () => ({ retryAfterMs: 60_000 }));
    expect(starts).toEqual([0]);
    expect(result).toEqual({ timedOut: true, waitedMs: 2000 });
  });
});

describe('stopping', () => {
  it('Ctrl-C during a poll that never answers: stopped at once, saying what was sent', async () => {
    const ctrlC = new AbortController();
    const run = poll(60_000, async (_n, s, clock) => (ctrlC.abort(), await clock.sleep(1e9, s), true), ctrlC.signal);
    await expect(run).rejects.toThrow(new InterruptedError('Stopped waiting for delivered (Ctrl-C): the send is done'));
  });

  it('a poll that fails: thrown with what was sent, its exit code kept', async () => {
    const run = poll(60_000, () => Promise.reject(new ApiError('status store down', 500)));
    await expect(run).rejects.toMatchObject({ message: 'status store down; stopped waiting for delivered: the send is done', exitCode: 7 });
  });
});
