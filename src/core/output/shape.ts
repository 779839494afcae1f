// The one place that knows the service's response shapes (docs/service-api.md 10):
// where the records, the pagination and the message are. Commands never poke at shapes.

export interface Pagination {
  page?: number;
  totalPages?: number;
  total?: number;
  limit?: number;
  /** The server said whether a next page exists (hasNextPage, hasMore, has_more). */
  more?: boolean;
}

export interface Shape {
  /** The records of a list answer, or undefined when the answer is not a list. */
  records?: Record<string, unknown>[];
  /** The single record (or payload) of a non-list answer. */
  item?: unknown;
  pagination?: Pagination;
  message?: string;
}

/** A plain object (not null, not an array): what the shapes of answers are made of. */
export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const ENVELOPE = new Set(['success', 'message', 'status', 'statusCode', 'count', 'page', 'limit', 'totalPages', 'total', 'pagination', 'meta', 'hasNextPage', 'hasMore', 'has_more']);
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

function pagination(...sources: unknown[]): Pagination | undefined {
  for (const s of sources) {
    if (!isObj(s)) continue;
    const p = isObj(s.pagination) ? s.pagination : isObj(s.meta) ? s.meta : s;
    const out: Pagination = {
      page: num(p.currentPage ?? p.page),
      totalPages: num(p.totalPages ?? p.pages),
      total: num(p.totalItems ?? p.total ?? p.totalCount ?? p.count),
      limit: num(p.itemsPerPage ?? p.limit ?? p.perPage),
      more: bool(p.hasNextPage ?? p.hasMore ?? p.has_more),
    };
    if (out.totalPages !== undefined || out.total !== undefined || out.more !== undefined || (out.page !== undefined && out.limit !== undefined)) return out;
  }
  return undefined;
}

const bool = (v: unknown) => (typeof v === 'boolean' ? v : undefined);

/** The single array of objects among an object's values, if there is exactly one. */
function namedArray(o: Record<string, unknown>): Record<string, unknown>[] | undefined {
  const arrays = Object.entries(o).filter(([k, v]) => !ENVELOPE.has(k) && Array.isArray(v) && v.every(isObj));
  if (arrays.length === 1) return arrays[0][1] as Record<string, unknown>[];
  const nonEmpty = arrays.filter(([, v]) => (v as unknown[]).length > 0);
  return nonEmpty.length === 1 ? (nonEmpty[0][1] as Record<string, unknown>[]) : undefined;
}

/** Lists of scalars (permissions, names) become `{ value }` records instead of vanishing. */
const asRecords = (list: unknown[]): Record<string, unknown>[] => (list.every(isObj) ? list : list.map((value) => (isObj(value) ? value : { value })));

export function shapeOf(body: unknown): Shape {
  if (Array.isArray(body)) return { records: asRecords(body) };
  if (!isObj(body)) return { item: body };
  const message = typeof body.message === 'string' ? body.message : undefined;
  const data = body.data;
  if (Array.isArray(data)) return { records: asRecords(data), pagination: pagination(body), message };
  if (isObj(data)) {
    const inner = namedArray(data);
    if (inner && Object.keys(data).every((k) => ENVELOPE.has(k) || Array.isArray(data[k]))) {
      return { records: inner, pagination: pagination(data, body), message };
    }
    return { item: data, message };
  }
  if (data !== undefined) return { item: data, message };
  // No data envelope: a named array at top level, or the record itself ({ success, user }).
  const top = namedArray(body);
  if (top) return { records: top, pagination: pagination(body), message };
  const rest = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'success' && k !== 'message'));
  const keys = Object.keys(rest);
  if (keys.length === 1 && isObj(rest[keys[0]])) return { item: rest[keys[0]], message };
  return { item: keys.length ? rest : undefined, message };
}

/** The service caps page sizes at 100; --all, and lookups that must see every record, ask for that many a page. */
export const MAX_LIMIT = 100;

/**
 * Where a list answer stands: how many pages, whether another follows. `undefined` when the
 * answer does not say (a bare array, a list without pagination): callers then fetch until an
 * empty or short page.
 */
export function morePages(p: Pagination | undefined, shown: number): boolean | undefined {
  if (!p) return undefined;
  if (p.more !== undefined) return p.more;
  const page = p.page ?? 1;
  if (p.totalPages !== undefined) return page < p.totalPages;
  if (p.total !== undefined && p.limit) return page * p.limit < p.total;
  if (p.total !== undefined && p.page === undefined) return shown < p.total;
  return undefined;
}

/** The number of pages, when the answer gives it or enough to work it out. */
export function pageCount(p: Pagination | undefined): number | undefined {
  if (!p) return undefined;
  if (p.totalPages !== undefined) return p.totalPages;
  if (p.total !== undefined && p.limit) return Math.max(1, Math.ceil(p.total / p.limit));
  return undefined;
}

/**
 * Why a 2xx answer to a list request is not one (undefined when it is): it says `success:
 * false` (whatever else it holds), or it holds no list of records (`{}`, one record).
 */
export function notAList(body: unknown): string | undefined {
  if (isObj(body) && body.success === false) {
    return `it says success: false${typeof body.message === 'string' ? ` (${body.message.slice(0, 200)})` : ''}`;
  }
  if (shapeOf(body).records) return undefined;
  const text = JSON.stringify(body) ?? String(body);
  return `it holds no list: ${text.length > 80 ? `${text.slice(0, 80)}…` : text}`;
}

/** A record's own id: `_id` or `id`, nothing else (a `tag_id` names another record). */
export function ownId(r: unknown): string | undefined {
  if (!isObj(r)) return undefined;
  for (const k of ['_id', 'id']) if (typeof r[k] === 'string' || typeof r[k] === 'number') return String(r[k]);
  return undefined;
}

/** The id to print for a record (-q): its own, else its first `*_id` (a sender's, a group's). */
export function recordId(r: unknown): string | undefined {
  if (!isObj(r)) return typeof r === 'string' ? r : undefined;
  const own = ownId(r);
  if (own !== undefined) return own;
  const idKey = Object.keys(r).find((k) => k.endsWith('_id') && (typeof r[k] === 'string' || typeof r[k] === 'number'));
  return idKey ? String(r[idKey]) : undefined;
}

export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || cur === undefined) return undefined;
    if (Array.isArray(cur) && /^\d+$/.test(part)) cur = cur[Number(part)];
    // Own properties only: `--fields constructor` must not print Object's source.
    else if (typeof cur === 'object' && Object.hasOwn(cur, part)) cur = (cur as Record<string, unknown>)[part];
    // `id` names `_id` where there is no `id`: tables label both ID, so a reader asks for `id`.
    else if (part === 'id' && typeof cur === 'object' && Object.hasOwn(cur, '_id')) cur = (cur as Record<string, unknown>)._id;
    else return undefined;
  }
  return cur;
}

/**
 * Keep only the given dot paths, preserving their nesting. Values are copies: overlapping
 * paths (`a`, `a.b`) must not write into the caller's record, nor crash when `a.b` is a scalar.
 */
export function pickFields(record: unknown, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const parts = f.split('.');
    let cur = out;
    parts.forEach((p, i) => {
      if (i === parts.length - 1) {
        const v = getPath(record, f);
        cur[p] = v === undefined ? null : typeof v === 'object' ? structuredClone(v) : v;
        return;
      }
      if (!Object.hasOwn(cur, p) || !isObj(cur[p])) cur[p] = {};
      cur = cur[p] as Record<string, unknown>;
    });
  }
  return out;
}
