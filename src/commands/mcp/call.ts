// mcp call TOOL: arguments from --args (JSON|@file|-) overridden by --arg key=value,
// typed and checked against the tool's input schema before the call is sent.
import { readJsonArg } from '../../runtime/context.js';
import { UsageError } from '../../core/errors.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { CALL_OPTIONS } from './options.js';
import { ArgError, checkArgs, didYouMean, parseArgPairs } from '../../mcp/schema.js';
import { headerNameProblem } from '../../mcp/client.js';
import { printToolResult } from '../../mcp/result.js';
import { confirmTool } from './gate.js';
import { withMcp } from './tool.js';

export const run: Run<OptsOf<typeof CALL_OPTIONS>> = async (ctx, { args, opts, commands }) => {
  const name = String(args.TOOL);
  // Refused before any request: the transport would take the header error for a network one and retry.
  const unsendable = headerNameProblem(name);
  if (unsendable) throw new UsageError(unsendable);
  const pairs = opts.arg ?? [];
  for (const p of pairs) if (p.indexOf('=') <= 0) throw new UsageError(`--arg ${JSON.stringify(p)}: expected key=value`);
  let base: Record<string, unknown> = {};
  if (opts.args !== undefined) {
    const v = await readJsonArg(ctx, opts.args, '--args');
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new UsageError('--args: must be a JSON object');
    base = v as Record<string, unknown>;
  }
  const typed = (schema: Parameters<typeof parseArgPairs>[1]) => {
    try {
      return parseArgPairs(pairs, schema, base);
    } catch (err) {
      throw err instanceof ArgError ? new UsageError(err.message) : err;
    }
  };
  await withMcp(ctx, async (client) => {
    let toolArgs: Record<string, unknown>;
    if (ctx.settings.dryRun) {
      // Nothing is fetched, so there is no schema: values go as written (JSON when they parse).
      toolArgs = typed(undefined);
      ctx.io.err('(dry run: arguments not checked against the tool schema)');
    } else {
      const tools = await client.listTools();
      const tool = tools.find((t) => t.name === name);
      if (!tool) throw new UsageError(`unknown tool "${name}"${didYouMean(name, tools.map((t) => t.name))}; list them with \`chatcrm mcp tools\``);
      toolArgs = typed(tool.inputSchema);
      const problem = checkArgs(tool.inputSchema, toolArgs);
      if (problem) throw new UsageError(`--arg ${problem}`);
      // A tool that messages many or destroys: asked on a terminal, --yes otherwise (--dry-run calls nothing).
      await confirmTool(ctx, commands, tools, name, toolArgs);
    }
    await printToolResult(ctx, await client.callTool(name, toolArgs), name);
  });
};
