// The confirmation question of a destructive command, naming the record it acts on
// (`Delete flow "Pizza orders" (6b089cd3f97e4fec06e5b94b)?`) when the area's `get` operation can fetch it in one
// request. Loaded only when the question is really asked (a TTY, no --yes, no --dry-run).
import { getOperation, operations, pathParams, type OperationId, type SandboxOperationId } from '../api/operations.js';
import type { Context } from '../runtime/context.js';
import { shapeOf } from '../core/output/shape.js';

/** Fields a record is known by, in the order the service's areas use them. */
const NAME_FIELDS = ['name', 'title', 'template_name', 'code'];

export async function recordQuestion(ctx: Context, opId: OperationId | SandboxOperationId, ids: string[]): Promise<string | undefined> {
  const getter = `${opId.split('.')[0]}.get`;
  if (ids.length !== 1 || !(getter in operations)) return undefined;
  const get = getOperation(getter as OperationId);
  const [param] = pathParams(get.path);
  let item: Record<string, unknown>;
  try {
    const res = await (await ctx.api()).call(getter as OperationId, { params: { [param]: ids[0] }, retries: 0 });
    item = shapeOf(res.body).item as Record<string, unknown>;
  } catch {
    // The plain question still stands; the delete itself reports what is wrong.
    return undefined;
  }
  const name = NAME_FIELDS.map((f) => item?.[f]).find((v) => typeof v === 'string' && v !== '');
  const verb = getOperation(opId).summary.split(' ')[0];
  const noun = get.summary.replace(/^Show (an?|the) /, '');
  // The whole id: records made together share their first characters (ObjectIds start with a timestamp).
  return `${verb} ${noun}${name ? ` "${String(name)}"` : ''} (${ids[0]})?`;
}
