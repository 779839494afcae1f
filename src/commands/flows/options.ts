// The options of flows' commands with code, declared once: the manifest builds them
// (manifest/flows.ts), the commands read their type (OptsOf). Data only.
import { PAGE_OPTIONS } from '../../runtime/option-lists.js';
import type { OptSpec } from '../../runtime/command-types.js';

/** flows create (`create`) and update. */
export const flowOptions = (create: boolean) =>
  [
    { flags: '--file <path>', description: create ? 'the flow as JSON or YAML (- for stdin); flags override its fields' : 'a partial flow as JSON or YAML (- for stdin)' },
    { flags: '--name <name>', description: 'flow name' },
    { flags: '--keyword <word>', description: 'trigger word' },
    { flags: '--prefix <prefix>', description: 'trigger prefix' },
    { flags: '--platform <platform>', description: `channel${create ? ' (default: chat)' : ''}` },
    { flags: '--active', description: 'set is_active true' },
    { flags: '--inactive', description: 'set is_active false' },
    { flags: '--return-to <screen>', description: 'screen to return to after a branch ends' },
  ] as const satisfies readonly OptSpec[];

export const LIST_FLOWS_OPTIONS = [
  { flags: '--status <status>', description: 'only flows in this state (default: all)', choices: ['active', 'draft', 'paused', 'all'] },
  ...PAGE_OPTIONS,
] as const satisfies readonly OptSpec[];

export const TEST_OPTIONS = [
  { flags: '--message <text>', description: 'the incoming message to test with' },
  { flags: '--message-type <type>', description: 'message type', default: 'text' },
] as const satisfies readonly OptSpec[];

export const SUGGEST_OPTIONS = [
  { flags: '--business-name <name>', description: 'business name' },
  { flags: '--language <language>', description: 'language of the messages' },
  { flags: '--industry <industry>', description: 'industry' },
  { flags: '--purpose <purpose>', description: 'what the flow is for' },
  { flags: '--action <action>', description: 'what the customer should do' },
  { flags: '--tone <tone>', description: 'tone of voice' },
  { flags: '--occasion <occasion>', description: 'occasion' },
  { flags: '--details <text>', description: 'additional details' },
  { flags: '--platform <platform>', description: 'channel (chat)' },
  { flags: '--out <file>', description: 'write the suggested flow to this file (.yaml/.yml or .json)' },
  { flags: '--force', description: 'overwrite the --out file if it exists' },
] as const satisfies readonly OptSpec[];
