// One tool call of `chatcrm mcp serve`: arguments checked the way the CLI checks its flags
// (the request pipeline of ops/pipeline.ts: the same zod schemas and rows of the behaviour
// table), the safety rules applied, then the operation called through the API client. Every
// outcome is a tool result: records found by the CLI's shape logic, or isError with the one
// line the CLI would print. The key is scrubbed from everything that leaves.
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { ApiClient } from '../../api/client.js';
import type { DryRunRequest } from '../../api/types.js';
import type { MultipartBody } from '../../api/multipart.js';
import type { OperationId } from '../../api/operations.js';
import type { Context } from '../../runtime/context.js';
import { CliError, EXIT, UsageError } from '../../core/errors.js';
import { shapeOf, isObj } from '../../core/output/shape.js';
import { scrub } from '../../core/redact.js';
import { sanitizeText } from '../../core/sanitize.js';
import { problemLine } from '../../schemas/problems.js';
import { behaviourOf, SERVICE_TOOLS } from '../../ops/behaviour.js';
import { decorator, guard, phonesAsText, prepared } from '../../ops/pipeline.js';
import { checkArgs } from '../schema.js';
import type { JsonObject, ToolDef } from '../../describe/catalog.js';
import { askUser, asksFirst, type Ask } from './elicit.js';

export interface ToolResult {
  content: { type: 'text'; text: string }[];
  structuredContent?: JsonObject;
  isError?: boolean;
  [k: string]: unknown;
}

export interface Safety {
  dryRun: boolean;
  /** Messages this server process may still send; undefined: no cap. */
  maxSends?: number;
  /** The only folder upload tools may read files from; undefined: no uploads. */
  uploadDir?: string;
}

/** A file inside the upload folder (symbolic links resolved first), else a UsageError naming `file`. */
async function uploadPath(dir: string, file: unknown): Promise<string> {
  if (typeof file !== 'string' || file.trim() === '') throw new UsageError('file: required (a file inside the upload folder)');
  const [{ realpath }, { resolve, sep }, { uploadFile }] = await Promise.all([import('node:fs/promises'), import('node:path'), import('../../ops/upload.js')]);
  const root = await realpath(dir);
  let full: string;
  try {
    full = await realpath(resolve(root, file));
  } catch {
    throw new UsageError(`file: no such file in the upload folder: ${file}`);
  }
  if (!full.startsWith(root + sep)) throw new UsageError(`file: ${file} is outside the upload folder`);
  return uploadFile(full, 'file');
}

/** Profile settings that fill an argument the agent left out. */
export function profileDefaults(ctx: Context): Record<string, string> {
  const s = ctx.settings;
  return Object.fromEntries(
    Object.entries({ sender_id: s.defaultSender, business_account_id: s.businessAccount }).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}


/** The most of a downloaded file a result carries: it lands in an agent's context. */
export const MAX_FILE_TEXT = 1024 * 1024;

/**
 * A download (`contacts_export_download`) as an agent can use it: the file's text, cut at a
 * line end past MAX_FILE_TEXT (the CLI command saves the whole file).
 */
async function fileText(stream: Readable, params: Record<string, string>, type: unknown): Promise<JsonObject> {
  const chunks: Buffer[] = [];
  let size = 0;
  let truncated = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size > MAX_FILE_TEXT) {
      truncated = true;
      break;
    }
  }
  let text = Buffer.concat(chunks).subarray(0, MAX_FILE_TEXT).toString('utf8');
  if (truncated) text = text.slice(0, text.lastIndexOf('\n') + 1);
  const name = Object.values(params)[0];
  return {
    file_name: name,
    content_type: String(type ?? ''),
    content: text,
    truncated,
    ...(truncated ? { note: `the first ${MAX_FILE_TEXT / 1024 / 1024} MB, whole lines; the whole file: chatcrm contacts export-download ${name}` } : {}),
  };
}

export class ToolRunner {
  private sent = 0;
  private readonly client: Promise<ApiClient>;

  constructor(
    private readonly ctx: Context,
    private readonly safety: Safety,
  ) {
    // A server lives long: its client keeps undici's warm pool and V8's optimising tiers. Made
    // first, it is the context's one client, so helpers calling ctx.api() (groupSender) share it.
    this.client = ctx.api({ longRunning: true });
  }

  /** Everything a result or error must never contain. */
  private secrets(): string[] {
    try {
      return [this.ctx.settings.apiKey()];
    } catch {
      return [];
    }
  }

  result(value: JsonObject, isError = false): ToolResult {
    const text = scrub(JSON.stringify(value, null, 2), this.secrets());
    const clean = JSON.parse(text) as JsonObject;
    return isError ? { content: [{ type: 'text', text: String(clean.error) }], isError: true } : { content: [{ type: 'text', text }], structuredContent: clean };
  }

  error(message: string): ToolResult {
    return this.result({ error: sanitizeText(message).replace(/\s*\n\s*/g, ' ') }, true);
  }

  /** `ask`: the user, through a client that supports elicitation (elicit.ts). */
  async call(tool: ToolDef, raw: unknown, ask?: Ask): Promise<ToolResult> {
    try {
      const defaults = Object.entries(profileDefaults(this.ctx)).filter(([k]) => k in tool.inputSchema.properties);
      const args = phonesAsText(tool.op, { ...Object.fromEntries(defaults), ...(isObj(raw) ? raw : {}) });
      if (raw !== undefined && !isObj(raw)) throw new UsageError('arguments: must be an object');
      const problem = checkArgs(tool.inputSchema as Parameters<typeof checkArgs>[0], args);
      if (problem) throw new UsageError(problem);
      if (tool.destructive && args.confirm !== true) throw new UsageError(`confirm: must be true (${tool.audience ? "this messages the campaign's whole audience" : 'this cannot be undone'})`);
      // The model's confirm is not the user's: a client that can ask them is made to. A send the
      // cap refuses is refused before the question (and counted only once it goes).
      if (ask && asksFirst(tool) && !this.safety.dryRun) {
        await this.countSend(tool, args, false);
        await askUser(tool, args, ask, () => this.client);
      }
      if (tool.op) return await this.operation(tool, tool.op, args);
      return tool.relay ? await this.relay(tool, tool.relay, args) : await this.offline(tool, args);
    } catch (err) {
      return this.error(err instanceof CliError ? err.message : `Unexpected error: ${(err as Error)?.message ?? String(err)}`);
    }
  }

  private async offline(tool: ToolDef, args: JsonObject): Promise<ToolResult> {
    if (tool.name === 'flows_validate') {
      const { checkFlow } = await import('../../schemas/flows.js');
      const { problems, warnings } = checkFlow(args.flow);
      return this.result({ valid: problems.length === 0, problems, warnings });
    }
    const [{ checkTemplate }, { renderTemplate, layout }] = await Promise.all([import('../../schemas/templates.js'), import('../../ops/render-template.js')]);
    const r = checkTemplate({ business_account_id: 'preview', ...args, template_type: 'standard' });
    if (!r.value) throw new UsageError(problemLine(r.problems));
    const rendered = renderTemplate(r.value);
    return this.result({ ...rendered, text: layout(rendered, { box: false, width: 64 }) });
  }

  private async operation(tool: ToolDef, op: OperationId, args: JsonObject): Promise<ToolResult> {
    const params = Object.fromEntries(tool.path.map((p) => [p, String(args[p])]));
    const query = Object.fromEntries(tool.query.filter((q) => args[q] !== undefined).map((q) => [q, String(args[q])]));
    let json: JsonObject | undefined;
    if (tool.body) {
      const taken = new Set([...tool.path, ...tool.query, ...(tool.destructive && !tool.body.fields.includes('confirm') ? ['confirm'] : [])]);
      const body = Object.fromEntries(Object.entries(args).filter(([k]) => tool.body!.fields.includes(k) || (tool.body!.loose && !taken.has(k))));
      json = (await prepared(op, tool.body.zod, body)) as JsonObject;
    } else if (tool.defaultBody) json = { ...tool.defaultBody };
    const { maxFileBytes } = behaviourOf(op);
    let form: MultipartBody | undefined;
    if (tool.upload) {
      const path = await uploadPath(this.safety.uploadDir!, args.file);
      if (maxFileBytes !== undefined && (await stat(path)).size > maxFileBytes) throw new UsageError(`file: ${String(args.file)} is larger than ${maxFileBytes / 1048576} MB, the most a message can carry`);
      const { multipart } = await import('../../api/multipart.js');
      const fields = Object.entries(json ?? {}).map(([name, v]) => ({ name, value: typeof v === 'string' ? v : JSON.stringify(v) }));
      form = multipart([...fields, { name: 'file', path }]);
      json = undefined;
    }

    await guard(this.ctx, op, { query, json });
    if (this.safety.dryRun) return this.dryRun(op, { params, query, json, form });
    await this.countSend(tool, args);
    const res = await (await this.client).call(op, { params, query, json, form });
    if (res.stream) return this.result(await fileText(res.stream, params, res.headers['content-type']));
    const shape = shapeOf(res.body);
    const decorate = decorator(op);
    if (decorate) shape.records?.forEach(decorate);
    return this.result(JSON.parse(JSON.stringify(shape)) as JsonObject);
  }

  /** A tool of the service's tool endpoint, with the checks of the CLI command that calls it. */
  private async relay(tool: ToolDef, name: string, args: JsonObject): Promise<ToolResult> {
    const { confirm: _confirm, ...given } = args;
    const relayed = SERVICE_TOOLS[name]?.args(given) ?? given;
    await this.countSend(tool, args);
    const [{ createMcpClient }, { errorText }] = await Promise.all([import('../client.js'), import('../result.js')]);
    let request: DryRunRequest | undefined;
    const api = this.safety.dryRun ? await this.dryRunClient((req) => (request = req)) : await this.client;
    const client = await createMcpClient(this.ctx, api);
    try {
      const result = await client.callTool(name, relayed);
      if (this.safety.dryRun) return this.result({ dry_run: true, request: request as unknown as JsonObject });
      if (result.isError) throw new CliError(errorText(result, name), EXIT.rejected);
      const text = (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text ?? '').join('\n');
      let value: unknown = result.structuredContent;
      try {
        value = JSON.parse(text);
      } catch {
        value ??= text;
      }
      return this.result(JSON.parse(JSON.stringify(shapeOf(value))) as JsonObject);
    } finally {
      await client.close();
    }
  }

  /**
   * Counts the messages a call sends against --max-sends, or refuses it (nothing sent): one
   * for a message, the audience for a campaign. A campaign whose audience the service does not
   * tell, or a recurrence (its sends come later, on the service's schedule), cannot be counted,
   * so a cap refuses it. A dry run sends nothing and counts nothing; `count` false only checks.
   */
  private async countSend(tool: ToolDef, args: JsonObject, count = true): Promise<void> {
    const max = this.safety.maxSends;
    if (!tool.sends || this.safety.dryRun || max === undefined) return;
    const plural = (n: number) => `${n} message${n === 1 ? '' : 's'}`;
    let n = 1;
    if (tool.audience) {
      const id = String(args.campaign_id);
      const rule = behaviourOf(tool.op).audience;
      if (rule?.when === 'schedule') {
        // A recurrence stopped messages nobody: nothing to count.
        if (rule.verb(args) === undefined) return;
        throw new UsageError(`max-sends: a recurring campaign ${id} is sent on the service's schedule, which --max-sends ${max} cannot count; nothing was sent`);
      }
      const { readAudience, describeAudience } = await import('../../ops/audience.js');
      const audience = await readAudience(await this.client, id);
      if (audience.size === undefined) throw new UsageError(`max-sends: ${describeAudience(audience)} cannot be counted against --max-sends ${max}; nothing was sent`);
      n = audience.size;
      if (this.sent + n > max) {
        throw new UsageError(`max-sends: ${describeAudience(audience)} is more than this server may still send: ${max - this.sent} of its ${plural(max)} (--max-sends ${max}); nothing was sent`);
      }
    }
    if (this.sent + n > max) throw new UsageError(`max-sends: this server has sent its ${plural(max)} (--max-sends ${max}); nothing was sent`);
    if (count) this.sent += n;
  }

  private dryRunClient(capture: (req: DryRunRequest) => void): Promise<ApiClient> {
    return this.ctx.newClient({ dryRun: true, dryRunOut: capture });
  }

  /** The request the call would send: a client of its own captures it, so calls never mix. */
  private async dryRun(op: OperationId, o: { params: Record<string, string>; query: Record<string, string>; json?: JsonObject; form?: MultipartBody }): Promise<ToolResult> {
    let request: DryRunRequest | undefined;
    await (await this.dryRunClient((req) => (request = req))).call(op, o);
    return this.result({ dry_run: true, request: request as unknown as JsonObject });
  }
}
