// A no leaves no trace: every command that asks before it reaches people or removes records asks
// before it creates, moves, truncates or locks a file, so that after "n" the folder it ran in
// (its input, journal, results, lock and config folder) is byte for byte as it was, and the
// service received no write.
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith, hasTmux, tempDir } from '../helpers/cli.js';
import { draftCampaign, numbers } from '../helpers/campaigns.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal, type Terminal } from '../helpers/tmux.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

/** Every file and folder under `root`: path, mode, and bytes for files. */
function snapshot(root: string, dir = root): [string, number, string][] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      const st = statSync(path);
      const entry: [string, number, string] = [relative(root, path), st.mode, st.isFile() ? readFileSync(path, 'latin1') : ''];
      return st.isDirectory() ? [entry, ...snapshot(root, path)] : [entry];
    });
}
const writes = () => sb.received.filter((r) => r.method !== 'GET' && !(r.body as { method?: string } | undefined)?.method?.startsWith('tools/list')).length;

let n = 0;
/** A folder of its own with a config folder in it, and the files a test puts there. */
function folder(files: Record<string, string> = {}): string {
  const dir = join(tempDir('chatcrm-declined-'), `run${n++}`);
  mkdirSync(join(dir, 'config'), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describeWith('tmux', hasTmux(), 'declined on a real terminal (tmux): the folder as it was, nothing written', () => {
  const LIMIT = { timeout: 60_000 };

  /** Answer n at the question: the terminal, its CLI ended. */
  async function decline(dir: string, args: string[], question: RegExp): Promise<Terminal> {
    const before = snapshot(dir);
    const sent = writes();
    const t = openTerminal(args, { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: join(dir, 'config') }, { cwd: dir });
    await t.waitFor(question);
    t.type('n');
    t.press('Enter');
    expect(await t.exitCode()).toBe(2);
    expect(t.screen()).toMatch(/Cancelled/);
    expect(snapshot(dir)).toEqual(before);
    expect(writes()).toBe(sent);
    return t;
  }

  const csv = (to: string[]) => ['to,name', ...to.map((t, i) => `${t},P${i}`)].join('\n') + '\n';
  const BATCH = ['--sender', 'wa_snd_cloud_0001', '--text', 'Hi {{name}}'];

  it('chat send-batch with --results: no journal, lock or results file', LIMIT, async () => {
    const dir = folder({ 'list.csv': csv(numbers(15557710000, 3)) });
    await decline(dir, ['chat', 'send-batch', 'list.csv', ...BATCH, '--results', 'out.csv'], /Send to 3 recipients from list\.csv \(15557710000, 15557710001, 15557710002\): "Hi \{\{name\}\}"\? \(y\/N\)/);
  });

  it('chat send-batch --restart after a whole run: the old journal and results stay where they were', LIMIT, async () => {
    const dir = folder({ 'list.csv': csv(numbers(15557720000, 2)) });
    const first = await sb.run(['chat', 'send-batch', join(dir, 'list.csv'), ...BATCH, '--results', join(dir, 'out.csv')]);
    expect(first.exitCode).toBe(0);
    const t = await decline(dir, ['chat', 'send-batch', 'list.csv', ...BATCH, '--restart', '--results', 'out.csv'], /Send to 2 recipients from list\.csv \(15557720000, 15557720001\): "Hi \{\{name\}\}"\? \(y\/N\)/);
    expect(t.screen()).not.toMatch(/Moved the old journal aside/);
    // The journal is still there: a plain run refuses to start over, as before the question.
    await sb.refused(['chat', 'send-batch', join(dir, 'list.csv'), ...BATCH], /is the journal of a run that completed with every row sent/);
  });

  it('campaigns send', LIMIT, async () => {
    const c = draftCampaign(sb, 'Declined send', numbers(15557730000, 3));
    await decline(folder(), ['campaigns', 'send', c._id], /Send campaign \w+ "Declined send" \(3 recipients\)\? \(y\/N\)/);
  });

  it('tags delete', LIMIT, async () => {
    const tag = sb.store.insert('tags', { name: 'declined-delete', color: '#111111' });
    await decline(folder(), ['tags', 'delete', tag._id], /\? \(y\/N\)/);
    expect(sb.store.get('tags', tag._id)).toBeDefined();
  });

  it('workspace sync', LIMIT, async () => {
    const dir = folder({ 'ws.yaml': 'version: 1\ntags:\n  - name: declined-sync\n    color: "#222222"\n' });
    await decline(dir, ['workspace', 'sync', 'ws.yaml'], /to this workspace\? \(y\/N\)/);
  });
});
