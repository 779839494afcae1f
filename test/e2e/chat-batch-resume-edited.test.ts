// A resume after the rows themselves changed (issue 30, item 1): a row for a recipient the
// journal records as sent, with another message, is refused before anything is sent (exit 2),
// the recipients listed with both messages (20, then a count), unless --new-message. Counted per
// recipient at the sandbox.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

const S = ['--sender', 'wa_snd_cloud_0001'];
let dir: string;
let sb: TestSandbox;
beforeAll(async () => {
  dir = tempDir('chatcrm-batch-edited-');
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};
/** Every message each of `to` has had from the sandbox, in order. */
const inbox = (to: string[]) => {
  const got: Record<string, string[]> = Object.fromEntries(to.map((t) => [t, []]));
  for (const c of sb.calls('chat.send')) {
    const b = c.body as { to: string; message: { text: { body: string } } };
    if (b.to in got) got[b.to].push(b.message.text.body);
  }
  return got;
};
const batch = (input: string, ...more: string[]) => sb.run(['chat', 'send-batch', input, ...S, ...more]);

describe('send-batch --resume after the rows were edited', () => {
  it('an edited text column: refused before any send, both messages shown; --new-message sends them', async () => {
    const [a, b, c] = ['15557000001', '15557000002', '15557000003'];
    const rows = file('codes.csv', `to,text\n${a},Your code is 1111\n${b},Your code is 2222\n`);
    expect((await batch(rows)).exitCode).toBe(0);

    // sed -i 's/Your code/Your new code/', and a recipient added.
    writeFileSync(rows, readFileSync(rows, 'utf8').replace(/Your code/g, 'Your new code') + `${c},Your code is 3333\n`);
    const before = sb.received.length;
    const r = await batch(rows, '--resume');
    expect(r.exitCode).toBe(2);
    expect(r.stdout).toBe('');
    expect(sb.received.length).toBe(before);
    expect(r.stderr).toMatch(/--resume: 2 rows would send another message to recipients the journal records as sent or uncertain; nothing was sent/);
    expect(r.stderr).toMatch(new RegExp(`row 1: ${a} \\(sent\\): recorded .*"Your code is 1111"}+\\n\\s+now +.*"Your new code is 1111"}`));
    expect(r.stderr).toMatch(new RegExp(`row 2: ${b} \\(sent\\): recorded .*"Your code is 2222"}+\\n\\s+now +.*"Your new code is 2222"}`));
    expect(r.stderr).toMatch(/pass --new-message/);
    expect(r.stderr).not.toMatch(new RegExp(c));
    expect(inbox([a, b, c])).toEqual({ [a]: ['Your code is 1111'], [b]: ['Your code is 2222'], [c]: [] });

    // Said on purpose.
    const again = await batch(rows, '--resume', '--new-message', '--json');
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ sent: 3 });
    expect(inbox([a, b, c])).toEqual({ [a]: ['Your code is 1111', 'Your new code is 1111'], [b]: ['Your code is 2222', 'Your new code is 2222'], [c]: ['Your code is 3333'] });
  });

  it('a row left uncertain by a crash, then edited: refused like a sent one, named uncertain', async () => {
    const [a, b] = ['15557000021', '15557000022'];
    const rows = file('crash.csv', `to,text\n${a},Code 1\n${b},Code 2\n`);
    expect((await batch(rows)).exitCode).toBe(0);
    // As a crash leaves it: row 2's intent on disk, no outcome, no footer.
    const journal = `${rows}.journal`;
    writeFileSync(journal, readFileSync(journal, 'utf8').split('\n').filter((l) => !l.startsWith('S\t2\t') && !l.startsWith('# {"end"')).join('\n'));
    writeFileSync(rows, `to,text\n${a},Code 1\n${b},Code 22\n`);
    const before = sb.received.length;
    const r = await batch(rows, '--resume');
    expect(r.exitCode).toBe(2);
    expect(sb.received.length).toBe(before);
    expect(r.stderr).toMatch(/--resume: 1 row would send another message to recipients the journal records as sent or uncertain; nothing was sent/);
    expect(r.stderr).toMatch(new RegExp(`row 2: ${b} \\(uncertain\\): recorded .*"Code 2"}+\\n\\s+now +.*"Code 22"}`));
    expect(inbox([a, b])).toEqual({ [a]: ['Code 1'], [b]: ['Code 2'] });
  });

  it('an edit that looks the same (é composed, then decomposed): the refusal says where the two differ, as code points', async () => {
    const a = '15557000041';
    const rows = file('nfd.csv', `to,text\n${a},Caf\u00e9 opens at 9\n`);
    expect((await batch(rows)).exitCode).toBe(0);
    writeFileSync(rows, `to,text\n${a},Cafe\u0301 opens at 9\n`);
    const r = await batch(rows, '--resume');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/row 1: 15557000041 \(sent\): recorded .*\n\s+now .*\n\s+\(they look alike but differ at character \d+: U\+00E9 recorded, U\+0065 U\+0301 now\)/);
  });

  it('a --text that looks the same: the message refusal says where the two differ', async () => {
    const a = '15557000051';
    const rows = file('nfd-text.csv', `to\n${a}\n`);
    expect((await batch(rows, '--text', 'Caf\u00e9')).exitCode).toBe(0);
    const before = sb.received.length;
    const r = await batch(rows, '--resume', '--text', 'Cafe\u0301');
    expect(r.exitCode).toBe(2);
    expect(sb.received.length).toBe(before);
    expect(r.stderr).toMatch(/--text "Caf.*" \(recorded\) vs "Caf.*" \(now\) \(they look alike but differ at character 5: U\+00E9 recorded, U\+0065 U\+0301 now\)/);
  });

  it('a corrected phone number: the new recipient is sent, and the warning names what changed (the row, not the message)', async () => {
    const [a, wrong, right] = ['15557000031', '15557000039', '15557000032'];
    const rows = file('fix.csv', `to,text\n${a},Hello\n${wrong},Hello\n`);
    expect((await batch(rows)).exitCode).toBe(0);
    writeFileSync(rows, `to,text\n${a},Hello\n${right},Hello\n`);
    const r = await batch(rows, '--resume', '--json');
    expect(r.exitCode).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ sent: 1, skipped_sent: 1 });
    expect(r.stderr).toMatch(/Warning: 1 of the 2 rows the journal records as sent matched this input; the others are not in this input \(removed, or their recipient changed\); the rows sent now went to recipients the journal does not record as sent/);
    expect(r.stderr).not.toMatch(/new message/);
    expect(inbox([a, wrong, right])).toEqual({ [a]: ['Hello'], [wrong]: ['Hello'], [right]: ['Hello'] });
  });

  it('an edited {{column}} value (Ann → Anne) is another message too; the same rows, repeated, stay skips', async () => {
    const [a, b] = ['15557000011', '15557000012'];
    const rows = file('names.csv', `to,name\n${a},Ann\n${b},Bob\n`);
    const text = ['--text', 'Hi {{name}}'];
    expect((await batch(rows, ...text)).exitCode).toBe(0);

    // Unchanged, with a row repeated for the same recipient and content: nothing is sent again.
    writeFileSync(rows, `to,name\n${a},Ann\n${b},Bob\n${a},Ann\n`);
    const same = await batch(rows, ...text, '--resume', '--json');
    expect(same.exitCode).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ sent: 0, skipped_sent: 2, skipped_duplicate: 1 });

    writeFileSync(rows, `to,name\n${a},Anne\n${b},Bob\n`);
    const r = await batch(rows, ...text, '--resume');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`--resume: 1 row would send .*\\n  row 1: ${a} \\(sent\\): recorded .*"Hi Ann"}+\\n\\s+now +.*"Hi Anne"}`));
    expect(inbox([a, b])).toEqual({ [a]: ['Hi Ann'], [b]: ['Hi Bob'] });
  });

  it('lists 20 recipients, then a count', async () => {
    const to = Array.from({ length: 22 }, (_, i) => String(15557000100 + i));
    const rows = file('many.csv', `to,text\n${to.map((t) => `${t},Code A`).join('\n')}\n`);
    expect((await batch(rows)).exitCode).toBe(0);
    writeFileSync(rows, `to,text\n${to.map((t) => `${t},Code B`).join('\n')}\n`);
    const r = await batch(rows, '--resume');
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/--resume: 22 rows would send/);
    expect(r.stderr.match(/^ {2}row \d+: /gm)).toHaveLength(20);
    expect(r.stderr).toMatch(/^ {2}and 2 more$/m);
    for (const got of Object.values(inbox(to))) expect(got).toEqual(['Code A']);
  });

  it('from stdin: the edited row is not sent and the run stops there', async () => {
    const [a, b] = ['15557000201', '15557000202'];
    const journal = join(dir, 'stdin.journal');
    const run = (input: string, ...more: string[]) => sb.run(['chat', 'send-batch', '-', ...S, '--journal', journal, '--json', ...more], { input });
    expect((await run(`to,text\n${a},One\n`)).exitCode).toBe(0);
    const r = await run(`to,text\n${a},Two\n${b},Three\n`, '--resume');
    expect(r.exitCode).toBe(5);
    expect(r.stderr).toMatch(new RegExp(`row 1: ${a} was sent another message by an earlier run .*--new-message`));
    expect(inbox([a, b])).toEqual({ [a]: ['One'], [b]: [] });
  });
});
