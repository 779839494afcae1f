// The workspace file: `version: 1` and one list per area. Each record is what its create
// request takes (the request schemas of src/schemas/), plus the state fields sync sets through
// their own endpoints; fields the schema does not name pass through to the server as they are.
import * as z from 'zod/mini';
import { text } from '../../schemas/common.js';
import { tagCreate } from '../../schemas/tags.js';
import { customFieldCreate } from '../../schemas/custom-fields.js';
import { taxCreate } from '../../schemas/taxes.js';
import { currencyCreate } from '../../schemas/currencies.js';
import { quickReplyCreate } from '../../schemas/quick-replies.js';
import { teamCreate } from '../../schemas/teams.js';
import { chatbotCreate } from '../../schemas/chatbots.js';
import { segmentCreate } from '../../schemas/segments.js';
import { flow } from '../../schemas/flows.js';

const bool = z.optional(z.boolean());
const activeStatus = z.optional(z.enum(['active', 'inactive']));

export const workspaceFileSchema = z.strictObject({
  version: z.literal(1, { error: (i) => (i.input === undefined ? 'is required' : 'must be 1') }),
  tags: z.optional(z.array(tagCreate)),
  custom_fields: z.optional(z.array(z.extend(customFieldCreate, { is_active: bool }))),
  taxes: z.optional(z.array(z.extend(taxCreate, { status: activeStatus }))),
  currencies: z.optional(z.array(z.extend(currencyCreate, { exchange_rate: z.optional(z.number()), is_active: bool, is_default: bool }))),
  quick_replies: z.optional(z.array(quickReplyCreate)),
  teams: z.optional(z.array(z.extend(teamCreate, { permissions: z.optional(z.array(z.unknown())), status: activeStatus }))),
  chatbots: z.optional(z.array(chatbotCreate)),
  segments: z.optional(z.array(segmentCreate)),
  flows: z.optional(z.array(z.extend(flow, { status: z.optional(z.enum(['draft', 'active', 'paused'])) }))),
  templates: z.optional(z.array(z.looseObject({ template_name: text() }))),
});

export type WorkspaceFile = z.infer<typeof workspaceFileSchema>;

/** A record of any area, as the planner and the applier see it. */
export type FileRecord = Record<string, unknown>;
