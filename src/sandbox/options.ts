// The sandbox's flags (`chatcrm sandbox --auto-status ... --fault ...`) and the options of
// `startSandbox` from 'chatcrm/sandbox', which mirror them, checked and turned into
// SandboxOptions in one place: a bad value is a usage error naming the flag.
import { parseDelay } from '../core/duration.js';
import { operationNames } from '../describe/tool-names.js';
import { UsageError } from '../core/errors.js';
import { parseFault, parseLatency } from './faults.js';
import { loadSeedFile } from './seed-file.js';
import type { SandboxOptions } from './server.js';

export interface SandboxFlags {
  /** 0 picks a free port; absent: the --state file's port, or a free one. */
  port?: string | number;
  host?: string;
  /** Keep records, key, secret and tokens in this file across starts. */
  state?: string;
  apiKey?: string;
  webhookSecret?: string;
  verifyToken?: string;
  /** A YAML or JSON seed file (senders, contacts, tags, templates, flows, plan features, key, secret). */
  seed?: string;
  seedRecords?: string | number;
  /** `delivered,read` (a string, or a list): every sent message moves on by itself. */
  autoStatus?: string | string[];
  /** `1s`, `500ms`, `2m`, or milliseconds as a number. */
  statusDelay?: string | number;
  failRate?: string | number;
  randomSeed?: string | number;
  /** Your app's webhook URL(s): inbound messages and status changes are POSTed there, signed. */
  forwardTo?: string | string[];
  /** `OPERATION:STATUS[:RATE]`, e.g. `chat_send:503:0.5`. */
  fault?: string | string[];
  /** Milliseconds, or `MIN-MAX`. */
  latency?: string | number;
  /** The newest messages kept (default 10,000; 0 keeps all); records are never dropped. */
  maxMessages?: string | number;
  /** The newest requests the log keeps (default 1,000; 0 keeps all). */
  maxRequests?: string | number;
}

const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

function wholeNumber(flag: string, value: string | number | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (String(value).trim() === '' || !Number.isInteger(n) || n < min || n > max) throw new UsageError(`${flag}: must be a whole number from ${min} to ${max}, got "${value}"`);
  return n;
}

function autoStatuses(value: string | string[] | undefined): Array<'delivered' | 'read'> | undefined {
  if (value === undefined) return undefined;
  const words = list(value).flatMap((v) => v.split(',')).map((w) => w.trim().toLowerCase());
  for (const w of words) if (w !== 'delivered' && w !== 'read') throw new UsageError(`--auto-status: must be delivered, read or delivered,read, got "${w}"`);
  return words as Array<'delivered' | 'read'>;
}

function rate(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (String(value).trim() === '' || !Number.isFinite(n) || n < 0 || n > 1) throw new UsageError(`--fail-rate: must be a number from 0 to 1, got "${value}"`);
  return n;
}

function forwardUrls(value: string | string[] | undefined): string[] {
  return list(value).map((u) => {
    let url: URL;
    try {
      url = new URL(u);
    } catch {
      throw new UsageError(`--forward-to: not a URL: "${u}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`--forward-to: must be an http or https URL, got "${u}"`);
    return url.href;
  });
}

/** Check the flags. */
export async function sandboxOptions(f: SandboxFlags): Promise<SandboxOptions> {
  const faults = list(f.fault);
  const names = faults.length ? operationNames() : new Map<string, string>();
  return {
    // Absent: the --state file's port, or a free one (server.ts).
    port: wholeNumber('--port', f.port, 0, 65535),
    // `[::1]` as a URL writes it; listen() wants the bare address.
    host: String(f.host ?? '127.0.0.1').replace(/^\[(.*)\]$/, '$1'),
    stateFile: f.state,
    apiKey: f.apiKey,
    webhookSecret: f.webhookSecret,
    verifyToken: f.verifyToken,
    seed: f.seed === undefined ? undefined : loadSeedFile(f.seed),
    seedRecords: wholeNumber('--seed-records', f.seedRecords, 1, 100_000),
    autoStatus: autoStatuses(f.autoStatus),
    statusDelayMs: f.statusDelay === undefined ? undefined : parseDelay('--status-delay', f.statusDelay),
    failRate: rate(f.failRate),
    randomSeed: wholeNumber('--random-seed', f.randomSeed, 0, 2 ** 32 - 1),
    forwardTo: forwardUrls(f.forwardTo),
    faults: faults.map((v) => parseFault(v, names)),
    latency: f.latency === undefined ? undefined : parseLatency(String(f.latency)),
    maxMessages: wholeNumber('--max-messages', f.maxMessages, 0, 100_000_000),
    maxRequests: wholeNumber('--max-requests', f.maxRequests, 0, 100_000_000),
  };
}
