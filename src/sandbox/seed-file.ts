// --seed FILE (YAML or JSON): the sandbox's starting records and credentials, in place of the
// sample data of the areas it names. A bad file is a usage error naming the line and field.
import { readFileSync } from 'node:fs';
import { isPair, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';
import * as z from 'zod/mini';
import { UsageError } from '../core/errors.js';
import { phoneDigits } from '../schemas/chat.js';
import { text } from '../schemas/common.js';
import { flowTooDeep, MAX_DEPTH, tooDeep } from './depth.js';
import type { Store } from './store.js';

const sender = z.looseObject({
  sender_id: text(),
  name: z.optional(z.string()),
  kind: z.optional(z.enum(['cloud_api', 'scan_device'])),
  phone_number: z.optional(phoneDigits),
  status: z.optional(z.string()),
  capabilities: z.optional(z.object({ group_messaging: z.optional(z.boolean()) })),
});
const contact = z.looseObject({ phone_number: phoneDigits, name: z.optional(z.string()), email: z.optional(z.string()), tags: z.optional(z.array(z.string())) });
const tag = z.looseObject({ name: text(), color: z.optional(z.string()) });
const template = z.looseObject({ template_name: text(), message_body: text(), category: z.optional(z.string()), language: z.optional(z.string()), status: z.optional(z.string()) });
const flow = z.looseObject({ name: text(), keyword: z.optional(z.string()), status: z.optional(z.enum(['draft', 'active', 'paused'])) });

export const seedFileSchema = z.strictObject({
  api_key: z.optional(text()),
  webhook_secret: z.optional(text()),
  verify_token: z.optional(text()),
  senders: z.optional(z.array(sender)),
  contacts: z.optional(z.array(contact)),
  tags: z.optional(z.array(tag)),
  templates: z.optional(z.array(template)),
  flows: z.optional(z.array(flow)),
  plan_features: z.optional(z.array(text())),
});

export type SeedFile = z.infer<typeof seedFileSchema>;

/** Read and check a seed file; errors name the file, the line and the field. */
export function loadSeedFile(file: string): SeedFile {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`--seed: cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const deepLine = flowTooDeep(source);
  if (deepLine !== undefined) throw new UsageError(`--seed: ${file}:${deepLine}: nested deeper than ${MAX_DEPTH} levels`);
  const lines = new LineCounter();
  const doc = parseDocument(source, { lineCounter: lines, uniqueKeys: true });
  const lineAt = (offset: number | undefined) => (offset === undefined ? '' : `:${lines.linePos(offset).line}`);
  if (doc.errors.length) {
    const e = doc.errors[0];
    throw new UsageError(`--seed: ${file}${lineAt(e.pos[0])}: not valid YAML or JSON: ${e.message.split('\n')[0]}`);
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    // yaml refuses an alias bomb (aliases of aliases growing past the count) here, not while parsing.
    const alias = firstAlias(doc);
    throw new UsageError(`--seed: ${file}${lineAt(alias.offset)}: ${alias.field}: not a seed file: ${(err as Error).message}`);
  }
  const deep = tooDeep(value);
  if (deep !== undefined) throw new UsageError(`--seed: ${file}: ${deep}: nested deeper than ${MAX_DEPTH} levels`);
  const r = seedFileSchema.safeParse(value ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path, ...keys.slice(0, 1)].map((p) => (typeof p === 'symbol' ? String(p) : p));
  // The field's node, or its nearest parent that is in the file (a missing field).
  let node: { range?: [number, number, number] } | undefined;
  for (let n = path.length; n >= 0 && !node?.range; n--) node = doc.getIn(path.slice(0, n), true) as typeof node;
  const keyNode = keys.length ? ((doc.getIn(issue.path.map(String), true) as { items?: Array<{ key: { value: unknown; range?: number[] } }> })?.items?.find((i) => i.key.value === keys[0])?.key) : undefined;
  const field = path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${p}`)).join('') || '(top)';
  const message = keys.length ? `unknown field (expected one of ${Object.keys(seedFileSchema.shape).join(', ')})` : issue.message;
  throw new UsageError(`--seed: ${file}${lineAt((keyNode?.range ?? node?.range)?.[0])}: ${field}: ${message}`);
}

/** Where the file's first alias is: its offset, and the keys that lead to it. */
function firstAlias(doc: Document): { offset?: number; field: string } {
  const found: { offset?: number; field: string } = { field: '(top)' };
  visit(doc, {
    Alias(_key, node, path) {
      found.offset = node.range?.[0];
      found.field = path.filter(isPair).map((p) => (isScalar(p.key) ? String(p.key.value) : '?')).join('.') || '(top)';
      return visit.BREAK;
    },
  });
  return found;
}

/** Put the file's records in place of the sample data of the areas it names. */
export function applySeed(store: Store, seed: SeedFile): void {
  const replace = <T extends Record<string, unknown>>(name: string, docs: T[] | undefined, fill: (d: T) => Record<string, unknown>) => {
    if (!docs) return;
    store.data.collections[name] = [];
    for (const d of docs) store.insert(name, fill(d));
  };
  replace('senders', seed.senders, (s) => ({ name: s.sender_id, kind: 'cloud_api', status: 'active', ...s, capabilities: { group_messaging: s.kind === 'scan_device', ...s.capabilities } }));
  replace('contacts', seed.contacts, (c) => ({ name: '', email: '', source: 'seed', status: 'lead', tags: [], custom_fields: {}, segment_ids: [], ...c }));
  replace('tags', seed.tags, (t) => ({ color: '#607D8B', ...t }));
  let n = 0;
  replace('templates', seed.templates, (t) => ({ template_id: String(2000000000000001 + n++), business_account_id: 'sandbox_waba_0001', category: 'UTILITY', language: 'en_US', template_type: 'standard', status: 'APPROVED', ...t }));
  replace('flows', seed.flows, (f) => {
    const status = f.status ?? 'draft';
    return { platform: 'chat', greeting: [], ...f, status, is_active: status !== 'draft', is_paused: status === 'paused' };
  });
  if (seed.plan_features) for (const plan of store.list('plans')) plan.features = [...seed.plan_features];
}
