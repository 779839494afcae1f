// Custom fields (docs/service-api.md 4.7).
import { created, fail, notFound, ok, paged, validate, type AreaModule, type Handler } from '../http.js';
import type { Store } from '../store.js';
import { same, findAll, deleteMany, getOne, seq } from '../resource.js';
import * as schemas from '../../schemas/custom-fields.js';

const FIELD_TYPES = ['text', 'textarea', 'number', 'date', 'email', 'phone', 'url', 'select', 'checkbox'];

const fieldCreate: Handler = (req, { store }) => {
  const p = validate(schemas.customFieldCreate, req.body);
  if ('reply' in p) return p.reply;
  if (!FIELD_TYPES.includes(p.data.type)) return fail(400, 'Validation failed', [`type: must be one of ${FIELD_TYPES.join(', ')}`]);
  if (store.list('custom_fields', (f) => same(f.name, p.data.name)).length) return fail(409, `Custom field "${p.data.name}" already exists`);
  const key = p.data.name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_');
  return created(store.insert('custom_fields', { ...p.data, key, is_active: true }), 'Custom field created successfully');
};

const fieldUpdate: Handler = (req, { store }) => {
  const p = validate(schemas.customFieldUpdate, req.body);
  if ('reply' in p) return p.reply;
  const id = req.params.custom_field_id;
  if (!store.get('custom_fields', id)) return notFound('Custom field');
  if (p.data.type && !FIELD_TYPES.includes(p.data.type)) return fail(400, 'Validation failed', [`type: must be one of ${FIELD_TYPES.join(', ')}`]);
  if (p.data.name && store.list('custom_fields', (f) => f._id !== id && same(f.name, p.data.name)).length) return fail(409, `Custom field "${p.data.name}" already exists`);
  return ok(store.update('custom_fields', id, p.data), 'Custom field updated successfully');
};

/** `{ ids | id, is_active | status: active|inactive }`. */
const fieldStatus: Handler = (req, { store }) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const ids = Array.isArray(b.ids) ? b.ids.map(String) : typeof b.id === 'string' ? [b.id] : [];
  const active = typeof b.is_active === 'boolean' ? b.is_active : b.status === 'active' ? true : b.status === 'inactive' ? false : undefined;
  const errors = [...(ids.length ? [] : ['ids: give at least one id']), ...(active === undefined ? ['is_active: must be true or false'] : [])];
  if (errors.length) return fail(400, 'Validation failed', errors);
  const docs = findAll(store, 'custom_fields', ids, 'Custom field');
  if (!Array.isArray(docs)) return docs;
  return ok(docs.map((d) => store.update('custom_fields', d._id, { is_active: active })), `${docs.length} custom field(s) ${active ? 'activated' : 'deactivated'}`);
};
function seed(store: Store): void {
  store.insert('custom_fields', { name: 'Company', type: 'text', key: 'company', is_active: true });
}

function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.insert('custom_fields', { name: `Field ${seq(i)}`, type: 'text', key: `field_${seq(i)}`, is_active: true });
}
export const area: AreaModule = {
  handlers: {
    'customFields.list': (req, { store }) => paged(store.list('custom_fields'), req.query, { searchFields: ['name', 'key'] }),
    'customFields.create': fieldCreate,
    'customFields.get': getOne('custom_fields', 'Custom field', 'custom_field_id'),
    'customFields.update': fieldUpdate,
    'customFields.deleteMany': deleteMany('custom_fields', 'Custom field'),
    'customFields.status': fieldStatus,
  },
  seed,
  bulk,
};
