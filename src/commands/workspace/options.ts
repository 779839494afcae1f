// The options of workspace's commands, declared once: the manifest builds them
// (manifest/workspace.ts), the commands read their type (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

const ONLY = { flags: '--only <areas>', description: 'only these areas, comma-separated (tags, custom_fields, taxes, currencies, quick_replies, teams, chatbots, segments, flows, templates)' } as const satisfies OptSpec;
const PRUNE = { flags: '--prune', description: 'also delete the records of the listed areas that the file does not name' } as const satisfies OptSpec;

/** What a plan is made with (diff, sync). */
export const PLAN_OPTIONS = [PRUNE, ONLY] as const satisfies readonly OptSpec[];

export const DUMP_OPTIONS = [{ flags: '-O, --output-file <path>', description: 'where to write it (default: stdout, or -)' }, ONLY] as const satisfies readonly OptSpec[];

export const DIFF_OPTIONS = [
  ...PLAN_OPTIONS,
  { flags: '--exit-code', description: 'exit 9 when there are changes, 0 when none (drift detection in CI)' },
  { flags: '--out <plan>', description: 'also save the plan as data (0600), for sync --plan to apply as it is; a variable is kept as ${env:NAME}, never its value' },
] as const satisfies readonly OptSpec[];

export const SYNC_OPTIONS = [
  ...PLAN_OPTIONS,
  { flags: '--plan <plan>', description: 'apply a plan saved by diff --out, exactly, without a FILE; exit 9 before any write if a record it touches changed since' },
] as const satisfies readonly OptSpec[];
