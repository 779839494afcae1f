// The options the auth commands read themselves (the others are fields of their operation),
// declared once: the manifest builds them (manifest/auth.ts), the commands read their type. Data only.
import type { OptSpec } from '../../runtime/command-types.js';

/** --password-stdin, and --password only to refuse it with a pointer (argv leaks to `ps` and shell history). */
export const passwordOptions = (what: string) =>
  [
    { flags: '--password-stdin', description: `read ${what} from stdin instead of prompting` },
    { flags: '--password [value]', description: 'refused: use --password-stdin', hidden: true },
  ] as const satisfies readonly OptSpec[];

export const SHOW_TOKEN = { flags: '--show-token', description: 'print the session token (masked otherwise)' } as const satisfies OptSpec;
