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

  /** `failed`: told once of each listener that threw (the sandbox logs it). */
  constructor(private readonly failed: (err: unknown) => void = () => undefined) {}

  /** Listen; the returned function stops listening. */
  on(listener: SandboxListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A listener that throws is its own problem: the others, and the request, go on; it is logged. */
  emit(event: SandboxEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        this.failed(err);
      }
    }
  }
}
