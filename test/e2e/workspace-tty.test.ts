// workspace sync on a terminal: the plan, then a question; declined, nothing changes; accepted,
// the changes are applied and summed up.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWith, hasTmux, tempDir } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { openTerminal } from '../helpers/tmux.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const file = join(tempDir('chatcrm-ws-tty-'), 'ws.yaml');
writeFileSync(file, 'version: 1\ntags:\n  - name: vip\n    color: "#00AA00"\n  - name: fresh\n    color: "#123456"\n');
const writes = () => sb.received.filter((r) => r.method !== 'GET').length;

describeWith('tmux', hasTmux(), 'workspace sync on a real terminal (tmux)', () => {
  const LIMIT = { timeout: 60_000 };
  const open = (args: string[]) => openTerminal(args, { CHATCRM_BASE_URL: sb.url, CHATCRM_API_KEY: sb.config.apiKey, CHATCRM_CONFIG_DIR: tempDir() });
  const QUESTION = /Apply 2 changes \(1 to create, 1 to update, 0 to delete\) to this workspace\? \(y\/N\)/;

  it('declined: exit 2, nothing sent', LIMIT, async () => {
    const before = writes();
    const t = open(['workspace', 'sync', file]);
    await t.waitFor(QUESTION);
    expect(t.screen()).toMatch(/~ vip\s+color: "#FF8800" → "#00AA00"/);
    t.type('n');
    t.press('Enter');
    expect(await t.exitCode()).toBe(2);
    expect(writes()).toBe(before);
  });

  it('accepted: applied, with the summary', LIMIT, async () => {
    const t = open(['workspace', 'sync', file]);
    await t.waitFor(QUESTION);
    t.type('y');
    t.press('Enter');
    expect(await t.exitCode()).toBe(0);
    expect(t.screen()).toMatch(/Synced: 1 created, 1 updated, 0 deleted, 0 failed/);
    expect(sb.store.list('tags', (d) => d.name === 'fresh')).toHaveLength(1);
  });
});
