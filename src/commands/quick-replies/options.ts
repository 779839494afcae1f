// The options of quick-replies list, declared once: the manifest builds them (manifest/quick-replies.ts), the
// commands read their type (OptsOf). Data only.
import { LIST_OPTIONS } from '../../runtime/option-lists.js';
import type { OptSpec } from '../../runtime/command-types.js';

export const LIST_REPLIES_OPTIONS = [...LIST_OPTIONS, { flags: '--admin', description: 'the admin list (GET /api/quick-replies/admin)' }] as const satisfies readonly OptSpec[];
