// Contacts over REST (docs/service-api.md 4.8): stats, funnels, export jobs (202, as the service starts them), and the
// list and create of /api/v2/contacts and /api/contacts (docs/service-api.md 9.2 aliases, shapes not given).
import { randomBytes } from 'node:crypto';
import { created, fail, notFound, ok, paged, validate, type AreaModule, type Handler } from '../http.js';
import { createContact, isReply } from '../domain.js';
import type { Doc, Store } from '../store.js';
import { seq } from '../resource.js';
import { segmentMembers, membership } from './segments.js';
import * as schemas from '../../schemas/contacts.js';

const STAGES = ['lead', 'contacted', 'qualified', 'customer', 'lost'];

function countBy(docs: Doc[], key: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of docs) out[String(d[key] || 'unknown')] = (out[String(d[key] || 'unknown')] ?? 0) + 1;
  return out;
}

const contactStats: Handler = (_req, { store }) => {
  const contacts = store.list('contacts');
  const today = new Date().toISOString().slice(0, 10);
  return ok(
    {
      total: contacts.length,
      by_status: countBy(contacts, 'status'),
      by_source: countBy(contacts, 'source'),
      with_email: contacts.filter((c) => c.email).length,
      tagged: contacts.filter((c) => ((c.tags as string[]) ?? []).length > 0).length,
      in_segments: contacts.filter((c) => ((c.segment_ids as string[]) ?? []).length > 0).length,
      created_today: contacts.filter((c) => String(c.created_at).startsWith(today)).length,
    },
    'Contact statistics fetched successfully',
  );
};

const funnels: Handler = (_req, { store }) => {
  const contacts = store.list('contacts');
  const stages = [...STAGES, ...new Set(contacts.map((c) => String(c.status)).filter((s) => !STAGES.includes(s)))];
  return ok(
    stages.map((stage) => {
      const members = contacts.filter((c) => c.status === stage);
      return { stage, count: members.length, contacts: members.map((c) => ({ _id: c._id, name: c.name, phone_number: c.phone_number })) };
    }),
    'Funnels fetched successfully',
  );
};

/** Kanban move: `{ contact_id, status | to_stage | stage }`. */
const funnelAction: Handler = (req, { store }) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const to = b.status ?? b.to_stage ?? b.stage;
  const errors = [...(typeof b.contact_id === 'string' && b.contact_id ? [] : ['contact_id: is required']), ...(typeof to === 'string' && to ? [] : ['status: is required'])];
  if (errors.length) return fail(400, 'Validation failed', errors);
  const contact = store.get('contacts', String(b.contact_id));
  if (!contact) return notFound('Contact');
  const from = contact.status;
  return ok({ contact: store.update('contacts', contact._id, { status: to }), from_stage: from, to_stage: to }, `Contact moved from ${String(from)} to ${String(to)}`);
};

const addToSegments: Handler = (req, { store }) => {
  const p = validate(schemas.addToSegments, req.body);
  if ('reply' in p) return p.reply;
  return membership(store, p.data.segment_ids, p.data.contact_ids, true);
};

/** A list is its items joined with `; ` (the CLI's rule for lists in csv and tables, too). */
const csvCell = (v: unknown) => {
  const s = v === undefined || v === null ? '' : Array.isArray(v) ? v.join('; ') : String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

export const EXPORT_COLUMNS = ['_id', 'name', 'phone_number', 'email', 'status', 'source', 'tags', 'segments', 'custom_fields', 'created_at'];

/** The tenant's contacts as CSV: tags and segment names joined with `; `, custom fields as `key=value; ...`. */
function contactsCsv(store: Store, contacts: Doc[]): string {
  const segmentName = (id: string) => String(store.get('segments', id)?.name ?? id);
  const rows = contacts.map((c) =>
    [
      c._id,
      c.name,
      c.phone_number,
      c.email,
      c.status,
      c.source,
      (c.tags as string[]) ?? [],
      ((c.segment_ids as string[]) ?? []).map(segmentName),
      Object.entries((c.custom_fields as Record<string, string>) ?? {}).map(([k, v]) => `${k}=${v}`),
      c.created_at,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[EXPORT_COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

/** Off the spec's tables: the service starts exports as 202 jobs. `{ segment_id? }` narrows it. */
const exportStart: Handler = (req, { store }) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  if (b.segment_id !== undefined && !store.get('segments', String(b.segment_id))) return notFound('Segment');
  const contacts = b.segment_id ? segmentMembers(store, String(b.segment_id)) : store.list('contacts');
  const job_id = randomBytes(12).toString('hex');
  store.insert('exports', { job_id, status: 'waiting', progress: 0, total: contacts.length, contact_ids: contacts.map((c) => c._id), file_name: null, reads: 0 });
  return { status: 202, body: { success: true, message: 'Export started', data: { job_id, status: 'waiting' } } };
};

const findJob = (store: Store, id: string) => store.list('exports', (j) => j.job_id === id || j._id === id)[0];

const jobView = (j: Doc) => ({
  job_id: j.job_id,
  status: j.status,
  progress: j.progress,
  total: j.total,
  file_name: j.file_name,
  download_url: j.file_name ? `/api/contacts/export/download/${String(j.file_name)}` : null,
  created_at: j.created_at,
  completed_at: j.completed_at ?? null,
});

/** Each status read moves the job one step: waiting → active → completed (CSV written then). */
const exportStatus: Handler = (req, { store }) => {
  let job = findJob(store, req.params.job_id);
  if (!job) return notFound('Export job');
  if (job.status === 'waiting') job = store.update('exports', job._id, { status: 'active', progress: 50 })!;
  else if (job.status === 'active') {
    const contacts = (job.contact_ids as string[]).map((id) => store.get('contacts', id)).filter((c): c is Doc => Boolean(c));
    job = store.update('exports', job._id, { status: 'completed', progress: 100, file_name: `contacts-export-${String(job.job_id)}.csv`, csv: contactsCsv(store, contacts), completed_at: new Date().toISOString() })!;
  }
  return ok(jobView(job), 'Export status fetched successfully');
};

const exportDownload: Handler = (req, { store }) => {
  const job = store.list('exports', (j) => j.file_name === req.params.file_name)[0];
  if (!job || typeof job.csv !== 'string') return notFound('Export file');
  return {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${String(job.file_name)}"` },
    raw: job.csv,
  };
};

/** `{ data: { contacts, pagination } }`: the named-array shape of docs/service-api.md 10. */
const contactList: Handler = (req, { store }) => {
  const { data, pagination, ...rest } = paged(store.list('contacts'), req.query, { searchFields: ['name', 'phone_number', 'email'] }).body as Record<string, unknown>;
  return { status: 200, body: { ...rest, message: 'Contacts fetched successfully', data: { contacts: data, pagination } } };
};

const contactCreate: Handler = (req, { store }) => {
  const b = (req.body ?? {}) as Record<string, unknown>;
  const phone = String(b.phone_number ?? b.phone ?? '').replace(/[\s()+-]/g, '');
  const errors = [...(/^\d{6,15}$/.test(phone) ? [] : ['phone_number: must be 6 to 15 digits']), ...(typeof b.name === 'string' && b.name.trim() ? [] : ['name: is required'])];
  if (errors.length) return fail(400, 'Validation failed', errors);
  const tags = Array.isArray(b.tags) ? b.tags.map(String) : [];
  const doc = createContact(store, { phone_number: phone, name: String(b.name), email: typeof b.email === 'string' ? b.email : undefined, source: typeof b.source === 'string' ? b.source : undefined, status: typeof b.status === 'string' ? b.status : undefined, tags });
  return isReply(doc) ? doc : created(doc, 'Contact created successfully');
};
function seed(store: Store): void {
  const contacts: [string, string, string, string, string, string[]][] = [
    ['15551230001', 'Alice Moreau', 'alice@example.com', 'lead', 'website', ['vip', 'newsletter']],
    ['15551230002', 'Bruno Silva', 'bruno@example.com', 'contacted', 'whatsapp', ['newsletter']],
    ['15551230003', 'Chen Wei', '', 'qualified', 'referral', ['wholesale']],
    ['15551230004', 'Dana Cohen', 'dana@example.com', 'customer', 'website', ['vip']],
    ['15551230005', 'Emeka Obi', 'emeka@example.com', 'customer', 'import', ['vip', 'wholesale']],
    ['15551230006', 'Fatima Zahra', '', 'lead', 'whatsapp', []],
    ['15551230007', 'Gustav Berg', 'gustav@example.com', 'lost', 'api', ['churn-risk']],
    ['15551230008', 'Hana Sato', 'hana@example.com', 'lead', 'api', ['newsletter']],
  ];
  const docs = contacts.map(([phone_number, name, email, status, source, t]) => createContact(store, { phone_number, name, email, status, source, tags: t, custom_fields: {} }));
  const vip = store.list('segments', (s) => s.name === 'VIP customers')[0];
  for (const d of docs) if (vip && !isReply(d) && (d.tags as string[]).includes('vip')) d.segment_ids = [vip._id];
}

/** `--seed-records N`: N contacts, every one a member of the first generated segment. */
function bulk(store: Store, n: number): void {
  const statuses = ['lead', 'contacted', 'qualified', 'customer', 'lost'];
  const first = store.list('segments', (s) => s.name === `Segment ${seq(0)}`)[0];
  for (let i = 0; i < n; i++) {
    // Inserted directly: createContact's duplicate check is a scan per contact.
    store.insert('contacts', { phone_number: `1700${seq(i)}`, name: `Contact ${seq(i)}`, email: `contact${seq(i)}@example.com`, source: 'seed', status: statuses[i % statuses.length], tags: [], custom_fields: {}, segment_ids: [first._id] });
  }
}
export const area: AreaModule = {
  handlers: {
    'contacts.stats': contactStats,
    'contacts.funnels': funnels,
    'contacts.funnelAction': funnelAction,
    'contacts.addToSegments': addToSegments,
    'contacts.exportStatus': exportStatus,
    'contacts.exportDownload': exportDownload,
    'contacts.export': exportStart,
  },
  routes: [
    { method: 'GET', path: '/api/v2/contacts', handler: contactList },
    { method: 'GET', path: '/api/contacts', handler: contactList },
    { method: 'POST', path: '/api/v2/contacts', handler: contactCreate },
    { method: 'POST', path: '/api/contacts', handler: contactCreate },
  ],
  seed,
  bulk,
};
