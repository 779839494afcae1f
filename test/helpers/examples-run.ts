// Runs groups of examples (helpers/examples.ts) as a user would, in a folder holding the files
// the examples name, against a fresh in-process sandbox per group, with the placeholders filled
// from that sandbox's records. A line that is one `chatcrm` command (shell-line.ts) runs
// in-process, in that folder; any other goes through `sh -c` with `chatcrm` on PATH.
import { execa } from 'execa';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { Store } from '../../src/sandbox/store.js';
import { BIN, HANG_MS, cleanEnv, inProcess, tempDir, type RunResult } from './cli.js';
import { docFixtures, type Example, type ExampleGroup } from './examples.js';
import { startTestSandbox } from './sandbox.js';
import { simpleLine } from './shell-line.js';

/**
 * Placeholder → the records it stands for: the Nth time a placeholder appears in a line, the
 * Nth newest live record of its collection when the line runs (so `create`, then `update
 * TAG_ID` acts on the tag just made, and `TAG_ID TAG_ID` names two tags).
 */
const PLACEHOLDERS: Record<string, { collection: string; field?: string }> = {
  FLOW_ID: { collection: 'flows' },
  EXECUTION_ID: { collection: 'executions' },
  CONTACT_ID: { collection: 'contacts' },
  SEGMENT_ID: { collection: 'segments' },
  TAG_ID: { collection: 'tags' },
  CUSTOM_FIELD_ID: { collection: 'custom_fields' },
  CURRENCY_ID: { collection: 'currencies' },
  SUBSCRIPTION_ID: { collection: 'subscriptions' },
  JOB_ID: { collection: 'exports', field: 'job_id' },
  CAMPAIGN_ID: { collection: 'campaigns' },
  TEAM_ID: { collection: 'teams' },
  TAX_ID: { collection: 'taxes' },
  QUICK_REPLY_ID: { collection: 'quick_replies' },
  CHATBOT_ID: { collection: 'chatbots' },
  MATERIAL_ID: { collection: 'reply_materials' },
  NOTIFICATION_ID: { collection: 'notifications' },
  MSG_ID: { collection: 'messages', field: 'message_id' },
};

const PLACEHOLDER = new RegExp(`(?<![\\w$])(${Object.keys(PLACEHOLDERS).join('|')})(?!\\w)`, 'g');

/** The API address in examples: the sandbox's. */
const API_URL = 'https://api.example.com';

/** The line with the API address and the placeholders replaced by the sandbox's (`ports`: the block's own sandboxes, by the port its lines name). */
export function fill(cmd: string, url: string, store: Store, ports: Map<number, string> = new Map()): string {
  const seen: Record<string, number> = {};
  const local = [...ports].reduce((line, [port, at]) => line.replace(new RegExp(`http://127\\.0\\.0\\.1:${port}(?!\\d)`, 'g'), at), cmd);
  return local.replaceAll(API_URL, url).replace(PLACEHOLDER, (name: string) => {
    const { collection, field = '_id' } = PLACEHOLDERS[name];
    const n = (seen[name] = (seen[name] ?? 0) + 1);
    const record = store.list(collection).at(-n);
    if (!record) throw new Error(`${name}: the sandbox has fewer than ${n} live ${collection}`);
    return String(record[field]);
  });
}

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;

/**
 * Files the examples name that no doc shows in full: media and documents (a few bytes of the
 * right kind), small request bodies, secrets. Placeholders in them are filled when a group starts.
 */
function otherFixtures(docs: Record<string, string>): Record<string, string | Buffer> {
  return {
    'photo.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0xff, 0xd9]),
    'logo.png': Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
    'invoice-4711.pdf': PDF,
    'handbook.pdf': PDF,
    'prices.pdf': PDF,
    'prices-2025.pdf': PDF,
    'price-list.pdf': PDF,
    'faq.txt': 'Q: When are you open?\nA: 9-17, Monday to Friday.\n',
    'secret.txt': 'my-app-secret\n',
    'new-pw.txt': 'a-new-password\n',
    'flow.json': json(parse(docs['flow.yaml'])),
    'broken.yaml': docs['flow.yaml'].replace('goto: hours', 'goto: hourz'),
    'screens.yaml': 'return_to: main\nscreens:\n  main:\n    type: menu\n    body: How can we help?\n    button: Menu\n    sections:\n      - options: [{ title: Start again, goto: main }]\n',
    'team.json': json({ name: 'Night shift', members: ['dee@example.com'] }),
    'reply.json': json({ title: 'Refunds', message: 'Refunds take 5 working days.' }),
    'status.json': json({ message_ids: ['MSG_ID'], status: 'read' }),
    'action.json': json({ contact_id: 'CONTACT_ID', status: 'customer' }),
    'contact.json': json({ phone_number: '15559876543', name: 'Grace Hopper' }),
    'ids.json': json({ ids: ['CURRENCY_ID'] }),
  };
}

/** A folder with `chatcrm` (the built CLI) as a command, for `sh -c`. */
function binDir(): string {
  const dir = tempDir('chatcrm-bin-');
  writeFileSync(join(dir, 'chatcrm'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(join(dir, 'chatcrm'), 0o755);
  return dir;
}

let bin: string | undefined;

function killGroup(pid: number | undefined): void {
  try {
    if (pid) process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is gone: every process of the line ended.
  }
}

export interface Outcome {
  example: Example;
  /** The line as run, placeholders filled. */
  ran: string;
  exitCode: number;
  stderr: string;
  /** Requests the sandbox received during the example. */
  requests: number;
}

/** Run a group in order against a fresh sandbox; the examples marked not runnable are left out. */
export async function runGroup(group: ExampleGroup): Promise<Outcome[]> {
  bin ??= binDir();
  // `chatcrm sandbox` makes a random verify token; the examples name the one the README lists.
  const sb = await startTestSandbox({ verifyToken: 'sandbox-verify-token' });
  const dir = tempDir('chatcrm-examples-');
  const configDir = join(dir, '.config');
  mkdirSync(configDir);
  const docs = docFixtures();
  for (const [name, content] of Object.entries({ ...docs, ...otherFixtures(docs) })) writeFileSync(join(dir, name), typeof content === 'string' ? fill(content, sb.url, sb.store) : content);
  // The sandboxes the block's lines start (`chatcrm sandbox --port N`), in-process, each on a free port.
  const servers = group.examples.filter((e) => e.serves);
  const own = await Promise.all(servers.map((e) => startTestSandbox({ verifyToken: 'sandbox-verify-token', ...(e.serves!.apiKey ? { apiKey: e.serves!.apiKey } : {}) })));
  const ports = new Map(servers.map((e, i) => [e.serves!.port, own[i].url]));
  // What the sandbox banner's `Use it:` line exports, and a home of its own; a block with sandboxes
  // of its own works through profiles, as its reader does (the variables would win over them).
  const use = servers.length ? { CHATCRM_BASE_URL: undefined, CHATCRM_API_KEY: undefined } : { ...sb.env, CHATCRM_WEBHOOK_SECRET: sb.config.webhookSecret };
  const env = cleanEnv({ ...use, HOME: dir, PATH: `${bin}:${process.env.PATH}` }, configDir);
  const out: Outcome[] = [];
  try {
    for (const example of group.examples) {
      if (example.notRun || example.serves) continue;
      let ran: string;
      try {
        ran = fill(example.cmd, sb.url, sb.store, ports);
      } catch (err) {
        out.push({ example, ran: example.cmd, exitCode: -1, stderr: (err as Error).message, requests: 0 });
        continue;
      }
      const before = sb.requestCount;
      const r = (await inFolder(ran, dir, env)) ?? (await throughSh(ran, dir, env));
      out.push({ example, ran, exitCode: r.exitCode, stderr: r.stderr, requests: sb.requestCount - before });
    }
  } finally {
    await Promise.all([sb, ...own].map((s) => s.close()));
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** A line through `sh -c`, in a process group of its own, killed whole: a line that hangs (a server) leaves nothing behind. */
async function throughSh(line: string, dir: string, env: Record<string, string | undefined>): Promise<RunResult> {
  const run = execa('sh', ['-c', line], { cwd: dir, env, extendEnv: false, reject: false, input: '', detached: true });
  const timer = setTimeout(() => killGroup(run.pid), HANG_MS);
  const r = await run.finally(() => {
    clearTimeout(timer);
    killGroup(run.pid);
  });
  const stderr = r.signal ? `${String(r.stderr)}\nkilled by ${r.signal}: still running after ${HANG_MS / 1000} s` : String(r.stderr);
  return { stdout: String(r.stdout), stderr, exitCode: r.exitCode ?? -1 };
}

/**
 * One at a time in this process: a run resolves its relative paths against the working folder,
 * which is the process's. Lines of groups that run at once take turns.
 */
let turn: Promise<unknown> = Promise.resolve();

/** A simple line (shell-line.ts) in-process, in `dir`; undefined for any other. */
function inFolder(line: string, dir: string, env: Record<string, string | undefined>): Promise<RunResult> | undefined {
  const simple = simpleLine(line);
  // A missing input file is the shell's error to report.
  if (!simple || (simple.stdin !== undefined && !existsSync(join(dir, simple.stdin)))) return undefined;
  const run = turn.then(async () => {
    const home = process.cwd();
    process.chdir(dir);
    try {
      const input = simple.stdin === undefined ? '' : readFileSync(simple.stdin);
      const r = await inProcess(simple.args, { env, input });
      if (simple.stdout !== undefined) writeFileSync(simple.stdout, r.stdout);
      return r;
    } finally {
      process.chdir(home);
    }
  });
  turn = run.catch(() => undefined);
  return run;
}

/** What is wrong with an outcome, or undefined: the exit code marked, no stack trace, nothing sent for bad input. */
export function problem(o: Outcome): string | undefined {
  const where = `${o.example.source}: ${o.ran}`;
  if (o.exitCode !== o.example.exit) return `${where}\n  exit ${o.exitCode}, expected ${o.example.exit}: ${o.stderr.trim().split('\n').slice(-3).join(' | ')}`;
  if (/^\s+at .+:\d+:\d+\)?$/m.test(o.stderr)) return `${where}\n  a stack trace on stderr`;
  if (o.example.exit === 2 && o.requests > 0) return `${where}\n  exit 2 but ${o.requests} request(s) sent`;
  return undefined;
}
