// The areas of a workspace file, as data: how each is listed, keyed, created, updated and
// deleted, which of its fields the server owns, and which are states set by their own
// endpoints (toggles). The planner, the dumper and the applier read this table and nothing else
// about an area. Where the spec leaves a body open ("object"), the assumption is written in
// docs/workspace.md.
import type { OperationId } from '../../api/operations.js';
import { UsageError } from '../../core/errors.js';
import { isSecretName } from '../../core/redact.js';
import { stateOf } from '../../ops/behaviour.js';

export const AREAS = ['tags', 'custom_fields', 'taxes', 'currencies', 'quick_replies', 'teams', 'chatbots', 'segments', 'flows', 'templates'] as const;
export type AreaName = (typeof AREAS)[number];

const ONE: Record<AreaName, [string, string]> = {
  tags: ['tag', 'tags'],
  custom_fields: ['custom field', 'custom fields'],
  taxes: ['tax', 'taxes'],
  currencies: ['currency', 'currencies'],
  quick_replies: ['quick reply', 'quick replies'],
  teams: ['team', 'teams'],
  chatbots: ['chatbot', 'chatbots'],
  segments: ['segment', 'segments'],
  flows: ['flow', 'flows'],
  templates: ['template', 'templates'],
};

/** A count of an area's records in words: `1 chatbot`, `2 quick replies`. */
export const recordCount = (n: number, area: AreaName) => `${n} ${ONE[area][n === 1 ? 0 : 1]}`;

/** One request that sets a state field: the operation, and the body it takes, if any. */
export interface StateStep {
  op: OperationId;
  /** The body, given the record's id (an operation without one in its path takes it here). */
  body?: (id: string) => Record<string, unknown>;
}

export interface AreaDef {
  name: AreaName;
  /** The natural key: a record's name in the file, in references and in the plan. */
  key: string;
  list: OperationId;
  /** Templates: dumped for reference, never created, changed or deleted. */
  readOnly?: boolean;
  create?: OperationId;
  update?: OperationId;
  /** Delete one record: by id in the path, or `{ ids: [id] }` for bulk-only areas. */
  remove?: { op: OperationId; ids?: boolean; body?: Record<string, unknown> };
  /**
   * Fields the server sets (derived, counters, state of training), besides those of every
   * record (SERVER_OWNED): never dumped or compared, and refused in a file. A list, not name
   * patterns: a `max_tokens` or an `expires_at` of the record's own is configuration.
   */
  serverFields: string[];
  /**
   * State fields set by their own endpoints, not by create or update: the steps that take the
   * record from one value to another (none: the value is already right).
   */
  states?: Record<string, (from: unknown, to: unknown) => StateStep[]>;
  /**
   * The states a new record starts in, as the service documents them (docs/workspace.md): the
   * state steps of a create start from its answer, and from these where the answer says
   * nothing (all of it in a dry run, which has no answer), so a dry run sends what sync sends.
   */
  created?: Record<string, unknown>;
  /** A record as the server answers it, its state fields as the file writes them (a flow's one state, whatever fields give it). */
  read?: (raw: Record<string, unknown>) => Record<string, unknown>;
  /** The field of another record that refers to this one by id: `tag_id`, `tag_ids`. */
  refPrefix: string;
}

const toggleTo = (op: OperationId) => (from: unknown, to: unknown) => (from === to ? [] : [{ op }]);

/** Flows: draft, active, paused; `toggle` flips draft and active (or paused → draft), `toggle-pause` active and paused. */
function flowStatus(from: unknown, to: unknown): StateStep[] {
  const toggle = { op: 'flows.toggle' as const };
  const pause = { op: 'flows.togglePause' as const };
  if (from === to) return [];
  if (to === 'draft') return [toggle];
  if (from === 'draft') return to === 'paused' ? [toggle, pause] : [toggle];
  return [pause];
}

const DEFS: AreaDef[] = [
  { name: 'tags', key: 'name', list: 'tags.list', create: 'tags.create', update: 'tags.update', remove: { op: 'tags.deleteMany', ids: true }, serverFields: ['contacts_count'], refPrefix: 'tag' },
  {
    name: 'custom_fields',
    key: 'name',
    list: 'customFields.list',
    create: 'customFields.create',
    update: 'customFields.update',
    remove: { op: 'customFields.deleteMany', ids: true },
    // `key` is derived from the name by the server.
    serverFields: ['key'],
    states: { is_active: (from, to) => (from === to || to === undefined ? [] : [{ op: 'customFields.status', body: (id) => ({ ids: [id], is_active: to }) }]) },
    created: { is_active: true },
    refPrefix: 'custom_field',
  },
  { name: 'taxes', key: 'name', list: 'taxes.list', create: 'taxes.create', update: 'taxes.update', remove: { op: 'taxes.delete' }, serverFields: [], refPrefix: 'tax' },
  {
    name: 'currencies',
    key: 'code',
    list: 'currencies.list',
    create: 'currencies.create',
    update: 'currencies.update',
    remove: { op: 'currencies.deleteMany', ids: true },
    serverFields: [],
    states: {
      is_active: toggleTo('currencies.toggleStatus'),
      // Making another currency the default unsets this one: only `true` is a step of its own.
      is_default: (from, to) => (to === true && from !== true ? [{ op: 'currencies.toggleDefault' }] : []),
    },
    created: { is_active: true, is_default: false },
    refPrefix: 'currency',
  },
  {
    name: 'quick_replies',
    key: 'title',
    list: 'quickReplies.list',
    create: 'quickReplies.create',
    update: 'quickReplies.update',
    remove: { op: 'quickReplies.deleteMany', ids: true },
    // A favourite is one agent's bookmark, not the workspace's setup.
    serverFields: ['is_favorite'],
    refPrefix: 'quick_reply',
  },
  {
    name: 'teams',
    key: 'name',
    list: 'teams.list',
    create: 'teams.create',
    update: 'teams.update',
    remove: { op: 'teams.deleteMany', ids: true },
    serverFields: [],
    states: { status: (from, to) => (from === to || to === undefined ? [] : [{ op: 'teams.toggleStatus' }]) },
    created: { status: 'active' },
    refPrefix: 'team',
  },
  {
    name: 'chatbots',
    key: 'name',
    list: 'chatbots.list',
    create: 'chatbots.create',
    update: 'chatbots.update',
    remove: { op: 'chatbots.delete' },
    // Training is data and history, never configuration.
    serverFields: ['status', 'last_trained_at', 'training_runs', 'knowledge_sources', 'sources'],
    refPrefix: 'chatbot',
  },
  {
    name: 'segments',
    key: 'name',
    list: 'segments.list',
    create: 'segments.create',
    update: 'segments.update',
    remove: { op: 'segments.delete' },
    serverFields: ['contacts_count'],
    refPrefix: 'segment',
  },
  {
    name: 'flows',
    key: 'name',
    list: 'flows.list',
    create: 'flows.create',
    update: 'flows.update',
    remove: { op: 'flows.delete', body: { confirm: true } },
    // `status` says it all; is_active and is_paused mirror it.
    serverFields: ['is_active', 'is_paused', 'executions', 'executions_count'],
    states: { status: flowStatus },
    // A new flow is a draft (stateOf of a record that says nothing).
    read: (raw) => ({ ...raw, status: stateOf(raw) }),
    refPrefix: 'flow',
  },
  {
    name: 'templates',
    key: 'template_name',
    list: 'templates.list',
    readOnly: true,
    // The account and the channel's ids belong to one tenant.
    serverFields: ['template_id', 'business_account_id'],
    refPrefix: 'template',
  },
];

export const AREA: Record<AreaName, AreaDef> = Object.fromEntries(DEFS.map((d) => [d.name, d])) as Record<AreaName, AreaDef>;

/** What the server sets on a record of any area: its ids, version, times and authors. */
const SERVER_OWNED = ['_id', 'id', '__v', 'user_id', 'created_at', 'updated_at', 'deleted_at', 'created_by', 'updated_by'];

/** A field the server owns: never dumped, compared or set from a file. */
export const isServerField = (def: AreaDef, field: string) => SERVER_OWNED.includes(field) || def.serverFields.includes(field);

/**
 * A secret (the project's rule of secret names, `webhook_token`): masked in every plan, never
 * dumped, written exactly. Compared when the server shows it; when it does not, it is
 * write-only: sent on create, "not comparable" after.
 */
export const isSensitiveField = isSecretName;

/** `tag_id` → tags, `segment_ids` → segments: the fields that refer to another record by id. */
export function refArea(field: string): AreaName | undefined {
  if (!REF_AREA.has(field)) {
    const m = /^(.*)_ids?$/.exec(field);
    REF_AREA.set(field, m ? DEFS.find((d) => d.refPrefix === m[1])?.name : undefined);
  }
  return REF_AREA.get(field);
}

/** refArea's answers: asked of every field of every record (10,000 records, ~100,000 fields). */
const REF_AREA = new Map<string, AreaName | undefined>();

/** A field that refers to records of another area, where it is, and the names (or ids) it holds. */
export interface Reference {
  path: (string | number)[];
  area: AreaName;
  names: string[];
}

/**
 * Every `<area>_id(s)` field, at any depth of a record, with its value. One walk with one path
 * (copied only for a reference found): it visits every value of every record of a file, up to
 * four times in a diff, so it makes nothing for a value that is not a reference.
 */
export function references(value: unknown, path: (string | number)[] = []): Reference[] {
  const out: Reference[] = [];
  walkReferences(value, [...path], out);
  return out;
}

function walkReferences(v: unknown, at: (string | number)[], out: Reference[]): void {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      if (v[i] === null || typeof v[i] !== 'object') continue;
      at.push(i);
      walkReferences(v[i], at, out);
      at.pop();
    }
    return;
  }
  if (v === null || typeof v !== 'object') return;
  for (const k of Object.keys(v)) {
    const x = (v as Record<string, unknown>)[k];
    const area = refArea(k);
    const names = area === undefined ? undefined : typeof x === 'string' ? [x] : Array.isArray(x) && x.every((n) => typeof n === 'string') ? (x as string[]) : undefined;
    if (names === undefined && (x === null || typeof x !== 'object')) continue;
    at.push(k);
    if (area && names) out.push({ path: [...at], area, names });
    else walkReferences(x, at, out);
    at.pop();
  }
}

/** --only tags,flows → the areas named, in the file's order (exit 2 naming an unknown one). */
export function parseOnly(value: unknown): AreaName[] {
  if (value === undefined) return [...AREAS];
  const names = String(value)
    .split(',')
    .map((s) => s.trim().replace(/-/g, '_'))
    .filter(Boolean);
  const unknown = names.filter((n) => !(AREAS as readonly string[]).includes(n));
  if (!names.length) throw new UsageError(`--only: name at least one area (${AREAS.join(', ')})`);
  if (unknown.length) throw new UsageError(`--only: unknown area "${unknown[0]}" (areas: ${AREAS.join(', ')})`);
  return AREAS.filter((a) => names.includes(a));
}
