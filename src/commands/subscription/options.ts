// The options of subscription create, declared once: the manifest builds them (manifest/subscription.ts), the
// commands read their type (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

export const CREATE_OPTIONS = [
  { flags: '--gateway <name>', description: 'payment gateway', choices: ['gatewayone', 'gatewaytwo', 'gatewaythree'] },
  { flags: '--plan <id>', description: 'plan id' },
] as const satisfies readonly OptSpec[];
