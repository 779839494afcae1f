// The webhook commands' inputs: the app secret (never from argv) and the payload bytes.
import { readFile } from 'node:fs/promises';
import type { Context } from '../core/context.js';
import { UsageError } from '../core/errors.js';

const WHERE = 'set CHATCRM_WEBHOOK_SECRET or pass --secret-file FILE';

export async function readSecret(ctx: Context, opts: Record<string, unknown>): Promise<string> {
  if (opts.secret !== undefined) throw new UsageError(`--secret: secrets are not accepted on the command line; ${WHERE}`);
  if (typeof opts.secretFile === 'string') {
    let text: string;
    try {
      text = await readFile(opts.secretFile, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UsageError(`--secret-file: cannot read ${opts.secretFile}: ${code === 'ENOENT' ? 'no such file' : code ?? (err as Error).message}`);
    }
    const secret = text.replace(/\r?\n$/, '');
    if (!secret) throw new UsageError(`--secret-file: ${opts.secretFile} is empty`);
    return ctx.io.secret(secret);
  }
  const env = ctx.env.CHATCRM_WEBHOOK_SECRET;
  if (env) return ctx.io.secret(env);
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
