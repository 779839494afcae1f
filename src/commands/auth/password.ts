// Commands that carry passwords (register, login, reset-password, change-password).
// Passwords come from a hidden prompt on a TTY or from --password-stdin, never argv;
// the other flags are validated first, so nobody types a password for a doomed request.
import { UsageError } from '../../core/errors.js';
import type { Context } from '../../runtime/context.js';
import { REDACTED } from '../../core/redact.js';
import type { OpSpec, Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { passwordOptions, SHOW_TOKEN } from './options.js';
import { buildOpRequest } from '../op.js';

export interface PasswordField {
  /** Body field, e.g. `new_password`. */
  field: string;
  /** Prompt text. */
  label: string;
  /** Ask twice on a TTY (a new password). */
  confirm?: boolean;
}

const PLACEHOLDER = 'placeholder-until-read';

export type PasswordOpts = OptsOf<ReturnType<typeof passwordOptions>>;

export async function readPasswords(ctx: Context, opts: PasswordOpts, fields: PasswordField[]): Promise<string[]> {
  if (opts.password !== undefined) {
    throw new UsageError('--password: passwords are never taken from the command line (shell history, process list); use --password-stdin or the prompt');
  }
  if (opts.passwordStdin) {
    const lines = (await ctx.readStdin()).split('\n').map((l) => l.replace(/\r$/, ''));
    const values = fields.map((_, i) => lines[i] ?? '');
    const missing = values.findIndex((v) => v === '');
    if (missing >= 0) {
      const want = fields.length === 1 ? 'the password on the first line' : fields.map((f, i) => `${f.label.toLowerCase()} on line ${i + 1}`).join(', ');
      throw new UsageError(`--password-stdin: expected ${want}`);
    }
    return values.map((v) => ctx.io.secret(v));
  }
  if (!ctx.io.canPrompt) {
    throw new UsageError(`--password-stdin: no terminal to prompt for the password; pipe it on stdin with --password-stdin${fields.length > 1 ? ' (one per line)' : ''}`);
  }
  const prompter = await ctx.prompter();
  const ask = (message: string) => prompter.password({ message, validate: (v) => v.length > 0 || 'must not be empty' });
  const values: string[] = [];
  for (const f of fields) {
    const value = await ask(f.label);
    if (f.confirm && (await ask(`Repeat ${f.label.toLowerCase()}`)) !== value) throw new UsageError(`${f.field}: the two entries differ; nothing was sent`);
    values.push(ctx.io.secret(value));
  }
  return values;
}

/**
 * An op command whose body also carries passwords read by readPasswords. Its other options are
 * fields of the operation (spec.fields), read by buildOpRequest as an op entry's are.
 */
export function withPasswords<O extends PasswordOpts>(spec: OpSpec, fields: PasswordField[], show: (body: unknown, opts: O) => unknown = (b) => b): Run<O> {
  return async (ctx, input) => {
    const values: Record<string, unknown> = { ...input.opts };
    for (const f of fields) values[`pw_${f.field}`] = PLACEHOLDER;
    const withFields = { ...spec, fields: { ...spec.fields, ...Object.fromEntries(fields.map((f) => [`pw_${f.field}`, f.field])) } };
    const { body } = await buildOpRequest(ctx, withFields, { ...input, opts: values });
    const passwords = await readPasswords(ctx, input.opts, fields);
    fields.forEach((f, i) => (body![f.field] = passwords[i]));
    const api = await ctx.api();
    const res = await api.call(spec.id, { json: body });
    if (!res.dryRun) await ctx.print(show(res.body, input.opts));
  };
}

/** Login answers `{ success, message, token, user }`: the token is shown only when asked for. */
export function maskToken(body: unknown, opts: OptsOf<[typeof SHOW_TOKEN]>): unknown {
  if (!body || typeof body !== 'object') return body;
  const { success, message, token, user, ...rest } = body as Record<string, unknown>;
  return { success, message, data: { token: opts.showToken ? token : token === undefined ? undefined : REDACTED, user, ...rest } };
}
