// Request and reply types of the sandbox, and replies in the service's conventions.
import type * as z from 'zod/mini';
import type { OperationId } from '../api/operations.js';
import { problemsOf, type Problem } from '../schemas/problems.js';
import type { SandboxEvents } from './events.js';
import type { Store } from './store.js';

export interface UploadedFile {
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
}

export interface SandboxRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** Parsed JSON body (undefined when empty or not JSON). */
  body: unknown;
  /** Parsed multipart form. */
  form?: { fields: Record<string, string>; files: Record<string, UploadedFile> };
}

export interface SandboxReply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as it is (text, HTML, CSV, SSE) instead of JSON. */
  raw?: string | Buffer;
}

export interface SandboxConfig {
  apiKey: string;
  webhookSecret: string;
  verifyToken: string;
  /** The inspector page's token: its cookie lets the page use the `/_sandbox/` routes. */
  inspectorToken: string;
}

/** A copy of a value with the sandbox's secrets replaced by `***` (mask.ts). */
export type Mask = (value: unknown) => unknown;

export interface SandboxEnv {
  store: Store;
  config: SandboxConfig;
  /** What happened, for the inspector, forwarding and auto-status (see events.ts). */
  events: SandboxEvents;
  /** The secrets out of what the sandbox shows (mask.ts). */
  mask: Mask;
  log(line: string): void;
}

/** Synchronous: a request's writes are one transaction (Store.atomically), which no other request may interleave. */
export type Handler = (req: SandboxRequest, env: SandboxEnv) => SandboxReply;

export interface ExtraRoute {
  method: string;
  /** Path template with `{param}` segments. */
  path: string;
  handler: Handler;
  noAuth?: boolean;
}

/**
 * What each area module under handlers/ exports. Its handlers are keyed by operation id, so that a
 * misspelt key is a compile error, not a 501 at run time (test/unit/layout.test.ts: every area
 * writes its table as an object literal typed AreaModule, which TypeScript checks key by key).
 */
export interface AreaModule {
  handlers?: Partial<Record<OperationId, Handler>>;
  routes?: ExtraRoute[];
  seed?: (store: Store) => void;
  /** `--seed-records N`: N generated records in each of the area's lists (for paging). */
  bulk?: (store: Store, n: number) => void;
}

export const ok = (data: unknown, message = 'OK'): SandboxReply => ({ status: 200, body: { success: true, message, data } });
export const created = (data: unknown, message = 'Created successfully'): SandboxReply => ({ status: 201, body: { success: true, message, data } });
export const fail = (status: number, message: string, errors?: string[]): SandboxReply => ({
  status,
  body: errors?.length ? { success: false, message, errors } : { success: false, message },
});
export const notFound = (what: string): SandboxReply => fail(404, `${what} not found`);

/** `{ success, data: [...], pagination }` with page/limit/search, as list routes answer. */
export function paged(
  items: Record<string, unknown>[],
  query: Record<string, string>,
  opts: { defaultLimit?: number; maxLimit?: number; searchFields?: string[]; message?: string } = {},
): SandboxReply {
  const limit = Math.min(Math.max(1, Number(query.limit) || opts.defaultLimit || 10), opts.maxLimit ?? 100);
  const page = Math.max(1, Number(query.page) || 1);
  let rows = items;
  if (query.search && opts.searchFields?.length) {
    const q = query.search.toLowerCase();
    rows = rows.filter((d) => opts.searchFields!.some((f) => String(d[f] ?? '').toLowerCase().includes(q)));
  }
  if (query.sort_by) {
    const dir = String(query.sort_order).toUpperCase() === 'DESC' ? -1 : 1;
    const k = query.sort_by;
    rows = [...rows].sort((a, b) => (String(a[k] ?? '') < String(b[k] ?? '') ? -dir : String(a[k] ?? '') > String(b[k] ?? '') ? dir : 0));
  }
  const totalItems = rows.length;
  return {
    status: 200,
    body: {
      success: true,
      message: opts.message ?? 'OK',
      data: rows.slice((page - 1) * limit, page * limit),
      pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(totalItems / limit)), totalItems, itemsPerPage: limit },
    },
  };
}

/** 400 with one `path: message` line per problem in `errors`, as the service's validators answer. */
export const invalid = (problems: Problem[]): SandboxReply =>
  fail(400, 'Validation failed', problems.map((p) => (p.path ? `${p.path}: ${p.message}` : p.message)));

export type Checked<T> = { data: T } | { reply: SandboxReply };

/** Parse a request body with a request schema, or the 400 reply to send. */
export function validate<T extends z.ZodMiniType>(schema: T, body: unknown): Checked<z.infer<T>> {
  const r = schema.safeParse(body ?? {});
  return r.success ? { data: r.data as z.infer<T> } : { reply: invalid(problemsOf(r.error)) };
}
