// The webhook commands' inputs: the app secret (never from argv) and the payload bytes.
import { readFile } from 'node:fs/promises';
import type { Context } from '../runtime/context.js';
import { UsageError } from '../core/errors.js';

const WHERE = 'set CHATCRM_WEBHOOK_SECRET, pass --secret-file FILE, or keep it in the profile with `chatcrm login --webhook-secret-file FILE`';

/** A secret kept in a file (one line; its final newline is not part of it). */
export async function readSecretFile(path: string, flag: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${flag}: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code ?? (err as Error).message}`);
  }
  const secret = text.replace(/\r?\n$/, '');
  if (!secret) throw new UsageError(`${flag}: ${path} is empty`);
  return secret;
}

/** The app secret: --secret-file, then CHATCRM_WEBHOOK_SECRET, then the profile's credentials file. */
export async function readSecret(ctx: Context, opts: { secret?: string | true; secretFile?: string }): Promise<string> {
  if (opts.secret !== undefined) throw new UsageError(`--secret: secrets are not accepted on the command line; ${WHERE}`);
  if (opts.secretFile !== undefined) return ctx.io.secret(await readSecretFile(opts.secretFile, '--secret-file'));
  const env = ctx.env.CHATCRM_WEBHOOK_SECRET;
  if (env) return ctx.io.secret(env);
  const { readWebhookSecret } = await import('../config/store.js');
  const stored = readWebhookSecret(ctx.settings.profileName, ctx.settings.configDir);
  if (stored) return ctx.io.secret(stored);
  throw new UsageError(`no webhook secret: ${WHERE}`);
}

/** The exact bytes of --file F, or stdin for `-` (and when no file is given). */
export async function readPayload(ctx: Context, file: unknown): Promise<Buffer> {
  if (file === undefined || file === '-') {
    const chunks: Buffer[] = [];
    for await (const c of ctx.io.stdin) chunks.push(Buffer.from(c));
    return Buffer.concat(chunks);
  }
  try {
    return await readFile(String(file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`--file: cannot read ${String(file)}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (err as Error).message}`);
  }
}
