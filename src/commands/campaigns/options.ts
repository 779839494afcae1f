// The options of campaigns' commands with code, declared once: the manifest builds them
// (manifest/campaigns.ts), the commands read their type (OptsOf). Data only.
import { DATA_OPTION } from '../../runtime/options.js';
import type { OptSpec } from '../../runtime/command-types.js';

export const RECURRING_OPTIONS = [
  { flags: '--pattern <pattern>', description: 'how often: daily (the value the service uses), weekly or monthly', choices: ['daily', 'weekly', 'monthly'] },
  { flags: '--off', description: 'stop the recurrence (is_recurring false)' },
  DATA_OPTION,
] as const satisfies readonly OptSpec[];
