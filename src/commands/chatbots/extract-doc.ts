// chatbots extract-doc FILE: the document streamed as multipart field `file`.
import { multipart, type Part } from '../../api/multipart.js';
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { EXTRACT_DOC_OPTIONS } from './options.js';
import { uploadFile } from '../../ops/upload.js';

export const run: Run<OptsOf<typeof EXTRACT_DOC_OPTIONS>> = async (ctx, { args, opts }) => {
  const path = await uploadFile(args.FILE, 'FILE');
  const parts: Part[] = [{ name: 'file', path }];
  if (opts.chatbot !== undefined) {
    if (opts.chatbot.trim() === '') throw new UsageError('--chatbot: must not be empty');
    parts.push({ name: 'chatbot_id', value: opts.chatbot });
  }
  const api = await ctx.api();
  const res = await api.call('chatbots.extractDoc', { form: multipart(parts) });
  if (!res.dryRun) await ctx.print(res.body);
};
