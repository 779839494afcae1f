// templates create: every variant of docs/service-api.md 4.2 from flags and/or --file, checked first.
import type { Run } from '../../runtime/command-types.js';
import type { TemplateOpts } from './body.js';
import { templateBody } from './body.js';

export const run: Run<TemplateOpts> = async (ctx, { opts }) => {
  const json = await templateBody(ctx, opts, { preview: false });
  const res = await (await ctx.api()).call('templates.create', { json });
  if (!res.dryRun) await ctx.print(res.body, { id: 'template_id' });
};
