// mcp tools: the tools of the endpoint with their arguments (a `*` marks required ones).
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { Tool } from '../../mcp/client.js';
import { typeLabel } from '../../mcp/schema.js';
import { withMcp } from './tool.js';

export function argumentsLabel(tool: Tool): string {
  const s = tool.inputSchema ?? {};
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties ?? {})
    .map(([name, p]) => `${name}${required.has(name) ? '*' : ''}:${typeLabel(p)}`)
    .join(', ');
}

export const run: Run<OptsOf<[]>> = async (ctx) => {
  const tools = await withMcp(ctx, (c) => c.listTools());
  if (ctx.settings.dryRun) return;
  if (ctx.settings.output !== 'table' || ctx.settings.quiet || ctx.settings.fields) return ctx.print(tools, { id: 'name' });
  const rows = tools.map((t) => ({ name: t.name, description: (t.description ?? '').replace(/\s+/g, ' '), arguments: argumentsLabel(t) }));
  await ctx.print(rows, { id: 'name', columns: ['name', 'description', 'arguments'], drop: ['arguments'], cut: ['description'] });
  if (rows.length) ctx.io.err('(* = required)');
};
