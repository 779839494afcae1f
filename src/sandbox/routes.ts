// The sandbox's routing table: the service's operations (api/operations.ts), the areas' extra
// routes, and the sandbox's own routes (/_sandbox/..., sandboxOperations).
import { operations, sandboxOperations, type Operation, type OperationId, type SandboxOperationId } from '../api/operations.js';
import { areas } from './handlers/index.js';
import type { ExtraRoute, Handler } from './http.js';

export interface Route {
  method: string;
  regex: RegExp;
  names: string[];
  handler?: Handler;
  id: string;
  op?: Operation;
  noAuth: boolean;
}

function compile(path: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const src = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { regex: new RegExp(`^${src}/?$`), names };
}

/** Every route; `own` are the handlers of the sandbox's own routes, by sandboxOperations id. */
export function buildRoutes(own: Record<SandboxOperationId, Handler>): Route[] {
  const handlers: Partial<Record<OperationId | SandboxOperationId, Handler>> = { ...own };
  const extra: ExtraRoute[] = [];
  for (const area of areas) {
    Object.assign(handlers, area.handlers);
    extra.push(...(area.routes ?? []));
  }
  const routes: Route[] = [];
  for (const r of extra) routes.push({ method: r.method, ...compile(r.path), handler: r.handler, id: `${r.method} ${r.path}`, noAuth: Boolean(r.noAuth) });
  // Literal segments win over parameters (/api/automation/statistics before /api/automation/{flow_id}).
  const paramCount = (p: string) => p.split('{').length;
  const table = [...Object.entries(operations), ...Object.entries(sandboxOperations)] as Array<[OperationId | SandboxOperationId, Operation]>;
  const ops = table.sort(([, a], [, b]) => paramCount(a.path) - paramCount(b.path));
  for (const [id, op] of ops) {
    routes.push({ method: op.method, ...compile(op.path), handler: handlers[id], id, op, noAuth: Boolean(op.noAuth) });
  }
  return routes;
}
