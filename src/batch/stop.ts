// Why a run stops before its last row, and the signals that stop it. The first SIGINT, SIGTERM or
// SIGHUP drains (no more rows go out; the rows in flight finish and are journaled); a second one
// exits at once: every request that may have gone out has its intent on disk.
import { setMaxListeners } from 'node:events';
import { EXIT, type ExitCode } from '../core/errors.js';
import type { Host } from '../core/host.js';
import type { StopBy } from './types.js';

type Signal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';
const SIGNAL_EXIT: Record<Signal, ExitCode> = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangup };
export const isSignal = (by?: StopBy): by is Signal => by !== undefined && by in SIGNAL_EXIT;
export const signalExit = (by: Signal) => SIGNAL_EXIT[by];

export class Stop {
  /** Why the run stopped, once it has. */
  state?: { reason: string; by: StopBy };
  /** Aborted when the run stops: waits for a rate token end. */
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly unlisteners: (() => void)[] = [];
  private exit?: (code: number) => never;
  private onAbort?: () => void;

  /**
   * `waiters`: how many may wait on `signal` at once (every row in flight may wait for a rate
   * token, each with its own listener, removed when its wait ends). `changed`: called on a stop.
   */
  constructor(waiters: number, private readonly changed: () => void) {
    this.signal = this.controller.signal;
    setMaxListeners(waiters, this.signal);
  }

  /** Stopped for any reason but an unreadable input, which stops reading, not the rows already read. */
  get cancelled(): boolean {
    return this.state !== undefined && this.state.by !== 'input';
  }

  halt(reason: string, by: StopBy): void {
    const stop = this.state;
    // The first reason stands, except that a signal overrides a stop for another reason: whoever
    // sent it wants the run to end now, and the exit code (143, 129, 130) must say so.
    if (!stop || (isSignal(by) && !isSignal(stop.by))) {
      this.state = { reason: stop ? `${stop.reason}; then ${reason}` : reason, by };
      this.controller.abort();
    }
    this.changed();
  }

  /** SIGTERM and SIGHUP from now on, and Ctrl-C as `ctrlC` (the command's signal) says. */
  listen(ctrlC: AbortSignal, host: Pick<Host, 'onSignal' | 'exit'>): void {
    this.exit = (code) => host.exit(code);
    for (const name of ['SIGTERM', 'SIGHUP'] as const) this.unlisteners.push(host.onSignal(name, () => this.onSignal(name)));
    this.onAbort = () => this.onSignal('SIGINT');
    if (ctrlC.aborted) this.onAbort();
    else ctrlC.addEventListener('abort', this.onAbort, { once: true });
  }

  unlisten(ctrlC: AbortSignal): void {
    if (this.onAbort) ctrlC.removeEventListener('abort', this.onAbort);
    for (const off of this.unlisteners.splice(0)) off();
  }

  private onSignal(name: Signal): void {
    if (isSignal(this.state?.by) && this.exit) this.exit(SIGNAL_EXIT[name]);
    this.halt(`interrupted by ${name}`, name);
  }
}
