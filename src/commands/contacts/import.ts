// contacts import FILE: the tool create_contact once per CSV/JSONL row, through the batch
// engine (journal, --resume, uncertain rows, results), like chat send-batch.
import type { DryRunRequest } from '../../api/types.js';
import { batchClient, batchFlags, finishBatch } from '../../batch/command.js';
import { runBatch } from '../../batch/engine.js';
import type { Record_ } from '../../batch/reader.js';
import { UsageError } from '../../core/errors.js';
import { recordId, shapeOf } from '../../core/output/shape.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { BATCH_OPTIONS } from '../../runtime/option-lists.js';
import { McpError, createMcpClient, type McpClient, type ToolResult } from '../../mcp/client.js';
import { errorText, resultText } from '../../mcp/result.js';
import { checkArgs, type JsonSchema } from '../../mcp/schema.js';
import { normalizePhone } from '../../ops/recipient.js';
// A row's columns are named as the tool's arguments.
import { ARG_NAMES as COLUMNS, contactArgs } from '../../ops/contacts.js';

const TOOL = 'create_contact';

const cell = (record: Record_, column: string): string | undefined => {
  const v = record[column];
  return v === undefined || v === null || v === '' ? undefined : typeof v === 'string' ? v : JSON.stringify(v);
};

/** Tags as a JSON array, or separated by `;` or `,`. */
function tagsOf(record: Record_): string[] {
  const v = record.tags;
  if (Array.isArray(v)) return v.map(String);
  const s = cell(record, 'tags');
  if (s === undefined) return [];
  if (s.trim().startsWith('[')) {
    try {
      const parsed = JSON.parse(s);
      if (Array.isArray(parsed)) return parsed.map(String);
    } catch {
      throw new UsageError('tags: not a valid JSON array');
    }
  }
  return s.split(/[;,]/).map((t) => t.trim()).filter(Boolean);
}

/** Custom fields from `field.<key>` columns, or a `custom_fields` JSON object. */
function customFieldsOf(record: Record_): Record<string, string> {
  const out: Record<string, string> = {};
  const whole = record.custom_fields;
  const obj = typeof whole === 'string' && whole.trim() ? safeObject(whole) : whole;
  if (obj && typeof obj === 'object') for (const [k, v] of Object.entries(obj)) out[k] = String(v);
  for (const [k, v] of Object.entries(record)) if (k.startsWith('field.') && v !== '' && v !== undefined && v !== null) out[k.slice(6)] = String(v);
  return out;
}

function safeObject(text: string): Record<string, unknown> {
  try {
    const v = JSON.parse(text);
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new UsageError('custom_fields: must be a JSON object');
}

const phoneOf = (record: Record_) => cell(record, 'phone_number') ?? cell(record, 'phone');

/** The id of the created contact, from the tool's JSON text. */
function contactId(result: ToolResult): string | undefined {
  try {
    const shape = shapeOf(JSON.parse(resultText(result)));
    return recordId(shape.item ?? shape.records?.[0]);
  } catch {
    return undefined;
  }
}

export const run: Run<OptsOf<typeof BATCH_OPTIONS>> = async (ctx, { args, opts }) => {
  const file = String(args.FILE ?? '');
  if (file === '') throw new UsageError('FILE: a CSV or JSONL file of contacts is required');
  const common = batchFlags(ctx, opts);
  let client: McpClient | undefined;
  let ready: Promise<JsonSchema | undefined> | undefined;
  // One tools/list before the first row is sent (not before the file is checked): it checks the
  // key, settles the session, if the server keeps one, before requests run concurrently, and
  // gives the schema each row is checked against.
  const prepare = () =>
    (ready ??= (async () => {
      // With --rate, every request of the import (the list, each row, its retries) in its turn.
      client = await createMcpClient(ctx, await batchClient(ctx), common.pace);
      const tool = (await client.listTools()).find((t) => t.name === TOOL);
      if (!tool) throw new McpError(`The tool endpoint has no ${TOOL} tool`);
      return tool.inputSchema as JsonSchema | undefined;
    })());
  try {
    const summary = await runBatch<Record<string, unknown>>({
      ...common,
      file,
      label: 'contacts import',
      resultColumns: { key: 'phone_number', id: 'contact_id' },
      checkColumns(columns) {
        if (!columns.includes('phone_number') && !columns.includes('phone')) {
          throw new UsageError(`FILE: ${file} has no "phone_number" (or "phone") column (columns: ${columns.join(', ') || 'none'})`);
        }
        if (!columns.includes('name')) throw new UsageError(`FILE: ${file} has no "name" column (columns: ${columns.join(', ')})`);
      },
      key: (record) => {
        const raw = phoneOf(record) ?? '';
        try {
          return normalizePhone(raw, 'phone_number');
        } catch {
          return raw;
        }
      },
      build(record) {
        return contactArgs(
          { phone: phoneOf(record), name: cell(record, 'name'), email: cell(record, 'email'), source: cell(record, 'source'), status: cell(record, 'status'), tags: tagsOf(record), customFields: customFieldsOf(record) },
          COLUMNS,
        );
      },
      render: (toolArgs) => `${TOOL} ${JSON.stringify(toolArgs)}`,
      async preflight() {
        await prepare();
      },
      async send(toolArgs) {
        const schema = await prepare();
        const problem = checkArgs(schema, toolArgs);
        if (problem) throw new UsageError(problem);
        const result = await client!.callTool(TOOL, toolArgs);
        if (result.isError) throw new McpError(errorText(result, TOOL));
        return contactId(result);
      },
      // --dry-run shows the first row's request, as send-batch does: the tools/call it would post.
      async describe(toolArgs) {
        let request: DryRunRequest | undefined;
        const capture = await ctx.newClient({ dryRunOut: (r) => (request = r) });
        await (await createMcpClient(ctx, capture)).callTool(TOOL, toolArgs);
        return request;
      },
    });
    // "sent", as the journal and the results file say: one word for a row whose request went.
    await finishBatch(ctx, summary);
  } finally {
    await client?.close();
  }
};
