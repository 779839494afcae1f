// CONTENT flags → the `message` object of docs/service-api.md 2, and the request that carries it:
// JSON for URLs, multipart (streamed from disk) when a media flag names a local file.
// Shared by `chat send` and `chat send-batch` (which fills the flags per row).
import { statSync } from 'node:fs';
import type { CallOptions } from '../../api/types.js';
import { multipart } from '../../api/multipart.js';
import type { OperationId } from '../../api/operations.js';
import { UsageError } from '../../core/errors.js';
import { flagName } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { CONTENT_OPTIONS } from './options.js';
import { sendFileRequest, sendRequest, type Message } from '../../schemas/chat.js';
import type { FieldFlags } from '../../schemas/problems.js';
import { behaviourOf } from '../../ops/behaviour.js';
import { shaped } from '../../ops/pipeline.js';

/** The content flags (commander's camelCase names); exactly one is given. */
export const CONTENT = ['text', 'image', 'video', 'audio', 'document', 'location', 'template', 'react', 'message'] as const;
export type ContentKind = (typeof CONTENT)[number];

type Given = OptsOf<typeof CONTENT_OPTIONS>;
/**
 * The CONTENT flags as a command holds them: `message` may be the parsed JSON of --message, and
 * a batch row's flags are its cells.
 */
export type ContentFlags = { [K in keyof Given]?: K extends 'message' ? unknown : Given[K] };

/** Modifier flags and the content flags they belong to. */
const MODIFIERS: Partial<Record<keyof ContentFlags, readonly ContentKind[]>> = {
  caption: ['image', 'video', 'document'],
  filename: ['document'],
  name: ['location'],
  address: ['location'],
  language: ['template'],
  var: ['template'],
  headerMedia: ['template'],
  emoji: ['react'],
};
/** Made once: contentKind runs for every row of a batch. */
const MODIFIER_ENTRIES = Object.entries(MODIFIERS) as [keyof ContentFlags, readonly ContentKind[]][];

export interface Content {
  message: Message;
  /** A local file to upload in the multipart form (the message then has no url). */
  file?: string;
  /** Which content flag gave which field of the request, for validation messages. */
  flags: FieldFlags;
}

const media = (kind: string): FieldFlags => ({ [`message.${kind}`]: `--${kind}`, [`message.${kind}.caption`]: '--caption', [`message.${kind}.filename`]: '--filename' });

/** The fields each content flag fills (with its modifiers'). */
const CONTENT_FIELDS: Record<ContentKind, FieldFlags> = {
  text: { 'message.text.body': '--text' },
  image: media('image'),
  video: media('video'),
  audio: media('audio'),
  document: media('document'),
  location: { 'message.location': '--location', 'message.location.name': '--name', 'message.location.address': '--address' },
  template: { 'message.template': '--template', 'message.template.language_code': '--language', 'message.template.body_variables': '--var', 'message.template.header_media': '--header-media' },
  react: { 'message.reaction.message_id': '--react', 'message.reaction.emoji': '--emoji' },
  message: { message: '--message' },
};

/** Which content flag is given; throws unless exactly one is, with the modifiers it needs. */
export function contentKind(opts: ContentFlags): ContentKind {
  const given = CONTENT.filter((k) => opts[k] !== undefined);
  if (given.length !== 1) {
    throw new UsageError(
      given.length
        ? `give only one content flag, got ${given.map(flagName).join(' and ')}`
        : `give one content flag: ${CONTENT.map(flagName).join(', ')}`,
    );
  }
  const kind = given[0];
  for (const [mod, kinds] of MODIFIER_ENTRIES) {
    const v = opts[mod];
    if (v !== undefined && !(Array.isArray(v) && v.length === 0) && !kinds.includes(kind)) {
      throw new UsageError(`${flagName(mod)}: only goes with ${kinds.map(flagName).join(', ')}`);
    }
  }
  if (kind === 'template' && opts.language === undefined) throw new UsageError('--language: required with --template (a locale such as en_US)');
  if (kind === 'react' && (opts.emoji === undefined || opts.emoji === '')) throw new UsageError('--emoji: required with --react');
  return kind;
}

/** A URL stays a URL; anything else must be a readable file of at most 16 MB. */
export function mediaSource(label: string, value: string): { url: string } | { file: string } {
  if (/^https?:\/\//i.test(value)) return { url: value };
  if (value.trim() === '') throw new UsageError(`${label}: give an http(s) URL or a local file`);
  let size: number;
  try {
    const st = statSync(value);
    if (st.isDirectory()) throw new UsageError(`${label}: ${value} is a directory, not a file`);
    if (!st.isFile()) throw new UsageError(`${label}: ${value} is not a regular file`);
    size = st.size;
  } catch (err) {
    if (err instanceof UsageError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${label}: ${code === 'ENOENT' ? `no such file: ${value} (give an http(s) URL or a local file)` : `cannot read ${value} (${code})`}`);
  }
  // The cap of the operation that sends a file (its row in ops/behaviour.ts, as the chat_send_file tool reads it).
  const { maxFileBytes = Infinity } = behaviourOf('chat.sendFile');
  if (size > maxFileBytes) throw new UsageError(`${label}: ${value} is ${(size / 1048576).toFixed(1)} MB; files up to ${maxFileBytes / 1048576} MB can be sent`);
  return { file: value };
}

function location(value: string): { latitude: number; longitude: number } {
  const m = /^\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!m) throw new UsageError(`--location: expected LAT,LNG such as 52.5200,13.4050, got "${value}"`);
  return { latitude: Number(m[1]), longitude: Number(m[2]) };
}

function headerMedia(value: string): { type: string; url: string } {
  const i = value.indexOf(':');
  if (i <= 0) throw new UsageError(`--header-media: expected TYPE:URL such as image:https://example.com/a.png, got "${value}"`);
  return { type: value.slice(0, i), url: value.slice(i + 1) };
}

const str = (v: unknown) => (v === undefined ? undefined : String(v));

/**
 * The message for the given flags. `opts.message`, when given, is the already parsed
 * JSON of `--message`. Field checks (ranges, locale) are left to the schema in `request()`.
 */
export function buildContent(opts: ContentFlags): Content {
  const kind = contentKind(opts);
  return { ...contentOf(kind, opts[kind], opts), flags: CONTENT_FIELDS[kind] };
}

function contentOf(kind: ContentKind, v: unknown, opts: ContentFlags): Omit<Content, 'flags'> {
  switch (kind) {
    case 'text':
      return { message: { type: 'text', text: { body: String(v) } } };
    case 'image':
    case 'video':
    case 'audio':
    case 'document': {
      const src = mediaSource(flagName(kind), String(v));
      const extra: Record<string, string | undefined> = {};
      if (kind !== 'audio') extra.caption = str(opts.caption);
      if (kind === 'document') extra.filename = str(opts.filename) ?? ('file' in src ? src.file.split(/[\\/]/).pop() : undefined);
      const obj = Object.fromEntries(Object.entries({ ...('url' in src ? { url: src.url } : {}), ...extra }).filter(([, x]) => x !== undefined));
      return { message: { type: kind, [kind]: obj } as Message, file: 'file' in src ? src.file : undefined };
    }
    case 'location': {
      const loc: Record<string, unknown> = location(String(v));
      if (opts.name !== undefined) loc.name = opts.name;
      if (opts.address !== undefined) loc.address = opts.address;
      return { message: { type: 'location', location: loc } as Message };
    }
    case 'template': {
      const t: Record<string, unknown> = { template_id: String(v), language_code: String(opts.language) };
      if (opts.var?.length) t.body_variables = opts.var;
      if (opts.headerMedia !== undefined) t.header_media = headerMedia(opts.headerMedia);
      return { message: { type: 'template', template: t } as Message };
    }
    case 'react':
      return { message: { type: 'reaction', reaction: { message_id: String(v), emoji: String(opts.emoji) } } };
    case 'message':
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new UsageError('--message: must be a JSON object with type and the object named after it');
      return { message: v as Message };
  }
}

export interface SendCall {
  op: OperationId;
  options: CallOptions;
}

/**
 * The validated request for one message; throws a UsageError naming each field, or the flag
 * that gave it when `flags` says (a batch row's fields come from its columns, not flags).
 */
export function sendCall(sender_id: string, to: string, content: Content, flags: FieldFlags = {}): SendCall {
  if (content.file) {
    const body = shaped('chat.sendFile', sendFileRequest, { sender_id, to, message: content.message }, flags);
    const form = multipart([
      { name: 'sender_id', value: body.sender_id },
      { name: 'to', value: body.to },
      { name: 'message', value: JSON.stringify(body.message) },
      { name: 'file', path: content.file },
    ]);
    return { op: 'chat.sendFile', options: { form } };
  }
  return { op: 'chat.send', options: { json: shaped('chat.send', sendRequest, { sender_id, to, message: content.message }, flags) } };
}
