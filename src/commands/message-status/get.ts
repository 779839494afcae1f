// message-status get MSG_ID... [--wait delivered|read]: the status query; ids the answer leaves
// out are named on stderr (the service answers with the messages it knows and says nothing of
// the rest). With --wait, the known ones are followed until they settle (wait.ts).
import { recordId, shapeOf } from '../../core/output/shape.js';
import type { Context } from '../../runtime/context.js';
import type { OpSpec, Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { WAIT_OPTIONS } from '../../runtime/option-lists.js';
import { buildOpRequest } from '../op.js';
import { follow, funnelText, merge, waitError, type WaitSpec, waitSpec } from '../wait/wait.js';

type Rec = Record<string, unknown>;
const idOf = (r: unknown) => String((r as { message_id?: unknown })?.message_id ?? recordId(r));

/** Follow the answered messages; print them as the last poll saw them; end as the wait did. */
async function waitFor(ctx: Context, spec: OpSpec, records: Rec[], wait: WaitSpec): Promise<void> {
  let followed = records.map((r) => merge({ message_id: idOf(r), status: 'sent' }, r));
  const label = () => `Waiting for ${wait.target}: ${funnelText(followed)}`;
  const spin = await ctx.io.spinner(label());
  const done = 'the messages were sent before, and nothing was changed';
  let problem: unknown;
  try {
    const result = await follow(ctx, followed, wait, { onChange: (now) => ((followed = now), spin?.update(label())), done });
    problem = waitError(result, wait, followed.length === 1 ? `message ${followed[0].message_id}` : `${followed.length} messages`, done);
  } catch (err) {
    problem = err;
  } finally {
    spin?.stop();
  }
  const last = new Map(followed.map((f) => [f.message_id, f]));
  await ctx.print({ data: records.map((r) => ({ ...r, ...last.get(idOf(r)) })) }, spec.view);
  if (problem) throw problem;
}

export const statusGet =
  (spec: OpSpec): Run<OptsOf<typeof WAIT_OPTIONS>> =>
  async (ctx, input) => {
    const wait = waitSpec(input.opts);
    const { body } = await buildOpRequest(ctx, spec, input);
    const res = await (await ctx.api()).call(spec.id, { json: body });
    if (res.dryRun) return;
    const { records, item } = shapeOf(res.body);
    const answered = (records ?? [item]).filter((r): r is Rec => Boolean(r) && typeof r === 'object');
    const ids = new Set(answered.map(idOf));
    const missing = (body?.message_ids as string[]).filter((id) => !ids.has(id));
    if (wait) {
      if (missing.length) ctx.io.err(`Warning: the server returned no status for ${missing.join(', ')}; not waiting for them`);
      return waitFor(ctx, spec, answered, wait);
    }
    await ctx.print(res.body, spec.view);
    if (missing.length) ctx.io.err(`Warning: the server returned no status for ${missing.join(', ')}`);
  };
