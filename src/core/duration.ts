// Durations as people type them (`500ms`, `30s`, `2m`): the sandbox's --status-delay and the
// --wait-timeout of the commands that wait read them alike.
import { UsageError } from './errors.js';

/** `1s`, `250ms`, `2m`: milliseconds. */
export function parseDelay(flag: string, value: string | number): number {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(String(value).trim());
  if (!m) throw new UsageError(`${flag}: must be a duration such as 500ms, 1s or 2m, got "${value}"`);
  return Math.round(Number(m[1]) * { ms: 1, s: 1000, m: 60_000 }[m[2] as 'ms' | 's' | 'm']);
}
