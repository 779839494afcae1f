// npm run demo: the main job end to end against the sandbox, as a newcomer would run it.
// Starts `chatcrm sandbox` on a free loopback port, logs in a throw-away profile with the
// key it printed, lists senders, sends a text message, shows its status, and stops.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const bin = new URL('../bin/chatcrm.js', import.meta.url).pathname;
const configDir = mkdtempSync(join(tmpdir(), 'chatcrm-demo-'));
const env = { ...process.env, CHATCRM_CONFIG_DIR: configDir, NO_COLOR: '1' };
for (const k of ['CHATCRM_BASE_URL', 'CHATCRM_API_KEY', 'CHATCRM_PROFILE', 'CHATCRM_OUTPUT']) delete env[k];

/** Bold command lines only on a terminal that wants colour: the CLI's rule (src/core/io.ts colorPolicy). */
function wantsColor({ NO_COLOR, FORCE_COLOR, TERM } = process.env) {
  if (NO_COLOR) return false;
  if (FORCE_COLOR !== undefined) return FORCE_COLOR !== '0' && FORCE_COLOR !== 'false';
  return TERM !== 'dumb' && process.stdout.isTTY === true;
}
const color = wantsColor();
const bold = (s) => (color ? `\u001b[1m${s}\u001b[0m` : s);

// The sandbox's stderr ("Press Ctrl-C to stop.") is kept aside: shown only when it fails.
const sandbox = spawn(process.execPath, [bin, 'sandbox', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
let sandboxLog = '';
sandbox.stderr.on('data', (chunk) => {
  sandboxLog += chunk;
});
sandbox.once('exit', (code) => {
  if (code !== 130) process.stderr.write(sandboxLog);
});
const { url, key } = await new Promise((resolve, reject) => {
  let out = '';
  const timer = setTimeout(() => reject(new Error('the sandbox did not start within 15 s')), 15_000);
  sandbox.stdout.on('data', (chunk) => {
    out += chunk;
    const url = /listening on (\S+)/.exec(out)?.[1];
    const key = /API key: (\S+)/.exec(out)?.[1];
    if (url && key) {
      clearTimeout(timer);
      resolve({ url, key });
    }
  });
  sandbox.once('exit', (code) => reject(new Error(`the sandbox exited with code ${code}`)));
});

let failed = false;
const quote = (a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`);
function step(title, args, input) {
  process.stdout.write(`\n${bold(`$ chatcrm ${args.map(quote).join(' ')}`)}   # ${title}\n`);
  const r = spawnSync(process.execPath, [bin, ...args], { env, input, encoding: 'utf8' });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  if (r.status !== 0) {
    failed = true;
    process.stdout.write(`(exit ${r.status})\n`);
  }
  return r.stdout;
}

try {
  process.stdout.write(`Sandbox running at ${url}\n`);
  step('save a profile; the key is read from stdin, never from argv', ['login', '--profile', 'demo', '--base-url', url, '--with-key'], key);
  step('who the key belongs to', ['whoami']);
  step('the senders of the workspace', ['chat', 'senders']);
  step('use the Cloud API sender by default', ['profiles', 'set', 'default-sender', 'wa_snd_cloud_0001']);
  step('what would be sent, without sending', ['chat', 'send', '--to', '+1 (555) 123-4567', '--text', 'Hello from chatcrm!', '--dry-run']);
  const sent = step('send a text message', ['chat', 'send', '--to', '+1 (555) 123-4567', '--text', 'Hello from chatcrm!', '--json']);
  const messageId = JSON.parse(sent || '{}').message_id;
  if (messageId) step('its delivery status', ['message-status', 'get', messageId]);
} finally {
  sandbox.kill('SIGINT');
  rmSync(configDir, { recursive: true, force: true });
}
process.stdout.write(failed ? '\nDemo finished with errors.\n' : '\nDemo finished: the sandbox received the message above and has stopped.\n');
process.exitCode = failed ? 1 : 0;
