// --auto-status delivered,read, --status-delay, --fail-rate: every sent message moves on by
// itself, as the channel would report it. Whether a message fails is drawn when it is sent, so
// that --random-seed gives the same failures for the same sends.
import { moveStatus, type ChannelEnv, type Status } from './channel.js';
import type { Random } from './random.js';

export interface AutoStatusOptions {
  /** The statuses each sent message moves to, in order (delivered, then read). */
  statuses: Array<'delivered' | 'read'>;
  /** The pause before each move. */
  delayMs: number;
  /** The share of sent messages that fail instead (0–1). */
  failRate: number;
  random: Random;
}

export const FAIL_REASON = 'Simulated failure (--fail-rate): the recipient could not be reached';

/** Start moving sent messages; the returned function stops (pending moves are dropped). */
export function autoStatus(env: ChannelEnv, o: AutoStatusOptions): () => void {
  const timers = new Set<NodeJS.Timeout>();
  const steps = (['delivered', 'read'] as const).filter((s) => o.statuses.includes(s));
  const later = (id: string, chain: Status[]) => {
    if (!chain.length) return;
    const t = setTimeout(() => {
      timers.delete(t);
      const msg = env.store.get('messages', id);
      if (!msg) return;
      moveStatus(env, msg, chain[0], chain[0] === 'failed' ? { error: FAIL_REASON } : {});
      later(id, chain.slice(1));
    }, o.delayMs);
    timers.add(t);
  };
  const off = env.events.on((e) => {
    if (e.kind !== 'message' || e.message.direction === 'inbound') return;
    const fails = o.failRate > 0 && o.random() < o.failRate;
    later(e.message._id, fails ? ['failed'] : steps);
  });
  return () => {
    off();
    for (const t of timers) clearTimeout(t);
    timers.clear();
  };
}
