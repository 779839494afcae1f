// doctor: one check per thing that can be wrong, in the order a user would fix them.
// Exit 0 when none failed (warnings allowed), otherwise the exit code of the first failure.
import { accessSync, constants, existsSync } from 'node:fs';
import type { ApiClient } from '../../api/client.js';
import type { ApiResponse } from '../../api/types.js';
import { readConfig } from '../../config/store.js';
import { CliError, EXIT, exitCodeForStatus, type ExitCode } from '../../core/errors.js';
import type { Context } from '../../runtime/context.js';
import { errorMessage } from '../../api/errors-body.js';
import type { OperationId } from '../../api/operations.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import { describeUser, profileUser } from './profile-user.js';
import { describeSource, keyOrigin, settingSources } from './sources.js';

type Status = 'ok' | 'warn' | 'fail' | 'skip';

interface Check {
  check: string;
  status: Status;
  detail: string;
  exit_code?: ExitCode;
  latency_ms?: number;
}

const MARK: Record<Status, string> = { ok: '✓', warn: '!', fail: '✗', skip: '-' };
const COLOR: Record<Status, number> = { ok: 32, warn: 33, fail: 31, skip: 90 };

type Probe = { res: ApiResponse<unknown>; ms: number } | { error: CliError; ms: number };

/** One request, no retries: a doctor reports what is, quickly. */
async function probe(api: ApiClient, id: OperationId, auth = true): Promise<Probe> {
  const started = Date.now();
  try {
    const res = await api.call(id, { allowErrors: true, retries: 0, auth });
    return { res, ms: Date.now() - started };
  } catch (err) {
    if (err instanceof CliError) return { error: err, ms: Date.now() - started };
    throw err;
  }
}

function configChecks(ctx: Context): Check[] {
  const s = ctx.settings;
  const from = settingSources(ctx);
  const checks: Check[] = [];
  const dir = s.configDir;
  if (!existsSync(dir)) checks.push({ check: 'config dir', status: 'warn', detail: `${dir} does not exist yet (run \`chatcrm login\`)` });
  else {
    try {
      accessSync(dir, constants.R_OK);
      readConfig(dir);
      checks.push({ check: 'config dir', status: 'ok', detail: dir });
    } catch (err) {
      checks.push({ check: 'config dir', status: 'fail', detail: (err as Error).message, exit_code: EXIT.usage });
    }
  }
  const stored = Boolean(readConfig(dir).profiles?.[s.profileName]);
  if (stored) checks.push({ check: 'profile', status: 'ok', detail: `"${s.profileName}" (${describeSource[from.profile]})` });
  else if (from.baseUrl === 'env' || from.baseUrl === 'flag') {
    checks.push({ check: 'profile', status: 'warn', detail: `"${s.profileName}" is not stored; using the ${from.baseUrl === 'env' ? 'environment' : 'flags'}` });
  } else checks.push({ check: 'profile', status: 'fail', detail: `"${s.profileName}" not found: run \`chatcrm login\``, exit_code: EXIT.usage });
  if (s.baseUrl) checks.push({ check: 'base url', status: 'ok', detail: `${s.baseUrl} (${describeSource[from.baseUrl]})` });
  else checks.push({ check: 'base url', status: 'fail', detail: 'not set: pass --base-url, set CHATCRM_BASE_URL, or run `chatcrm login`', exit_code: EXIT.usage });
  return checks;
}

/** Why no key can be used (none, a refused credentials file, a malformed key), or undefined when one can. */
function keyProblem(ctx: Context): CliError | undefined {
  try {
    ctx.settings.apiKey();
    return undefined;
  } catch (err) {
    if (err instanceof CliError) return err;
    throw err;
  }
}

async function serviceChecks(ctx: Context, api: ApiClient): Promise<Check[]> {
  const checks: Check[] = [];
  const problem = keyProblem(ctx);
  const keyed = !problem;
  // Without a key, an unauthenticated request still shows whether the address answers.
  const p = await probe(api, 'auth.profile', keyed);
  if ('error' in p) {
    checks.push({ check: 'base url reachable', status: 'fail', detail: p.error.message, exit_code: p.error.exitCode });
    checks.push({ check: 'key', status: 'skip', detail: 'service not reachable' });
  } else if (p.res.dryRun) {
    return [{ check: 'service', status: 'skip', detail: 'dry run: nothing was sent' }];
  } else {
    const { status, body } = p.res;
    checks.push({ check: 'base url reachable', status: status < 500 ? 'ok' : 'fail', detail: `HTTP ${status} in ${p.ms} ms`, latency_ms: p.ms, ...(status >= 500 && { exit_code: EXIT.server }) });
    checks.push(problem ? { check: 'key', status: 'fail', detail: problem.message, exit_code: problem.exitCode } : keyCheck(status, body, ctx));
  }

  const m = await probe(api, 'mcp.health', keyed);
  if ('error' in m) checks.push({ check: 'mcp url reachable', status: 'fail', detail: m.error.message, exit_code: m.error.exitCode });
  else if (m.res.status < 400) checks.push({ check: 'mcp url reachable', status: 'ok', detail: `${ctx.settings.mcpUrl} answered HTTP ${m.res.status} in ${m.ms} ms`, latency_ms: m.ms });
  else if (m.res.status === 501 || m.res.status === 404) {
    checks.push({ check: 'mcp url reachable', status: 'warn', detail: `${ctx.settings.mcpUrl} answers, but /healthz is not implemented (HTTP ${m.res.status})${api.mcpUrlHint(m.res.status)}`, latency_ms: m.ms });
  } else checks.push({ check: 'mcp url reachable', status: m.res.status >= 500 ? 'fail' : 'warn', detail: errorMessage(m.res.body, m.res.status), ...(m.res.status >= 500 && { exit_code: EXIT.server }) });

  const keyOk = checks.some((c) => c.check === 'key' && c.status === 'ok');
  if (!keyOk) checks.push({ check: 'plan', status: 'skip', detail: 'needs a valid key' });
  else checks.push(planCheck(await probe(api, 'subscription.show')));
  return checks;
}

/** Valid only when the profile call names a user; either way, which key it was. */
function keyCheck(status: number, body: unknown, ctx: Context): Check {
  const origin = ` (key from ${keyOrigin(ctx)})`;
  if (status >= 400) return { check: 'key', status: 'fail', detail: errorMessage(body, status) + origin, exit_code: exitCodeForStatus(status) };
  try {
    return { check: 'key', status: 'ok', detail: `valid: ${describeUser(profileUser(body, status, ctx.settings.baseUrl))}${origin}` };
  } catch (err) {
    return { check: 'key', status: 'fail', detail: (err as CliError).message + origin, exit_code: (err as CliError).exitCode };
  }
}

function planCheck(p: Probe): Check {
  if ('error' in p) return { check: 'plan', status: 'warn', detail: p.error.message };
  const { status, body } = p.res;
  if (status >= 400) return { check: 'plan', status: 'warn', detail: `cannot tell: ${errorMessage(body, status)}` };
  const data = ((body as { data?: unknown })?.data ?? body ?? {}) as Record<string, unknown>;
  const plan = (typeof data.plan === 'object' && data.plan ? data.plan : data) as Record<string, unknown>;
  const name = plan.name ?? plan.plan_name ?? data.plan_name ?? data.plan;
  const features = Array.isArray(plan.features) ? plan.features : Array.isArray(data.features) ? data.features : [];
  return { check: 'plan', status: 'ok', detail: `${typeof name === 'string' ? name : 'active'}${features.length ? `; features: ${features.join(', ')}` : ''}` };
}

export const run: Run<OptsOf<[]>> = async (ctx) => {
  const checks = configChecks(ctx);
  if (ctx.settings.baseUrl) checks.push(...(await serviceChecks(ctx, await ctx.api())));
  if (ctx.settings.output === 'table') {
    const width = Math.max(...checks.map((c) => c.check.length));
    for (const c of checks) ctx.io.out(ctx.io.paint(COLOR[c.status], MARK[c.status]), ` ${c.check.padEnd(width)}  ${c.detail}`);
  } else await ctx.print(checks, { id: 'check' });
  const failed = checks.find((c) => c.status === 'fail');
  if (failed) ctx.io.err(`doctor: ${checks.filter((c) => c.status === 'fail').length} check(s) failed`);
  return failed?.exit_code ?? (failed ? EXIT.unexpected : EXIT.ok);
};
