// webhook send: POST a payload to {base_url}/webhook/chat, signed over the exact bytes sent.
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SEND_OPTIONS } from './options.js';
import { sampleEvent } from '../../webhook/events.js';
import { readPayload, readSecret } from '../../webhook/input.js';
import { SIGNATURE_HEADER, sign } from '../../webhook/signature.js';
import { normalizePhone } from '../../ops/recipient.js';

export const run: Run<OptsOf<typeof SEND_OPTIONS>> = async (ctx, { opts }) => {
  if (opts.file !== undefined && opts.event !== undefined) throw new UsageError('give either --file or --event, not both');
  if (opts.file === undefined && opts.event === undefined) throw new UsageError('--file: give --file FILE, --file - (stdin) or --event message|status');
  const secret = await readSecret(ctx, opts);
  let body: Buffer;
  if (opts.event !== undefined) {
    const kind = opts.event;
    if (kind === 'status' && opts.messageId === undefined) throw new UsageError('--message-id: required with --event status (the id of a sent message)');
    const from = opts.from !== undefined ? normalizePhone(opts.from, '--from') : undefined;
    const event = sampleEvent(kind, { from, text: opts.text, messageId: opts.messageId, status: opts.status });
    body = Buffer.from(JSON.stringify(event));
  } else {
    body = await readPayload(ctx, opts.file);
    if (body.length === 0) throw new UsageError('--file: the payload is empty');
  }
  const api = await ctx.api();
  const res = await api.call('webhook.event', { raw: body, headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(secret, body) } });
  if (!res.dryRun) await ctx.print(res.body, { success: 'The endpoint accepted the event' });
};
