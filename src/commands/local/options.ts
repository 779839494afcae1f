// The options of the local commands with code (chatcrm sandbox, login, api), declared once: the
// manifest builds them (manifest/sandbox.ts, manifest/local.ts), the commands read their type
// (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

/** chatcrm sandbox: the emulator's flags (sandbox/options.ts reads them as SandboxFlags). */
export const SANDBOX_OPTIONS = [
  { flags: '--port <n>', description: 'port (default: the --state file\'s, or a free one)' },
  { flags: '--host <host>', description: 'address to listen on', default: '127.0.0.1' },
  { flags: '--state <file>', description: 'keep state, key, secret, tokens and port in this file (private, saved atomically, at most every 200 ms and on exit)' },
  { flags: '--api-key <key>', description: 'the key the sandbox accepts (default: random, or the --seed/--state one)' },
  { flags: '--webhook-secret <secret>', description: 'app secret for /webhook/chat signatures and forwarded events (default: random)' },
  { flags: '--verify-token <token>', description: 'verify token for the webhook challenge' },
  { flags: '--seed <file>', description: 'YAML or JSON: senders, contacts, tags, templates, flows, plan features, key and webhook secret' },
  { flags: '--seed-records <n>', description: 'add N generated records to every list (contacts, segments and their members, senders, groups and their members, flows, templates, campaigns and a report, currencies, ...) to try paging' },
  { flags: '--forward-to <url>', description: 'POST every inbound message and status change, signed, to this URL (repeatable)', repeatable: true },
  { flags: '--auto-status <statuses>', description: 'move every sent message on by itself: delivered, read or delivered,read', suggest: ['delivered', 'read', 'delivered,read'] },
  { flags: '--status-delay <duration>', description: 'pause before each automatic status (default 1s)' },
  { flags: '--fail-rate <rate>', description: 'share of sent messages that fail, 0 to 1' },
  { flags: '--random-seed <n>', description: 'make --fail-rate, fault rates and latency ranges repeat' },
  { flags: '--fault <spec>', description: 'OPERATION:STATUS[:RATE]: answer an operationId (or *) with an HTTP status, timeout or reset (repeatable)', repeatable: true, complete: 'operations' },
  { flags: '--latency <ms>', description: 'delay every answer: MS or MIN-MAX' },
  { flags: '--max-messages <n>', description: 'keep the newest N messages (default 10000), dropping the oldest; records are never dropped; 0 keeps all' },
  { flags: '--max-requests <n>', description: 'the request log keeps the newest N requests (default 1000); 0 keeps all' },
] as const satisfies readonly OptSpec[];

export const LOGIN_OPTIONS = [
  { flags: '--with-key', description: 'read the API key from stdin (for CI)' },
  { flags: '--default-sender <id>', description: 'default sender for chat commands' },
  { flags: '--business-account <id>', description: 'default business account for templates' },
  { flags: '--allow-http', description: 'allow sending the key over plain http to a non-loopback address (saved in the profile)' },
  { flags: '--no-verify', description: 'save without checking the key against the service' },
  { flags: '--webhook-secret-file <path>', description: 'keep the webhook app secret in this file in the profile (credentials file, 0600) for webhook sign/verify/send' },
] as const satisfies readonly OptSpec[];

export const API_OPTIONS = [
  { flags: '-f, --field <key=value>', description: 'body field (repeatable; dot paths nest, key[]=v appends, key:=JSON for numbers/booleans/objects); query parameter for GET and DELETE', repeatable: true },
  { flags: '-F, --file-field <key=@file>', description: 'multipart field: key=@file uploads a file, key=value a plain field (repeatable)', repeatable: true },
  { flags: '--input <file>', description: 'request body from a file, or - for stdin (sent as JSON when it parses as JSON)' },
  { flags: '-H, --header <header>', description: "extra header 'Name: value' (repeatable)", repeatable: true },
  { flags: '--mcp', description: 'send to the tool endpoint (PATH relative to --mcp-url)' },
  { flags: '--paginate', description: 'follow every page of a GET and print the records of all of them (json; -o jsonl/csv stream)' },
] as const satisfies readonly OptSpec[];
