// What the sandbox benches share: start a server process and wait for its "listening on URL"
// line, stop it, read its resident memory. Not a bench itself (run.mjs runs *.bench.mjs only).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';

/** `node ...args`, resolved once it prints `listening on URL`: `{ child, url }`. */
export function start(args, env = {}) {
  const child = spawn(process.execPath, args, { env: { ...process.env, CI: '1', ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
  let out = '';
  return new Promise((resolve, reject) => {
    // Keep reading: a closed pipe would stop the sandbox at its next line.
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening on (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it listened: ${out}`)));
  });
}

/** SIGTERM, and wait for the exit (a sandbox with --state saves first). */
export async function stop(child) {
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Resident memory of a process, MiB (Linux), or undefined. */
export function rssMiB(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return undefined;
  }
}
