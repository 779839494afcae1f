// The options of chat's commands with code, declared once: the manifest builds them
// (manifest/chat.ts), the commands read their type (OptsOf). Data only.
import { BATCH_OPTIONS, PAGE_OPTIONS, WAIT_OPTIONS } from '../../runtime/option-lists.js';
import type { OptSpec } from '../../runtime/command-types.js';

const SENDER = { flags: '--sender <id>', description: 'sender id (default: the profile\'s default-sender)' } as const satisfies OptSpec;

/** The CONTENT flags of docs/contract.md, shared by `send` and `send-batch`. */
export const CONTENT_OPTIONS = [
  { flags: '--text <body>', description: 'a text message' },
  { flags: '--image <url|path>', description: 'an image: public URL, or a local file (uploaded, up to 16 MB)' },
  { flags: '--video <url|path>', description: 'a video: URL or local file' },
  { flags: '--audio <url|path>', description: 'an audio clip: URL or local file' },
  { flags: '--document <url|path>', description: 'a document: URL or local file' },
  { flags: '--caption <text>', description: 'caption of an image, video or document' },
  { flags: '--filename <name>', description: 'file name shown for a document' },
  { flags: '--location <lat,lng>', description: 'a location, e.g. 52.5200,13.4050' },
  { flags: '--name <name>', description: 'name of the --location' },
  { flags: '--address <address>', description: 'address of the --location' },
  { flags: '--template <name>', description: 'an approved template, by its name (chatcrm templates list; sent as template_id)' },
  { flags: '--language <xx_XX>', description: 'template language, e.g. en_US' },
  { flags: '--var <value>', description: 'template body variable, in order (repeatable)', repeatable: true },
  { flags: '--header-media <type:url>', description: 'template header media, e.g. image:https://example.com/a.png' },
  { flags: '--react <message_id>', description: 'react to a message' },
  { flags: '--emoji <emoji>', description: 'the reaction emoji' },
  { flags: '--message <json>', description: 'the raw message object: JSON, @file or - (stdin)' },
] as const satisfies readonly OptSpec[];

export const SEND_OPTIONS = [
  { flags: '--to <digits>', description: 'recipient phone number (international; +, spaces, -, ( ) are stripped)' },
  SENDER,
  ...CONTENT_OPTIONS,
  { flags: '--via-mcp', description: 'send a text through the tool endpoint (tool send_chat_message) instead of the REST API' },
  ...WAIT_OPTIONS,
] as const satisfies readonly OptSpec[];

export const SEND_BATCH_OPTIONS = [
  SENDER,
  ...CONTENT_OPTIONS,
  ...BATCH_OPTIONS,
  { flags: '--new-message', description: 'with --resume, send a message that differs from the one the journal recorded, in the options or in edited rows (refused without it, before any send)' },
  ...WAIT_OPTIONS,
] as const satisfies readonly OptSpec[];

export const GROUPS_LIST_OPTIONS = [SENDER, ...PAGE_OPTIONS] as const satisfies readonly OptSpec[];

export const GROUPS_SEND_OPTIONS = [
  { flags: '--group-id <id>', description: 'group id (or --group-name)' },
  { flags: '--group-name <name>', description: 'group name (or --group-id)' },
  { flags: '--text <body>', description: 'the message' },
  { flags: '--mention <digits>', description: 'phone number of a member to mention (repeatable)', repeatable: true },
  SENDER,
  ...WAIT_OPTIONS,
] as const satisfies readonly OptSpec[];
