// Templates (docs/service-api.md 4.2). Stored in `templates` with `template_id`, the lower-cased
// `template_name` and `message_body`, which the chat area's template sends look up
// (domain.ts findTemplate / templateVariableCount). The sandbox approves at once.
import { fail, paged, type AreaModule, type Handler } from '../http.js';
import type { Store } from '../store.js';
import { checkTemplate } from '../../schemas/templates.js';
import { isObj } from '../../core/output/shape.js';

/** Numeric ids like the channel provider's. */
const templateId = (store: Store) => String(1_000_000_000_000_000 + store.all('templates').length * 7919 + Math.floor(Math.random() * 1000));

const create: Handler = (req, { store }) => {
  if (!isObj(req.body)) return fail(400, 'Request body must be a JSON object');
  const input = { ...req.body, category: typeof req.body.category === 'string' ? req.body.category.toUpperCase() : req.body.category };
  const { value, problems } = checkTemplate(input);
  if (!value) return fail(400, 'Template validation failed', problems.map((p) => `${p.path}: ${p.message}`));
  const template_name = value.template_name.toLowerCase();
  const taken = store.list('templates', (t) => t.business_account_id === value.business_account_id && t.template_name === template_name && t.language === value.language);
  if (taken.length) return fail(409, `Template ${template_name} (${value.language}) already exists`);
  const doc = store.insert('templates', { ...value, template_name, template_id: templateId(store), status: 'APPROVED' });
  return { status: 201, body: { message: 'Template submitted', template_id: doc.template_id } };
};

/** Off the spec's tables (`/api/template`, alias `/api/v2/templates`, shape not shown). */
const list: Handler = (req, { store }) => paged(store.list('templates'), req.query, { searchFields: ['template_name', 'category', 'language'], message: 'Templates fetched successfully' });

/** `--seed-records N`: N more approved templates. */
function bulk(store: Store, n: number): void {
  for (let i = 0; i < n; i++) {
    store.insert('templates', { template_id: String(2_000_000_000_000_000 + i), business_account_id: 'sandbox_waba_0001', template_name: `seed_template_${String(i + 1).padStart(6, '0')}`, category: 'MARKETING', language: 'en_US', template_type: 'standard', message_body: `Seed template ${i + 1}`, status: 'APPROVED' });
  }
}

function seed(store: Store): void {
  store.insert('templates', {
    template_id: '1000000000000001',
    business_account_id: 'sandbox_waba_0001',
    template_name: 'order_update',
    category: 'UTILITY',
    language: 'en_US',
    template_type: 'standard',
    message_body: 'Hi {{1}}, your order {{2}} has shipped.',
    variable_examples: [
      { key: '1', example: 'Maria' },
      { key: '2', example: 'A-1001' },
    ],
    status: 'APPROVED',
  });
}

export const area: AreaModule = {
  handlers: { 'templates.create': create, 'templates.list': list },
  routes: [{ method: 'GET', path: '/api/template', handler: list }],
  seed,
  bulk,
};
