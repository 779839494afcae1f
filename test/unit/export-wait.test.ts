// contacts export-status --wait on a fake clock: a poll every --interval, the last one allowed
// on the deadline itself (--wait-timeout), none after it; Ctrl-C ends the wait when it comes.
import { describe, expect, it } from 'vitest';
import { readJob } from '../../src/commands/contacts/export-status.js';
import type { Context } from '../../src/runtime/context.js';
import { InterruptedError } from '../../src/core/errors.js';
import { fakeClock } from '../helpers/fake-clock.js';

/** readJob with the job `completed` from `doneAt` ms on (never when undefined); when each read was made. */
function setup(doneAt?: number, signal = new AbortController().signal) {
  const clock = fakeClock();
  const reads: number[] = [];
  const call = async () => {
    reads.push(clock.now());
    return { status: 200, headers: {}, body: { success: true, data: { status: doneAt !== undefined && clock.now() >= doneAt ? 'completed' : 'processing' } } };
  };
  const ctx = { signal, clock, api: async () => ({ call }), io: { spinner: async () => undefined } } as unknown as Context;
  const wait = (timeoutMs: number) => clock.run(readJob(ctx, 'job1', { wait: true, timeoutMs, intervalMs: 1000 }));
  return { clock, reads, wait };
}

describe('export-status --wait', () => {
  it('a job done at the poll that falls on the deadline: completed', async () => {
    const { reads, wait } = setup(3000);
    expect((await wait(3000)).job.status).toBe('completed');
    expect(reads).toEqual([0, 1000, 2000, 3000]);
  });

  it('a job done a poll after it: out of time at the deadline, no poll past it', async () => {
    const { clock, reads, wait } = setup(4000);
    await expect(wait(3000)).rejects.toMatchObject({ code: 'timeout', message: 'export job1 is still processing after 3s; run export-status again later' });
    expect(reads).toEqual([0, 1000, 2000, 3000]);
    expect(clock.now()).toBe(3000);
  });

  it('Ctrl-C between polls: interrupted when it comes', async () => {
    const ctrlC = new AbortController();
    const { clock, reads, wait } = setup(undefined, ctrlC.signal);
    void clock.sleep(1500).then(() => ctrlC.abort(new InterruptedError()));
    await expect(wait(60_000)).rejects.toBeInstanceOf(InterruptedError);
    expect(reads).toEqual([0, 1000]);
    expect(clock.now()).toBe(1500);
  });
});
