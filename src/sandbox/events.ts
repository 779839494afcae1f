// What happens in the sandbox, for whoever watches: the inspector's live page (Server-Sent
// Events), forwarding to the integrator's app, and `--auto-status`. Handlers emit; nothing
// they do waits on a listener.
import type { Doc } from './store.js';

export type SandboxEvent =
  /** An outbound message was recorded (a send) or an inbound one received (a customer wrote). */
  | { kind: 'message'; message: Doc }
  /** A message's status moved (delivered, read, failed). */
  | { kind: 'status'; message: Doc }
  /** A request was answered (the request log). */
  | { kind: 'request'; request: Record<string, unknown> }
  /** A forward attempt to the integrator's app started or ended. */
  | { kind: 'delivery'; delivery: Record<string, unknown> }
  /** Some other record changed (flows, templates, contacts...). */
  | { kind: 'change'; collection?: string }
  /** Back to the seed. */
  | { kind: 'reset' };

export type SandboxListener = (event: SandboxEvent) => void;

export class SandboxEvents {
  private readonly listeners = new Set<SandboxListener>();
  /** Events of the request in progress, told when it succeeds (see held). */
  private queue: SandboxEvent[] | undefined;

  /** `failed`: told once of each listener that threw (the sandbox logs it). */
  constructor(private readonly failed: (err: unknown) => void = () => undefined) {}

  /** Listen; the returned function stops listening. */
  on(listener: SandboxListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Run `fn` with its events held back: told once it returns, dropped when it throws (a
   * request whose writes were undone told the page, forwarding and --auto-status nothing).
   */
  held<T>(fn: () => T): T {
    if (this.queue) return fn();
    const queue: SandboxEvent[] = (this.queue = []);
    let out: T;
    try {
      out = fn();
    } finally {
      this.queue = undefined;
    }
    for (const event of queue) this.emit(event);
    return out;
  }

  /** A listener that throws is its own problem: the others, and the request, go on; it is logged. */
  emit(event: SandboxEvent): void {
    if (this.queue) return void this.queue.push(event);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.failed(err);
      }
    }
  }
}
