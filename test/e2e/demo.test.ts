// `npm run demo` (scripts/demo.mjs, on the built CLI) reads cleanly wherever it runs: no escape
// codes when piped or with NO_COLOR, bold command lines on a colour terminal, and none of the
// sandbox's own chatter ("Press Ctrl-C to stop.") in the middle of it.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, describeWith } from '../helpers/cli.js';

const DEMO = resolve(import.meta.dirname, '../../scripts/demo.mjs');
/** util-linux `script`: runs a command on a pseudo-terminal and copies what it wrote. */
const hasScript = spawnSync('script', ['-qec', 'true', '/dev/null']).status === 0;

function demo(env: Record<string, string | undefined>, onTerminal: boolean) {
  const opts = { env: cleanEnv(env) as NodeJS.ProcessEnv, encoding: 'utf8' as const, timeout: 60_000 };
  const r = onTerminal ? spawnSync('script', ['-qec', `node '${DEMO}'`, '/dev/null'], opts) : spawnSync('node', [DEMO], opts);
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The demo ran end to end: the sandbox got the message and said it was sent. */
function expectFinished(out: string) {
  expect(out).toMatch(/\$ chatcrm chat send --to '\+1 \(555\) 123-4567' --text 'Hello from chatcrm!' --json/);
  expect(out).toMatch(/^wamid\.\S+ +15551234567 +sent/m);
  expect(out).toContain('Demo finished: the sandbox received the message above and has stopped.');
}

describe('npm run demo', () => {
  it('piped: no escape codes, no sandbox chatter, exit 0', () => {
    const r = demo({}, false);
    expect(r.status, r.stderr).toBe(0);
    expectFinished(r.stdout);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout + r.stderr).not.toContain('Press Ctrl-C');
  });
});

describeWith('script', hasScript, 'npm run demo on a terminal', () => {
  it('bold command lines, and none with NO_COLOR', () => {
    const colour = demo({ TERM: 'xterm' }, true);
    expect(colour.status, colour.stdout).toBe(0);
    expectFinished(colour.stdout);
    expect(colour.stdout).toContain('\u001b[1m$ chatcrm whoami\u001b[0m');
    expect(colour.stdout).not.toContain('Press Ctrl-C');

    const plain = demo({ TERM: 'xterm', NO_COLOR: '1' }, true);
    expect(plain.status, plain.stdout).toBe(0);
    expectFinished(plain.stdout);
    expect(plain.stdout).not.toContain('\u001b');
  });
});
