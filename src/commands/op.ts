// The generic runner for commands declared as one operation (manifest `op`): path params
// from positional args, body from --data overridden by flags, then the request pipeline of
// ops/pipeline.ts (the operation's schema and its rows in ops/behaviour.ts) around the call.
import { checkPathId, getOperation, pathParams, requestOf } from '../api/operations.js';
import { readJsonArg, type Context } from '../runtime/context.js';
import { UsageError } from '../core/errors.js';
import { flagName, type CmdSpec, type OpSpec, type Run } from '../runtime/command-types.js';
import { behaviourOf } from '../ops/behaviour.js';
import { decorator, guard, prepared } from '../ops/pipeline.js';
import { loadSchema } from '../schemas/index.js';
import type { FieldFlags } from '../schemas/problems.js';
import type { PageOpts } from './list.js';

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur = obj;
  for (const p of parts.slice(0, -1)) cur = (cur[p] = typeof cur[p] === 'object' && cur[p] !== null ? cur[p] : {}) as Record<string, unknown>;
  cur[parts[parts.length - 1]] = value;
}

export function convert(value: unknown, how: NonNullable<OpSpec['convert']>[string] | undefined, flag: string): unknown {
  if (how === undefined || value === undefined) return value;
  const s = String(value);
  switch (how) {
    case 'number': {
      const n = Number(s);
      if (s.trim() === '' || !Number.isFinite(n)) throw new UsageError(`${flag}: not a number: ${s}`);
      return n;
    }
    case 'int': {
      if (!/^-?\d+$/.test(s)) throw new UsageError(`${flag}: not a whole number: ${s}`);
      return Number(s);
    }
    case 'bool':
      if (typeof value === 'boolean') return value;
      if (/^(true|yes|1)$/i.test(s)) return true;
      if (/^(false|no|0)$/i.test(s)) return false;
      throw new UsageError(`${flag}: expected true or false, got ${s}`);
    case 'upper':
      return s.toUpperCase();
    case 'json':
      try {
        return JSON.parse(s);
      } catch {
        throw new UsageError(`${flag}: not valid JSON`);
      }
  }
}

/** Build the request of an op command; exported for the commands that wrap it. */
export async function buildOpRequest(ctx: Context, spec: OpSpec, input: Parameters<Run>[1]) {
  const op = getOperation(spec.id);
  const names = pathParams(op.path);
  const positional = Object.entries(input.args);
  const params: Record<string, string> = {};
  // Checked here too (buildPath checks again), so a bad id is refused before a confirmation
  // prompt, under the name the usage line shows (CAMPAIGN_ID, not the path's campaign_id).
  names.forEach((name, i) => {
    const [arg, v] = positional[i] ?? [name, undefined];
    params[name] = checkPathId(arg, typeof v === 'string' ? v : undefined);
  });

  let body: Record<string, unknown> | undefined;
  const data = input.opts.data;
  if (typeof data === 'string') {
    const parsed = await readJsonArg(ctx, data, '--data');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError('--data: must be a JSON object');
    body = parsed as Record<string, unknown>;
  }
  const flagOf: FieldFlags = {};
  for (const [opt, field] of Object.entries(spec.fields ?? {})) {
    flagOf[field] = flagName(opt);
    const v = input.opts[opt];
    if (v === undefined) continue;
    body ??= {};
    setPath(body, field, convert(v, spec.convert?.[opt], flagName(opt)));
  }
  if (spec.list) {
    const values = input.args[spec.list.arg];
    const list = Array.isArray(values) ? values : values ? [values] : [];
    if (list.length === 0 || list.some((v) => v.trim() === '')) throw new UsageError(`${spec.list.arg}: give at least one non-empty id`);
    body ??= {};
    body[spec.list.field] = list;
    flagOf[spec.list.field] = spec.list.arg;
  }
  if (body === undefined && spec.defaultBody) body = { ...spec.defaultBody };

  // normalise → schema → check, as the operation's tool in `mcp serve` does.
  if (op.body) body = (await prepared(spec.id, await loadSchema(op.body), body ?? {}, flagOf)) as Record<string, unknown>;
  const query: Record<string, string> = {};
  for (const [opt, q] of Object.entries(spec.query ?? {})) {
    const v = input.opts[opt];
    if (v !== undefined) query[q] = String(v);
  }
  return { params, body, query };
}

export function opRunner(cmd: CmdSpec): Run {
  const spec = cmd.op!;
  return async (ctx, input) => {
    const { params, body, query } = await buildOpRequest(ctx, spec, input);
    await guard(ctx, spec.id, { query, json: body });
    if (spec.destructive) {
      const ids = Object.values(params).concat(spec.list ? (input.args[spec.list.arg] as string[]) : []);
      await ctx.confirm(`${getOperation(spec.id).summary}${ids.length ? ` ${ids.join(', ')}` : ''}?`, () =>
        import('./record-name.js').then((m) => m.recordQuestion(ctx, spec.id, ids)),
      );
    }
    // An operation that messages a campaign's audience (its row in ops/behaviour.ts) asks first.
    const verb = behaviourOf(spec.id).audience?.verb(body ?? {});
    if (verb) await import('./campaigns/audience.js').then((m) => m.confirmCampaign(ctx, verb, Object.values(params)[0]));
    const api = await ctx.api();
    if (spec.paged) {
      const { runList } = await import('./list.js');
      // A paged operation's entry declares PAGE_OPTIONS (manifest/common.ts's listCommand, or by hand).
      return runList(ctx, input.opts as PageOpts, {
        what: requestOf(spec.id, params),
        view: spec.view,
        map: decorator(spec.id),
        fetch: async (page, limit) => {
          const res = await api.call(spec.id, { params, json: body, query: { ...query, page, limit } });
          return res.dryRun ? undefined : res.body;
        },
      });
    }
    const res = await api.call(spec.id, { params, json: body, query });
    if (!res.dryRun) await ctx.print(res.body, spec.view);
  };
}
