// Reply materials (docs/service-api.md 4.16): multipart uploads.
import { createHash } from 'node:crypto';
import { created, fail, notFound, ok, type AreaModule, type Handler, type Checked } from '../http.js';
import type { Store } from '../store.js';
import { resource, seq } from '../resource.js';

const MAX_MATERIAL = 10 * 1024 * 1024;

const replyMaterials = resource({ collection: 'reply_materials', names: ['Reply material', 'reply materials'], searchFields: ['title', 'file_name'] });

const fileKind = (type: string) => (['image', 'video', 'audio'].find((k) => type.startsWith(`${k}/`)) ?? 'document');

function materialFields(form: NonNullable<Parameters<Handler>[0]['form']>, requireAll: boolean): Checked<Record<string, unknown>> {
  const errors: string[] = [];
  const title = form.fields.title;
  const file = form.files.file;
  if (requireAll && !title?.trim()) errors.push('title: is required');
  if (title !== undefined && !title.trim()) errors.push('title: must not be empty');
  if (requireAll && !file) errors.push('file: is required');
  if (!requireAll && !file && title === undefined) errors.push('give a file or a title');
  if (errors.length) return { reply: fail(400, 'Validation failed', [...new Set(errors)]) };
  if (file && file.size > MAX_MATERIAL) return { reply: fail(400, 'File too large (max 10 MB)') };
  const out: Record<string, unknown> = title !== undefined ? { title } : {};
  if (file) {
    Object.assign(out, {
      file_name: file.filename,
      file_size: file.size,
      mime_type: file.contentType,
      file_type: fileKind(file.contentType),
      file_url: `/uploads/reply-materials/${Date.now()}-${encodeURIComponent(file.filename)}`,
      sha256: createHash('sha256').update(file.data).digest('hex'),
    });
  }
  return { data: out };
}

const materialCreate: Handler = (req, { store }) => {
  if (!req.form) return fail(400, 'Expected multipart/form-data with title and file');
  const v = materialFields(req.form, true);
  if ('reply' in v) return v.reply;
  return created(store.insert('reply_materials', v.data), 'Reply material uploaded successfully');
};

const materialUpdate: Handler = (req, { store }) => {
  const id = req.params.material_id;
  if (!store.get('reply_materials', id)) return notFound('Reply material');
  if (!req.form) return fail(400, 'Expected multipart/form-data with a file');
  const v = materialFields(req.form, false);
  if ('reply' in v) return v.reply;
  return ok(store.update('reply_materials', id, v.data), 'Reply material updated successfully');
};

/** A reply material of the sample data: a small text file. */
function textMaterial(store: Store, title: string, file_name: string, content: string): void {
  store.insert('reply_materials', {
    title,
    file_name,
    file_size: content.length,
    mime_type: 'text/plain',
    file_type: 'document',
    file_url: `/uploads/reply-materials/seed-${encodeURIComponent(file_name)}`,
    sha256: createHash('sha256').update(content).digest('hex'),
  });
}
function seed(store: Store): void {
  textMaterial(store, 'Returns policy', 'returns.txt', 'Returns are free within 30 days.');
  textMaterial(store, 'Delivery times', 'delivery.txt', 'Orders ship within 2 working days.');
}

function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) textMaterial(store, `Material ${seq(i)}`, `material-${seq(i)}.txt`, `Reply material ${i + 1}.`);
}
export const area: AreaModule = {
  handlers: {
    'replyMaterials.list': replyMaterials.list,
    'replyMaterials.get': replyMaterials.get,
    'replyMaterials.create': materialCreate,
    'replyMaterials.update': materialUpdate,
    'replyMaterials.delete': replyMaterials.remove,
    'replyMaterials.deleteMany': replyMaterials.removeMany,
  },
  seed,
  bulk,
};
