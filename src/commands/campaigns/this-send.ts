// What one `campaigns send --wait` judges: the messages of this send, not the campaign's history.
// The service answers a send with no message ids (docs/service-api.md 4.5, 4.18), so this send's
// counts are the insights now less the insights read just before the send (the baseline); it is
// over when the whole audience the question named has reached the status or failed.
import { audienceSize } from '../../ops/audience.js';
import type { Target } from '../wait/wait.js';

export type Insights = Record<string, unknown>;

/** This send's messages: sent so far, at the target (read counts as delivered), failed, and how many are expected. */
export interface Share {
  sent: number;
  reached: number;
  failed: number;
  /** The audience from the baseline; without one, the messages counted sent so far. */
  expected: number;
}

const count = (i: Insights, k: string) => (typeof i[k] === 'number' && Number.isFinite(i[k]) ? (i[k] as number) : 0);

/** This send's part of the campaign's counts: `now` less `before` (never below 0: a count the service resets is not negative news). */
export function share(before: Insights, now: Insights, target: Target): Share {
  const grew = (k: string) => Math.max(0, count(now, k) - count(before, k));
  const sent = grew('sent');
  return { sent, reached: grew(target), failed: grew('failed'), expected: audienceSize(before) || sent };
}

/** Still on its way: expected, less reached and failed. */
export const pending = (s: Share) => Math.max(0, s.expected - s.reached - s.failed);

/** Over: something was expected (a first answer of `sent: 0` is not "all there"), and all of it was sent and settled. */
export const over = (s: Share) => s.expected > 0 && s.sent >= s.expected && pending(s) === 0;

/** `2 of 3 delivered, 1 failed, 0 not delivered yet`. */
export const shareText = (s: Share, target: Target) => `${s.reached} of ${s.expected} ${target}, ${s.failed} failed, ${pending(s)} not ${target} yet`;

/**
 * Messages of earlier sends not yet at the target when the baseline was read: if they settle
 * during this wait, the counts cannot tell them from this send's.
 */
export const inFlight = (before: Insights, target: Target) => Math.max(0, count(before, 'sent') - count(before, target) - count(before, 'failed'));
