// `--state FILE` keeps the port too (issue 29, item 5): a profile saved against the sandbox
// keeps working after a restart. --port wins over it; a saved port now taken is a clear exit 2.
import { execa, type ResultPromise } from 'execa';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, HANG_MS, cleanEnv, runCli, tempDir } from '../helpers/cli.js';

const running: ResultPromise[] = [];
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** Start `chatcrm sandbox ARGS`; resolves with its URL once the banner is out. */
async function serve(args: string[]): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = execa('node', [BIN, 'sandbox', ...args], { env: cleanEnv(), extendEnv: false, reject: false, timeout: HANG_MS });
  running.push(child);
  let out = '';
  let err = '';
  // The banner, and its last line on stderr: the signal handlers are in place.
  await new Promise<void>((resolve, reject) => {
    const check = () => /listening on \S+\n/.test(out) && err.includes('Press Ctrl-C to stop.') && resolve();
    child.stdout!.on('data', (chunk: Buffer) => ((out += chunk.toString()), check()));
    child.stderr!.on('data', (chunk: Buffer) => ((err += chunk.toString()), check()));
    child.once('exit', (code) => reject(new Error(`sandbox exited (${code}) before its banner: ${err}`)));
  });
  const url = /listening on (\S+)\n/.exec(out)![1];
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      expect((await child).exitCode).toBe(143); // stopped cleanly: the state saved
    },
  };
}

const portOf = (url: string) => Number(new URL(url).port);

describe('--state keeps the port', () => {
  it('a restart on the same state file without --port listens on the same port; --port 0 wins over it', async () => {
    const state = join(tempDir(), 'sandbox.json');
    const first = await serve(['--state', state]);
    await first.stop();
    const again = await serve(['--state', state]);
    expect(again.url).toBe(first.url);
    await again.stop();
    const flag = await serve(['--state', state, '--port', '0']);
    expect(portOf(flag.url)).not.toBe(portOf(first.url));
    await flag.stop();
  });

  it('a saved port that is taken: exit 2 naming the state file and the port, and how to choose another', async () => {
    const state = join(tempDir(), 'sandbox.json');
    const first = await serve(['--state', state]);
    await first.stop();
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(portOf(first.url), '127.0.0.1', resolve));
    try {
      const r = await runCli(['sandbox', '--state', state]);
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toContain(`--state: the port saved in ${state} (${portOf(first.url)}) is already in use; stop what holds it, or give --port (0: a free one)`);
      expect(r.stdout).toBe('');
    } finally {
      holder.close();
    }
  });
});
