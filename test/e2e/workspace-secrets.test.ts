// Issue 41, items 1 and 2: a workspace file reads only CHATCRM_WS_* variables, never prints a
// value it filled in (plans, diffs, dry runs, -o json, errors), refuses an empty one without a
// default; a secret-named field is masked yet written exactly and settles; a field the server
// owns is a list per area, so a record's own max_tokens, *_count and *_at round-trip.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Fault } from '../../src/sandbox/faults.js';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let a: TestSandbox;
let b: TestSandbox;
const faults: Fault[] = [];
const dir = tempDir('chatcrm-ws-secrets-');
const SECRET = 'ghp_S3cr3tV4lue0123456789abcdef';
const env = { CHATCRM_WS_TOKEN: SECRET };

const write = (name: string, text: string) => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};
const writes = (sb: TestSandbox) => sb.received.filter((r) => r.method !== 'GET' && r.operation !== undefined);
const bot = (sb: TestSandbox, name: string) => sb.store.list('chatbots', (d) => d.name === name)[0];

const FILE = [
  'version: 1',
  'tags:',
  '  - name: "k-${env:CHATCRM_WS_TOKEN}"',
  '    color: "#FF8800"',
  'quick_replies:',
  '  - title: Hotline',
  '    message: "${env:CHATCRM_WS_TOKEN}"',
  'chatbots:',
  '  - name: Secret bot',
  '    webhook_token: "${env:CHATCRM_WS_TOKEN}"',
  '',
].join('\n');

beforeAll(async () => {
  [a, b] = await Promise.all([startTestSandbox(), startTestSandbox({ faults })]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe('${env:NAME} in a workspace file', () => {
  it('a name without the CHATCRM_WS_ prefix is exit 2 naming the rule in validate, diff and sync, nothing sent, the value never shown', async () => {
    const f = write('gh.yaml', 'version: 1\ntags:\n  - name: "gh-${env:GITHUB_TOKEN}"\n    color: "#FF8800"\n');
    const rule = /gh\.yaml:3: \$\{env:GITHUB_TOKEN\}: a workspace file reads only variables named CHATCRM_WS_\* \(GITHUB_TOKEN is not one\)/;
    for (const args of [['validate', f], ['diff', f], ['sync', f, '--yes'], ['sync', f, '--dry-run']]) {
      const r = await b.refused(['workspace', ...args], rule, { env: { GITHUB_TOKEN: SECRET } });
      expect(r.stderr).not.toContain(SECRET);
    }
  });

  it('an empty value is exit 2 naming it; with a default, the default is written', async () => {
    const f = write('empty.yaml', 'version: 1\nquick_replies:\n  - title: Desk\n    message: "Call ${env:CHATCRM_WS_DESK}"\n');
    await b.refused(['workspace', 'diff', f], /empty\.yaml:4: \$\{env:CHATCRM_WS_DESK\}: environment variable CHATCRM_WS_DESK is empty \(give a default: \$\{env:CHATCRM_WS_DESK:-default\}\)/, { env: { CHATCRM_WS_DESK: '' } });
    const g = write('default.yaml', 'version: 1\nquick_replies:\n  - title: Desk\n    message: "Call ${env:CHATCRM_WS_DESK:-the front desk}"\n');
    const r = await b.run(['workspace', 'sync', g, '--yes'], { env: { CHATCRM_WS_DESK: '' } });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(b.calls('quickReplies.create').at(-1)!.body).toEqual({ title: 'Desk', message: 'Call the front desk' });
  });

  it('a filled-in value is never printed: validate, diff, diff -o json, sync --dry-run (-o json), a failed sync, sync (its plan, --verbose), diff --verbose after it; the server gets it exactly', async () => {
    const f = write('secret.yaml', FILE);
    const outputs: string[] = [];
    const run = async (args: string[], code = 0) => {
      const r = await b.run(['workspace', ...args], { env });
      outputs.push(r.stdout, r.stderr);
      expect(r.exitCode, r.stderr).toBe(code);
      return r;
    };
    await run(['validate', f]);
    const invalid = write('dup.yaml', `${FILE}  - name: "\${env:CHATCRM_WS_TOKEN}"\n  - name: " \${env:CHATCRM_WS_TOKEN}"\n`);
    const v = await run(['validate', invalid], 2);
    expect(v.stderr).toContain('chatbots[2].name: duplicate: chatbots[1] has the same name " ${env:CHATCRM_WS_TOKEN}"');
    expect((await run(['validate', invalid, '-o', 'json'], 2)).stdout).toContain('${env:CHATCRM_WS_TOKEN}');
    const d = await run(['diff', f, '--exit-code'], 9);
    expect(d.stdout).toContain('tags\n  + k-${env:CHATCRM_WS_TOKEN}\n      color: "#FF8800"\n');
    expect(d.stdout).toContain('quick_replies\n  + Hotline\n      message: "${env:CHATCRM_WS_TOKEN}"\n');
    expect(d.stdout).toContain('chatbots\n  + Secret bot\n      webhook_token: "(sensitive)"\n');
    const j = JSON.parse((await run(['diff', f, '-o', 'json'])).stdout);
    expect(j.changes[0]).toEqual({ action: 'create', area: 'tags', key: 'k-${env:CHATCRM_WS_TOKEN}', record: { name: 'k-${env:CHATCRM_WS_TOKEN}', color: '#FF8800' } });
    const dry = await run(['sync', f, '--dry-run']);
    expect(dry.stdout).toContain('"name": "k-${env:CHATCRM_WS_TOKEN}"');
    expect(dry.stdout).toContain('"message": "${env:CHATCRM_WS_TOKEN}"');
    expect((await run(['sync', f, '--dry-run', '-o', 'json'])).stdout).toContain('"name": "k-${env:CHATCRM_WS_TOKEN}"');
    expect(writes(b).filter((r) => r.operation !== 'quickReplies.create')).toEqual([]);

    faults.push({ operation: 'tags.create', status: 500, rate: 1 });
    const failed = await run(['sync', f, '--yes', '--retries', '0'], 7);
    faults.length = 0;
    expect(failed.stderr).toMatch(/tags "k-\$\{env:CHATCRM_WS_TOKEN\}": /);

    const s = await run(['sync', f, '--yes', '--verbose']);
    expect(s.stdout).toContain('  + k-${env:CHATCRM_WS_TOKEN}\n');
    expect(s.stderr).toMatch(/^Synced: 3 created, 0 updated, 0 deleted, 0 failed$/m);
    expect(b.calls('tags.create').at(-1)!.body).toEqual({ name: `k-${SECRET}`, color: '#FF8800' });
    expect(b.calls('quickReplies.create').at(-1)!.body).toEqual({ title: 'Hotline', message: SECRET });
    expect(b.calls('chatbots.create').at(-1)!.body).toEqual({ name: 'Secret bot', webhook_token: SECRET });
    // The answers now hold what the variables gave: a traced read shows them as the file wrote them.
    expect((await run(['diff', f, '--verbose'])).stderr).toMatch(/< .*"name":"k-\$\{env:CHATCRM_WS_TOKEN\}"/);
    for (const out of outputs) expect(out).not.toContain(SECRET);
  });

  it('a secret-named field settles: after the sync, diff --exit-code is 0; a new value is an update, masked on both sides', async () => {
    const f = write('secret.yaml', FILE);
    const d = await b.run(['workspace', 'diff', f, '--exit-code'], { env });
    expect(d.exitCode, d.stdout).toBe(0);
    const r = await b.run(['workspace', 'diff', f, '--exit-code', '--only', 'chatbots'], { env: { CHATCRM_WS_TOKEN: 'rotated-0123456789' } });
    expect(r.exitCode).toBe(9);
    expect(r.stdout).toContain('chatbots\n  ~ Secret bot\n      webhook_token: "(sensitive)" → "(sensitive)"\n');
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/rotated|S3cr3t/);
  });

  it('a secret the service does not return is not comparable (never a change), and never dumped', async () => {
    const f = write('secret.yaml', FILE);
    delete bot(b, 'Secret bot').webhook_token;
    const d = await b.run(['workspace', 'diff', f, '--exit-code'], { env });
    expect(d.exitCode, d.stdout).toBe(0);
    expect(d.stdout).toBe('chatbots\n  = Secret bot: webhook_token: not comparable (the service does not show it: sent on create only)\nNo changes: the workspace matches the file.\n');
    const before = writes(b).length;
    expect((await b.run(['workspace', 'sync', f, '--yes'], { env })).exitCode).toBe(0);
    expect(writes(b).length).toBe(before);
    b.store.update('chatbots', bot(b, 'Secret bot')._id, { webhook_token: SECRET });
    const dump = await b.run(['workspace', 'dump', '--only', 'chatbots']);
    expect(dump.stdout).toContain('  - name: Secret bot\n');
    expect(dump.stdout).not.toMatch(/webhook_token|S3cr3t/);
  });
});

describe('fields the server owns: a list per area', () => {
  it('a record\'s own max_tokens, *_count and *_at are dumped, synced and settle; ids, times and training are not', async () => {
    a.store.insert('chatbots', { name: 'Tuned bot', max_tokens: 512, retry_count: 2, expires_at: '2027-01-01T00:00:00Z', status: 'trained', training_runs: 3 });
    const dump = await a.run(['workspace', 'dump', '--only', 'chatbots']);
    expect(dump.exitCode, dump.stderr).toBe(0);
    expect(dump.stdout).toContain('  - name: Tuned bot\n    expires_at: 2027-01-01T00:00:00Z\n    max_tokens: 512\n    retry_count: 2\n');
    expect(dump.stdout).not.toMatch(/_id|created_at|updated_at|training_runs|status|__v/);
    const s = await b.run(['workspace', 'sync', '-', '--yes'], { input: dump.stdout });
    expect(s.exitCode, s.stderr).toBe(0);
    expect(b.calls('chatbots.create').at(-1)!.body).toEqual({ name: 'Tuned bot', expires_at: '2027-01-01T00:00:00Z', max_tokens: 512, retry_count: 2 });
    const d = await b.run(['workspace', 'diff', '-', '--exit-code'], { input: dump.stdout });
    expect(d.exitCode, d.stdout).toBe(0);
  });

  it('a file that sets one is refused by validate, naming it', async () => {
    const f = write('owned.yaml', 'version: 1\nflows:\n  - name: F\n    keyword: k\n    is_active: true\n');
    await b.refused(['workspace', 'validate', f], /owned\.yaml:5: flows\[0\]\.is_active: set by the server from `status`: write `status: draft`, `active` or `paused`/);
  });
});
