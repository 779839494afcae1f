// The --state file holds the key, the webhook secret and the tokens (issue 29, item 4): it is
// 0600 at every write, its temporary file never follows a link planted beside it, and a file
// that another user owns or may write is refused at start (exit 2, saying why and how to fix).
import { chmodSync, chownSync, readFileSync, readdirSync, statSync, symlinkSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/server.js';
import { runCli, tempDir } from '../helpers/cli.js';

const mode = (file: string) => statSync(file).mode & 0o777;
const saved = () => JSON.stringify({ collections: { tags: [] }, meta: { config: { apiKey: 'kept-key' } } });

describe.runIf(process.platform === 'linux')('the --state file is private', () => {
  it('is written 0600 at start and at every save, even after a chmod 644, and a readable (not writable) file is loaded', async () => {
    const dir = tempDir();
    const state = join(dir, 'state.json');
    writeFileSync(state, saved(), { mode: 0o644 });
    chmodSync(state, 0o644);
    const sb = await startSandbox({ stateFile: state });
    expect(sb.config.apiKey).toBe('kept-key');
    expect(mode(state)).toBe(0o600);
    chmodSync(state, 0o644);
    sb.reset(); // a change: saved on close
    await sb.close();
    expect(mode(state)).toBe(0o600);
    expect(JSON.parse(readFileSync(state, 'utf8')).meta.config.apiKey).toBe('kept-key');
  });

  it('is written 0600 by the timer too, between start and close, after a chmod 644', async () => {
    const dir = tempDir();
    const state = join(dir, 'state.json');
    const sb = await startSandbox({ stateFile: state, saveEveryMs: 10 });
    // Each save ends with the rename of its temporary file onto state.json: wait for the next one.
    const renamed = () => new Promise<void>((resolve) => {
      // A rename, not the chmod's own event (a change of the file's attributes).
      const watcher = watch(dir, (kind, name) => {
        if (kind === 'rename' && name === 'state.json') (watcher.close(), resolve());
      });
    });
    await renamed();
    chmodSync(state, 0o644);
    const saved = renamed();
    const res = await fetch(`${sb.url}/api/tags`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': sb.config.apiKey }, body: '{"name":"timer","color":"#123456"}' });
    expect(res.status).toBe(201);
    await saved;
    expect(mode(state)).toBe(0o600);
    expect(JSON.parse(readFileSync(state, 'utf8')).collections.tags.some((t: { name: string }) => t.name === 'timer')).toBe(true);
    await sb.close();
  });

  it('never writes through a link planted at a temporary name (the old FILE.<pid>.tmp), and leaves no temporary file', async () => {
    const dir = tempDir();
    const state = join(dir, 'state.json');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'not yours', { mode: 0o600 });
    const sb = await startSandbox({ stateFile: state });
    const planted = join(dir, `state.json.${process.pid}.tmp`);
    symlinkSync(victim, planted);
    sb.reset();
    await sb.close();
    expect(readFileSync(victim, 'utf8')).toBe('not yours');
    expect(statSync(state).isFile() && mode(state)).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(['state.json', `state.json.${process.pid}.tmp`, 'victim']);
  });

  it.each([
    ['group', 0o620, '0620'],
    ['others', 0o602, '0602'],
  ])('refuses a state file writable by %s: exit 2 naming --state, why and the fix', async (_who, bits, shown) => {
    const dir = tempDir();
    const state = join(dir, 'state.json');
    writeFileSync(state, saved());
    chmodSync(state, bits);
    const r = await runCli(['sandbox', '--port', '0', '--state', state]);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toContain(`--state: ${state} can be written by others (mode ${shown}); refusing to load it. Fix: chmod 600 '${state}'`);
    expect(r.stdout).toBe('');
    expect(readFileSync(state, 'utf8')).toBe(saved());
  });

  it.runIf(process.getuid?.() === 0)('refuses a state file owned by another user, and a symbolic link', async () => {
    const dir = tempDir();
    const state = join(dir, 'state.json');
    writeFileSync(state, saved(), { mode: 0o600 });
    chownSync(state, 65534, 65534);
    await expect(startSandbox({ stateFile: state })).rejects.toThrow(`--state: ${state} is owned by another user (uid 65534); refusing to load it`);
    const link = join(dir, 'link.json');
    symlinkSync(state, link);
    await expect(startSandbox({ stateFile: link })).rejects.toThrow(`--state: ${link} is a symbolic link; refusing to load it`);
  });
});
