// reply-materials create / update: multipart `title` + `file`, the file streamed from disk.
import { multipart, type Part } from '../../api/multipart.js';
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { CREATE_OPTIONS, UPDATE_OPTIONS } from './options.js';
import { uploadFile } from '../../ops/upload.js';

export const run: Run<OptsOf<typeof CREATE_OPTIONS> | OptsOf<typeof UPDATE_OPTIONS>> = async (ctx, { args, opts }) => {
  const id = args.MATERIAL_ID as string | undefined;
  const updating = id !== undefined;
  if (updating && id.trim() === '') throw new UsageError('MATERIAL_ID: must not be empty');
  const { title } = opts;
  if (title !== undefined ? title.trim() === '' : !updating) throw new UsageError(`--title: ${updating ? 'must not be empty' : 'required'}`);
  const path = await uploadFile(opts.file, '--file');
  const parts: Part[] = [...(title !== undefined ? [{ name: 'title', value: title }] : []), { name: 'file', path }];
  const api = await ctx.api();
  const res = updating
    ? await api.call('replyMaterials.update', { params: { material_id: id }, form: multipart(parts) })
    : await api.call('replyMaterials.create', { form: multipart(parts) });
  if (!res.dryRun) await ctx.print(res.body);
};
