// message-status get MSG_ID...: the status query; ids the answer leaves out are named on
// stderr (the service answers with the messages it knows and says nothing of the rest).
import { recordId, shapeOf } from '../../core/output/shape.js';
import type { OpSpec, Run } from '../../core/command-types.js';
import { buildOpRequest } from '../op.js';

export const statusGet =
  (spec: OpSpec): Run =>
  async (ctx, input) => {
    const { body } = await buildOpRequest(ctx, spec, input);
    const res = await (await ctx.api()).call(spec.id, { json: body });
    if (res.dryRun) return;
    await ctx.print(res.body, spec.view);
    const { records, item } = shapeOf(res.body);
    const answered = new Set((records ?? [item]).map((r) => String((r as { message_id?: unknown })?.message_id ?? recordId(r))));
    const missing = (body?.message_ids as string[]).filter((id) => !answered.has(id));
    if (missing.length) ctx.io.err(`Warning: the server returned no status for ${missing.join(', ')}`);
  };
