// The options of sandbox status and inbound, declared once: the manifest builds them (manifest/sandbox.ts), the
// commands read their type (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

export const STATUS_OPTIONS = [{ flags: '--error <text>', description: 'the reason, with failed' }] as const satisfies readonly OptSpec[];

export const INBOUND_OPTIONS = [
  { flags: '--from <phone>', description: 'the customer\'s number, international digits' },
  { flags: '--sender <sender_id>', description: 'the sender (line) written to (default: the first)' },
  { flags: '--name <name>', description: 'the customer\'s profile name' },
  { flags: '--text <text>', description: 'a text message' },
  { flags: '--data <json>', description: 'any message object as JSON, @file or - (stdin)' },
] as const satisfies readonly OptSpec[];
