// What a plan, a diff, a dry run or an error shows of a workspace: a value filled in from
// `${env:NAME}` as the text the file wrote, a secret-named field as `(sensitive)`. The real values
// are compared and applied; only this view is printed (decK's and Terraform's rule).
import type { ApiClient } from '../../api/client.js';
import type { ClientOptions } from '../../api/types.js';
import { redactBody } from '../../core/redact.js';
import type { Context } from '../../runtime/context.js';
import { isSensitiveField } from './areas.js';
import type { Change, Plan } from './plan.js';
import type { FileRecord } from './schema.js';

export const SENSITIVE = '(sensitive)';

/** One value filled in from the environment: the texts it takes (as read, as the schema left it) and the file's text. */
export interface Filled {
  values: string[];
  template: string;
}

export class Masker {
  private byValue = new Map<string, string>();
  /** Longest first: a value that holds another is replaced whole. */
  private inText: [string, string][];

  constructor(filled: readonly Filled[]) {
    for (const f of filled) for (const v of f.values) if (v !== '') this.byValue.set(v, f.template);
    const pairs = [...this.byValue].flatMap(([v, t]): [string, string][] => [[v, t], [JSON.stringify(v).slice(1, -1), t]]);
    this.inText = pairs.sort((a, b) => b[0].length - a[0].length);
  }

  /** A string that is a filled-in value, at any depth of a value, becomes its template. */
  value(v: unknown): unknown {
    // No variable filled (most files): nothing to replace, and no copy of 9,000 records to make.
    if (!this.byValue.size) return v;
    if (typeof v === 'string') return this.byValue.get(v) ?? v;
    if (Array.isArray(v)) return v.map((x) => this.value(x));
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, this.value(x)]));
  }

  /** Free text (an error message): every filled-in value in it becomes its template. */
  text(s: string): string {
    return this.inText.reduce((out, [v, t]) => out.split(v).join(t), s);
  }
}

/** A field's value as shown: a secret as (sensitive), a filled-in value as its template, a nested secret as ***. */
export const shownField = (m: Masker, field: string, v: unknown) => (v === undefined ? v : isSensitiveField(field) ? SENSITIVE : redactBody(m.value(v)));

/** A record as shown: the record itself when nothing in it is masked (most are: no copy of each). */
function shownRecord(m: Masker, record: FileRecord): FileRecord {
  const masked = Object.keys(record).some((f) => shownField(m, f, record[f]) !== record[f]);
  return masked ? Object.fromEntries(Object.entries(record).map(([f, v]) => [f, shownField(m, f, v)])) : record;
}

function shownChange(c: Change, m: Masker): Change {
  const key = String(m.value(c.key));
  if (c.action === 'create') {
    const record = shownRecord(m, c.record);
    return key === c.key && record === c.record ? c : { ...c, key, record };
  }
  if (c.action === 'update') return { ...c, key, changes: c.changes.map((x) => ({ field: x.field, old: shownField(m, x.field, x.old), new: shownField(m, x.field, x.new) })) };
  return { ...c, key };
}

/** The plan as it may be printed. */
export function shownPlan(plan: Plan, m: Masker): Plan {
  return { ...plan, changes: plan.changes.map((c) => shownChange(c, m)), notComparable: plan.notComparable.map((n) => ({ ...n, key: String(m.value(n.key)) })) };
}

/** A client whose dry-run requests and --verbose traces show filled-in values as the file wrote them. */
export async function maskedClient(ctx: Context, masker: Masker, overrides: Partial<ClientOptions> = {}): Promise<ApiClient> {
  const { opts } = await ctx.api();
  return ctx.newClient({ ...overrides, dryRunOut: (req) => opts.dryRunOut({ ...req, body: masker.value(req.body) }), trace: (line) => opts.trace(masker.text(line)) });
}
