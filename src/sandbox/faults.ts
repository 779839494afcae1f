// --fault OPERATION:STATUS[:RATE] and --latency MS|MIN-MAX: the sandbox misbehaves on purpose,
// for integrators (and our own batch tests) to try their retries. Parsed here, applied by the
// request pipeline (request.ts) after the key is checked and before the handler runs.
import { UsageError } from '../core/errors.js';
import type { Random } from './random.js';

export interface Fault {
  /** An operation id of the table (`chat.send`), or `*` for every route. */
  operation: string;
  /** An HTTP status to answer, `timeout` (never answer) or `reset` (drop the connection). */
  status: number | 'timeout' | 'reset';
  rate: number;
}

export interface Latency {
  min: number;
  max: number;
}

/**
 * Parse one --fault value. `names` maps what a user may write (the `operationId` of
 * `chatcrm openapi`, e.g. `chat_send`, or the table's id `chat.send`) to the table's id.
 */
export function parseFault(value: string, names: Map<string, string>): Fault {
  const bad = (why: string) => new UsageError(`--fault: ${why} in "${value}" (OPERATION:STATUS[:RATE], e.g. chat_send:503:0.5)`);
  const [name, status, rate, ...rest] = value.split(':');
  if (!name || status === undefined || rest.length) throw bad('expected OPERATION:STATUS[:RATE]');
  const operation = name === '*' ? '*' : names.get(name);
  if (!operation) throw bad(`unknown operation "${name}" (an operationId of \`chatcrm openapi\`, or *)`);
  let code: Fault['status'];
  if (status === 'timeout' || status === 'reset') code = status;
  else if (/^[1-5]\d\d$/.test(status) && Number(status) >= 200) code = Number(status);
  else throw bad(`STATUS must be an HTTP status from 200 to 599, timeout or reset, got "${status}"`);
  const r = rate === undefined ? 1 : Number(rate);
  if (rate === '' || !Number.isFinite(r) || r < 0 || r > 1) throw bad(`RATE must be a number from 0 to 1, got "${rate}"`);
  return { operation, status: code, rate: r };
}

export function parseLatency(value: string): Latency {
  const m = /^(\d+)(?:-(\d+))?$/.exec(value.trim());
  const min = Number(m?.[1]);
  const max = m?.[2] === undefined ? min : Number(m[2]);
  if (!m || max < min || max > 600_000) throw new UsageError(`--latency: must be milliseconds (MS) or a range (MIN-MAX) up to 600000, got "${value}"`);
  return { min, max };
}

/** The fault to play for a request to `operation`, if any draws true (the first listed wins). */
export function pickFault(faults: Fault[], operation: string | undefined, random: Random): Fault | undefined {
  return faults.find((f) => (f.operation === '*' || f.operation === operation) && (f.rate >= 1 || random() < f.rate));
}

export function delayOf(latency: Latency | undefined, random: Random): number {
  if (!latency) return 0;
  return latency.min + Math.floor(random() * (latency.max - latency.min + 1));
}
