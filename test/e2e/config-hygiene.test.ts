// Files and config (issue #10, item 8): a private config dir, credentials nobody else can read
// or swap, and every broken input — an alias bomb, a corrupt --state file, a key holding a line
// break, an unparsable credentials file — ends as one clear line and its documented exit code.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const mode = (path: string) => statSync(path).mode & 0o777;

/** A config dir holding `credentials.json` with `text` and `fileMode`. */
function withCredentials(text: string, fileMode = 0o600): { dir: string; file: string } {
  const dir = tempDir();
  chmodSync(dir, 0o700);
  const file = join(dir, 'credentials.json');
  writeFileSync(file, text, { mode: fileMode });
  chmodSync(file, fileMode);
  return { dir, file };
}

/** Run without CHATCRM_API_KEY, so the stored key is used; nothing may reach the sandbox. */
async function refusedWithStoredKey(dir: string, message: RegExp, code: number) {
  const before = sb.requestCount;
  const r = await runCli(['tags', 'list'], { configDir: dir, env: { CHATCRM_BASE_URL: sb.url } });
  expect(r.stderr).toMatch(message);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.exitCode).toBe(code);
  expect(r.stdout).toBe('');
  expect(sb.requestCount).toBe(before);
  return r;
}

describe('the config dir and the credentials file', () => {
  it('login creates the config dir 0700 and the credentials 0600, and takes back a loosened dir', async () => {
    const dir = join(tempDir(), 'nested', 'chatcrm');
    const login = () => runCli(['login', '--profile', 'p', '--base-url', sb.url, '--with-key'], { configDir: dir, input: sb.config.apiKey });
    expect((await login()).exitCode).toBe(0);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, 'credentials.json'))).toBe(0o600);
    chmodSync(dir, 0o755);
    expect((await runCli(['profiles', 'set', 'default-sender', 'wa_snd_cloud_0001', '--profile', 'p'], { configDir: dir })).exitCode).toBe(0);
    expect(mode(dir)).toBe(0o700);
  });

  it('a shared dir (CHATCRM_CONFIG_DIR=/tmp-like, holding other files) is not chmod-ed; the credentials still are 0600', async () => {
    const dir = tempDir();
    chmodSync(dir, 0o1777);
    writeFileSync(join(dir, 'someone-else.txt'), '');
    const r = await runCli(['login', '--base-url', sb.url, '--with-key'], { configDir: dir, input: sb.config.apiKey });
    expect(r.exitCode).toBe(0);
    expect(statSync(dir).mode & 0o7777).toBe(0o1777);
    expect(mode(join(dir, 'credentials.json'))).toBe(0o600);
  });

  it('a credentials file readable by others is refused (exit 3) with the chmod that fixes it; login repairs it', async () => {
    const { dir, file } = withCredentials(JSON.stringify({ profiles: { default: sb.config.apiKey } }), 0o644);
    const r = await refusedWithStoredKey(dir, /can be read by others \(mode 0644\)/, 3);
    expect(r.stderr).toContain(`chmod 600 '${file}'`);
    chmodSync(file, 0o640);
    await refusedWithStoredKey(dir, /mode 0640/, 3);
    // doctor says the same, not "no key".
    const doctor = await runCli(['doctor'], { configDir: dir, env: { CHATCRM_BASE_URL: sb.url } });
    expect(doctor.stdout + doctor.stderr).toMatch(/can be read by others \(mode 0640\).*chmod 600/);
    expect(doctor.exitCode).toBe(3);
    // The fix it names works.
    chmodSync(file, 0o600);
    expect((await runCli(['tags', 'list'], { configDir: dir, env: { CHATCRM_BASE_URL: sb.url } })).exitCode).toBe(0);
    // Writing re-applies 0600.
    chmodSync(file, 0o644);
    const login = await runCli(['login', '--base-url', sb.url, '--with-key'], { configDir: dir, input: sb.config.apiKey });
    expect(login.exitCode).toBe(0);
    expect(mode(file)).toBe(0o600);
  });

  // Only root can give a file away; CI (.ci/run installs packages) runs as root.
  it.runIf(process.getuid?.() === 0)('a credentials file owned by another user is refused (exit 3) with the chown and chmod that fix it', async () => {
    const { dir, file } = withCredentials(JSON.stringify({ profiles: { default: sb.config.apiKey } }));
    const nobody = 65534;
    chownSync(file, nobody, nobody);
    const r = await refusedWithStoredKey(dir, /credentials\.json is owned by another user \(uid 65534\); refusing to use the keys in it/, 3);
    const fix = `sudo chown "$(id -u)" '${file}' && chmod 600 '${file}'`;
    expect(r.stderr.trim()).toBe(`Error: ${file} is owned by another user (uid 65534); refusing to use the keys in it. Fix: ${fix}`);
    const doctor = await runCli(['doctor'], { configDir: dir, env: { CHATCRM_BASE_URL: sb.url } });
    expect(doctor.stdout + doctor.stderr).toMatch(/owned by another user \(uid 65534\).*chown/);
    expect(doctor.exitCode).toBe(3);
    // The fix it names works (root needs no sudo).
    execFileSync('sh', ['-c', fix.replace(/^sudo /, '')]);
    expect(statSync(file).uid).toBe(0);
    const fixed = await runCli(['tags', 'list', '--json'], { configDir: dir, env: { CHATCRM_BASE_URL: sb.url } });
    expect(fixed.exitCode).toBe(0);
    expect(sb.received.at(-1)).toMatchObject({ operation: 'tags.list', headers: expect.objectContaining({ 'x-api-key': sb.config.apiKey }) });
  });

  it('a write removes the temporary credentials files of writers that died (they hold keys), not those of running ones', async () => {
    const { dir } = withCredentials(JSON.stringify({ profiles: { default: sb.config.apiKey } }));
    const gone = spawnSync('node', ['-e', '']).pid;
    const stale = join(dir, `credentials.json.${gone}.tmp`);
    const live = join(dir, `credentials.json.${process.ppid}.tmp`);
    for (const f of [stale, live]) writeFileSync(f, JSON.stringify({ profiles: { default: 'half-written-key' } }), { mode: 0o600 });
    const r = await runCli(['login', '--profile', 'ci', '--base-url', sb.url, '--with-key'], { configDir: dir, input: sb.config.apiKey });
    expect(r.exitCode).toBe(0);
    expect(readdirSync(dir).filter((f) => f.endsWith('.tmp'))).toEqual([`credentials.json.${process.ppid}.tmp`]);
    expect(sb.received.at(-1)).toMatchObject({ operation: 'auth.profile', headers: expect.objectContaining({ 'x-api-key': sb.config.apiKey }) });
  });

  it('a credentials file that is a symlink is refused (exit 3)', async () => {
    const elsewhere = withCredentials(JSON.stringify({ profiles: { default: sb.config.apiKey } }));
    const dir = tempDir();
    chmodSync(dir, 0o700);
    symlinkSync(elsewhere.file, join(dir, 'credentials.json'));
    await refusedWithStoredKey(dir, /credentials\.json is a symbolic link; refusing to use the keys in it/, 3);
  });

  it('an unparsable credentials file (a bare key) is exit 2 and never shows the key', async () => {
    const key = 'sk_live_Zq8RtY2wPx5vLm3n';
    const { dir } = withCredentials(`${key}\n`);
    const r = await refusedWithStoredKey(dir, /credentials\.json: not valid JSON/, 2);
    for (let i = 0; i + 4 <= key.length; i++) expect(r.stderr).not.toContain(key.slice(i, i + 4));
  });

  it('a key holding a line break, from the environment or stored: one clear line, exit 3, nothing sent', async () => {
    const before = sb.requestCount;
    const env = await runCli(['tags', 'list'], { env: { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: `${sb.config.apiKey}\nX-Evil: 1` } });
    expect(env.stderr).toMatch(/^Error: CHATCRM_API_KEY: the key holds a line break/);
    expect(env.stderr.trim().split('\n')).toHaveLength(1);
    expect(env.stderr).not.toContain(sb.config.apiKey);
    expect(env.exitCode).toBe(3);
    expect(sb.requestCount).toBe(before);
    const { dir } = withCredentials(JSON.stringify({ profiles: { default: `${sb.config.apiKey}\r\n` } }));
    await refusedWithStoredKey(dir, /the stored key of profile "default".*holds a line break/, 3);
    const doctor = await runCli(['doctor'], { configDir: dir, env: { CHATCRM_BASE_URL: sb.url } });
    expect(doctor.stdout).toMatch(/✗ key +the stored key of profile "default".*holds a line break/);
    expect(doctor.exitCode).toBe(3);
  });

  it.each(['sk_live_ключ€123', 'sk_live_clé'])('a key outside printable ASCII (%s), from the environment, stored or given to login: one clear line, nothing sent', async (key) => {
    const before = sb.requestCount;
    const outside = /the key holds a character outside printable ASCII, which an HTTP header cannot carry; give (the|only the) key( alone)?$/;
    const env = await runCli(['tags', 'list'], { env: { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: key } });
    expect(env.stderr).toMatch(/^Error: CHATCRM_API_KEY: /);
    expect(env.stderr.trim()).toMatch(outside);
    expect(env.stderr.trim().split('\n')).toHaveLength(1);
    expect(env.stderr).not.toContain(key);
    expect(env.exitCode).toBe(3);
    const { dir } = withCredentials(JSON.stringify({ profiles: { default: key } }));
    const stored = await refusedWithStoredKey(dir, /^Error: the stored key of profile "default" \(run `chatcrm login` again\): /, 3);
    expect(stored.stderr.trim()).toMatch(outside);
    const fresh = tempDir();
    const login = await runCli(['login', '--base-url', sb.url, '--with-key'], { configDir: fresh, input: key });
    expect(login.stderr.trim()).toMatch(/^Error: --with-key: the key holds a character outside printable ASCII/);
    expect(login.stderr).not.toContain(key);
    expect(login.exitCode).toBe(2);
    expect(readdirSync(fresh)).toEqual([]);
    expect(sb.requestCount).toBe(before);
  });
});

describe('YAML alias bombs', () => {
  // Nine levels of nine aliases: 9^9 strings if expanded.
  const levels = 'abcdefghi'.split('');
  const bomb = [`a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]`, ...levels.slice(1).map((l, i) => `${l}: &${l} [${Array(9).fill(`*${levels[i]}`).join(',')}]`)].join('\n');

  it('flows validate, flows create --file and templates create --file refuse it fast (exit 2, nothing sent)', async () => {
    const dir = tempDir();
    const file = join(dir, 'bomb.yaml');
    writeFileSync(file, `${bomb}\n`);
    for (const args of [['flows', 'validate', file], ['flows', 'create', '--file', file], ['templates', 'create', '--file', file, '--account', 'ba1']]) {
      const started = Date.now();
      const r = await sb.refused(args, /bomb\.yaml: not valid YAML: too many aliases/);
      // An expanded bomb takes minutes or all memory: the bound is wide (a busy machine).
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(r.stderr).not.toMatch(/Unexpected/);
    }
  });

  it('a flow that uses a few aliases is still read', async () => {
    const file = join(tempDir(), 'flow.yaml');
    const back = '&back { title: Back, goto: main }';
    const screen = (body: string, alias: string) => `    type: menu\n    body: ${body}\n    button: Go\n    sections:\n      - options:\n          - ${alias}\n`;
    writeFileSync(file, `name: Aliases\nkeyword: alias\ngreeting:\n  - goto: main\nscreens:\n  main:\n${screen('Main', '{ title: Next, goto: second }')}  second:\n${screen('Second', back)}  third:\n${screen('Third', '*back')}`);
    const r = await runCli(['flows', 'validate', file]);
    expect(r.stderr).toContain('is a valid flow');
    expect(r.exitCode).toBe(0);
  });
});

describe('chatcrm sandbox --state', () => {
  it.each([
    ['not JSON', '{"collections": {"tags": [', /not valid JSON \(a sandbox state file\)/],
    ['not a state file', '[1, 2, 3]', /is not a sandbox state file/],
  ])('%s: one clear line, exit 2', async (_name, text, message) => {
    const file = join(tempDir(), 'state.json');
    writeFileSync(file, text);
    const r = await runCli(['sandbox', '--state', file], { timeout: 15_000 });
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toMatch(/^Error: --state: /);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
  });
});

