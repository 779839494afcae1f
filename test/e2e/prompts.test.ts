// Questions the CLI asks, and when it does not: confirmations that name the record, a dry
// run that asks nothing, and (on a real terminal, tmux) the values chat send and templates
// create ask for, each question naming the flag that answers it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWith, hasTmux, runCli, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal } from '../helpers/tmux.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const firstFlow = () => sb.store.list('flows')[0];

describe('--dry-run on a destructive command', () => {
  it('shows the request without asking for --yes, and sends nothing', async () => {
    const f = firstFlow();
    const before = sb.received.length;
    const r = await sb.run(['flows', 'delete', f._id, '--dry-run']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^DELETE ${sb.url}/api/automation/${f._id}$`, 'm'));
    expect(r.stdout).toContain('"confirm": true');
    expect(r.stderr).toBe('(dry run: nothing was sent)\n');
    expect(sb.received.length).toBe(before);
    expect(sb.store.get('flows', f._id)?.deleted_at).toBeFalsy();
  });

  it('without --dry-run and without a terminal, --yes is still required', async () => {
    await sb.refused(['flows', 'delete', firstFlow()._id], /refused without confirmation; pass --yes to confirm/);
  });
});

describeWith('tmux', hasTmux(), 'on a real terminal (tmux)', () => {
  const open = (args: string[], env: Record<string, string | undefined> = {}) =>
    openTerminal(args, { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: tempDir(), ...env });

  it('a delete names the record it would delete (one GET); declined, nothing is deleted', async () => {
    const f = firstFlow();
    const before = sb.received.length;
    const t = open(['flows', 'delete', f._id]);
    await t.waitFor(new RegExp(`Delete flow "${f.name}" \\(${f._id}\\)\\? \\(y/N\\)`));
    t.type('n');
    t.press('Enter');
    expect(await t.exitCode()).toBe(2);
    expect(t.screen()).toMatch(/Cancelled: nothing was sent/);
    expect(sb.received.slice(before).map((q) => `${q.method} ${q.operation}`)).toEqual(['GET flows.get']);
    expect(sb.store.get('flows', f._id)?.deleted_at).toBeFalsy();
  });

  it('accepted, the delete is sent; --yes asks nothing and fetches nothing', async () => {
    const [a, b] = sb.store.list('tags');
    const before = sb.received.length;
    const t = open(['tags', 'delete', a._id]);
    await t.waitFor(new RegExp(`Delete tag "${a.name}" \\(${a._id}\\)\\?`));
    t.type('y');
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(sb.received.slice(before).map((q) => q.operation)).toEqual(['tags.get', 'tags.deleteMany']);
    expect(sb.calls('tags.deleteMany').at(-1)?.body).toEqual({ ids: [a._id] });
    t.close();
    const yes = open(['tags', 'delete', b._id, '--yes']);
    const mid = sb.received.length;
    expect(await yes.exitCode()).toBe(0);
    expect(sb.received.slice(mid).map((q) => q.operation)).toEqual(['tags.deleteMany']);
  });

  it('several ids: the plain question, without fetching each', async () => {
    const ids = ['65f1c0ffee0123456789abcd', '65f1c0ffee0123456789abce'];
    const before = sb.received.length;
    const t = open(['segments', 'delete-many', ...ids]);
    await t.waitFor(new RegExp(`Delete segments ${ids.join(', ')}\\?`));
    t.type('n');
    t.press('Enter');
    expect(await t.exitCode()).toBe(2);
    expect(sb.received.length).toBe(before);
  });

  it('profiles remove asks before removing', async () => {
    const dir = join(tempDir(), 'cfg');
    const login = await runCli(['login', '--profile', 'old', '--base-url', sb.url, '--with-key'], { configDir: dir, input: sb.config.apiKey });
    expect(login.exitCode).toBe(0);
    const t = open(['profiles', 'remove', 'old'], { CHATCRM_CONFIG_DIR: dir, CHATCRM_BASE_URL: undefined, CHATCRM_API_KEY: undefined });
    await t.waitFor(/Remove profile "old" and its key\? \(y\/N\)/);
    t.type('y');
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles).toEqual({});
    expect(existsSync(join(dir, 'credentials.json')) && JSON.parse(readFileSync(join(dir, 'credentials.json'), 'utf8')).profiles.old).toBeFalsy();
  });

  it('chat send asks for the recipient, the sender and the text, naming their flags', async () => {
    const before = sb.calls('chat.send').length;
    const t = open(['chat', 'send']);
    await t.waitFor(/Recipient \(--to\)/);
    t.type('12');
    t.press('Enter');
    await t.waitFor(/"12" has 2 digits; a phone number has 6 to 15/);
    t.press('BSpace', 'BSpace');
    t.type('+1 555 010 2030');
    t.press('Enter');
    await t.waitFor(/Sender \(--sender\)[\s\S]*wa_snd_cloud_0001/);
    t.press('Enter');
    await t.waitFor(/Message text \(--text\)/);
    t.type('Hello from a terminal');
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(sb.calls('chat.send').slice(before).map((c) => c.body)).toEqual([
      { sender_id: 'wa_snd_cloud_0001', to: '15550102030', message: { type: 'text', text: { body: 'Hello from a terminal' } } },
    ]);
  });

  it('chat send asks nothing the flags or the profile answer, and nothing with --no-input', async () => {
    const t = open(['chat', 'send', '--to', '15550102031', '--text', 'hi', '--sender', 'wa_snd_cloud_0001']);
    expect(await t.exitCode()).toBe(0);
    expect(t.screen()).toMatch(/Sent to 15550102031/);
    expect(t.screen()).not.toMatch(/\(--/);
    t.close();
    const before = sb.received.length;
    const none = open(['chat', 'send', '--no-input', '--text', 'hi']);
    expect(await none.exitCode()).toBe(2);
    expect(none.screen()).toMatch(/Error: --to: required/);
    expect(sb.received.length).toBe(before);
  });

  it('templates create asks for what the flags left out, each answer checked like its flag', async () => {
    const before = sb.calls('templates.create').length;
    const t = open(['templates', 'create', '--body', 'Hi {{1}}, your order {{2}} shipped', '--example', '2=A-1']);
    await t.waitFor(/Template name \(--name\)/);
    t.type('bad name');
    t.press('Enter');
    await t.waitFor(/use letters, digits and underscores only/);
    t.press('C-u');
    t.type('shipped_note');
    t.press('Enter');
    await t.waitFor(/Category \(--category\)[\s\S]*MARKETING[\s\S]*UTILITY/);
    t.press('Down');
    t.press('Enter');
    await t.waitFor(/Language \(--language\)/);
    t.press('Enter'); // the default, en_US
    await t.waitFor(/Example for \{\{1\}\} \(--example 1=TEXT\)/);
    t.type('Maria');
    t.press('Enter');
    await t.waitFor(/Business account \(--account\)[\s\S]*sandbox_waba_0001[\s\S]*\(another id\)/);
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(sb.calls('templates.create').slice(before).map((c) => c.body)).toEqual([
      {
        business_account_id: 'sandbox_waba_0001',
        template_name: 'shipped_note',
        category: 'UTILITY',
        language: 'en_US',
        template_type: 'standard',
        message_body: 'Hi {{1}}, your order {{2}} shipped',
        variable_examples: [
          { key: '2', example: 'A-1' },
          { key: '1', example: 'Maria' },
        ],
      },
    ]);
  });
});
