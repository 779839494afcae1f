// The options of reply-materials create and update, declared once: the manifest builds them (manifest/reply-materials.ts), the
// commands read their type (OptsOf). Data only.
import type { OptSpec } from '../../runtime/command-types.js';

export const CREATE_OPTIONS = [
  { flags: '--title <title>', description: 'title shown to agents' },
  { flags: '--file <path>', description: 'local file to upload' },
] as const satisfies readonly OptSpec[];

export const UPDATE_OPTIONS = [
  { flags: '--file <path>', description: 'local file to upload' },
  { flags: '--title <title>', description: 'new title' },
] as const satisfies readonly OptSpec[];
