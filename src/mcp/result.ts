// Printing a tool result: JSON text as a table when it holds records (through ctx.print,
// so -o/--fields/-q work), other JSON pretty-printed, plain text as it is. A result with
// isError is a refusal (exit 5) carrying the tool's own message.
import type { Context } from '../runtime/context.js';
import type { View } from '../core/output/print.js';
import { shapeOf } from '../core/output/shape.js';
import { sanitizeText } from '../core/sanitize.js';
import { McpError, type ToolResult } from './client.js';

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false } => {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
};

/** The text of a result's content items, one a line. */
export function resultText(result: ToolResult): string {
  return (result.content ?? [])
    .map((c) => (c.type === 'text' ? (c.text ?? '') : `[${c.type}${typeof c.mimeType === 'string' ? ` ${c.mimeType}` : ''}]`))
    .join('\n');
}

/** The error message of an isError result, collapsed to one line. */
export function errorText(result: ToolResult, tool: string): string {
  const text = resultText(result);
  const parsed = parseJson(text);
  const b = parsed.ok && typeof parsed.value === 'object' && parsed.value ? (parsed.value as Record<string, unknown>) : undefined;
  const msg = typeof b?.message === 'string' ? b.message : typeof b?.error === 'string' ? b.error : text;
  return `${tool}: ${msg.replace(/\s+/g, ' ').trim() || 'the tool failed'}`;
}

/** The value a tool answered (its JSON text parsed, or the text itself); undefined after --dry-run. */
export function toolValue(result: ToolResult, tool: string): unknown {
  if (result.dryRun) return undefined;
  if (result.isError) throw new McpError(errorText(result, tool));
  const texts = (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text ?? '');
  if (!texts.length) return result.structuredContent;
  const parsed = parseJson(texts.join('\n'));
  return parsed.ok ? parsed.value : texts.join('\n');
}

/**
 * `unwrap`: the commands made of one tool (contacts create, campaigns send, chat send
 * --via-mcp) print like REST ones: the envelope's record as key/value rows and a ✓ line.
 */
export async function printToolResult(ctx: Context, result: ToolResult, tool: string, opts: { unwrap?: boolean; view?: View } = {}): Promise<void> {
  if (result.dryRun) return;
  if (result.isError) throw new McpError(errorText(result, tool));
  if (opts.unwrap) {
    const value = toolValue(result, tool);
    // Plain text from the tool is shown as lines (control characters visible); JSON formats quote it.
    return typeof value === 'string' && ctx.settings.output === 'table' ? ctx.io.out(sanitizeText(value)) : ctx.print(value, opts.view);
  }
  const texts = (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text ?? '');
  const values = texts.length ? texts.map(parseJson) : result.structuredContent !== undefined ? [{ ok: true as const, value: result.structuredContent }] : [];
  for (const [i, v] of values.entries()) {
    if (!v.ok) {
      ctx.settings.output === 'json' ? ctx.io.data(JSON.stringify(texts[i])) : ctx.io.out(texts[i]);
      continue;
    }
    const s = ctx.settings;
    if (shapeOf(v.value).records || (s.output !== 'table' && s.output !== 'json') || s.quiet || s.fields) await ctx.print(v.value);
    else ctx.io.data(JSON.stringify(v.value, null, 2));
  }
  const other = (result.content ?? []).filter((c) => c.type !== 'text');
  if (other.length) ctx.io.err(`(${other.length} non-text content item${other.length > 1 ? 's' : ''} not shown: ${other.map((c) => c.type).join(', ')})`);
}
