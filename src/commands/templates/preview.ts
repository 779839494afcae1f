// templates preview: offline, with the same inputs and checks as create.
import type { Run } from '../../runtime/command-types.js';
import type { TemplateOpts } from './body.js';
import { templateBody } from './body.js';
import { layout, renderTemplate } from '../../ops/render-template.js';

export const run: Run<TemplateOpts> = async (ctx, { opts }) => {
  const t = await templateBody(ctx, opts, { preview: true });
  const rendered = renderTemplate(t);
  const format = ctx.settings.output;
  if (format !== 'table') return ctx.print(rendered);
  ctx.io.out(layout(rendered, { box: ctx.io.stdoutIsTTY, width: ctx.io.columns }));
};
