// The workspace file: `version: 1` and one list per area. Each record is what its create
// request takes (the request schemas of src/schemas/), plus the state fields sync sets through
// their own endpoints and the fields docs/workspace.md lists for an area whose update the spec
// leaves open. Nothing else: a field the file does not know is a typo, refused before anything
// is sent (templates, never synced, and chatbots, whose settings the spec does not show, are open).
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

/** A record of an area: its create request's fields and `more`, and no other. */
const record = <S extends z.core.$ZodLooseShape>(create: { shape: S }, more: z.core.$ZodLooseShape = {}) => z.strictObject({ ...create.shape, ...more });

export const RECORDS = {
  tags: record(tagCreate),
  custom_fields: record(customFieldCreate, { is_active: bool }),
  taxes: record(taxCreate, { status: activeStatus }),
  currencies: record(currencyCreate, { exchange_rate: z.optional(z.number()), is_active: bool, is_default: bool }),
  quick_replies: record(quickReplyCreate),
  teams: record(teamCreate, { description: z.optional(z.string()), permissions: z.optional(z.array(z.unknown())), status: activeStatus }),
  // The spec shows a chatbot's create as `name` and its update as an open object: its settings
  // (`max_tokens`, a `webhook_token`, ...) are whatever the service keeps, so the record is open.
  chatbots: z.looseObject({ ...chatbotCreate.shape, description: z.optional(z.string()), language: z.optional(z.string()) }),
  segments: record(segmentCreate),
  flows: record(flow, { status: z.optional(z.enum(['draft', 'active', 'paused'])) }),
  templates: z.looseObject({ template_name: text() }),
};

export const workspaceFileSchema = z.strictObject({
  version: z.literal(1, { error: (i) => (i.input === undefined ? 'is required' : 'must be 1') }),
  tags: z.optional(z.array(RECORDS.tags)),
  custom_fields: z.optional(z.array(RECORDS.custom_fields)),
  taxes: z.optional(z.array(RECORDS.taxes)),
  currencies: z.optional(z.array(RECORDS.currencies)),
  quick_replies: z.optional(z.array(RECORDS.quick_replies)),
  teams: z.optional(z.array(RECORDS.teams)),
  chatbots: z.optional(z.array(RECORDS.chatbots)),
  segments: z.optional(z.array(RECORDS.segments)),
  flows: z.optional(z.array(RECORDS.flows)),
  templates: z.optional(z.array(RECORDS.templates)),
});

export type WorkspaceFile = z.infer<typeof workspaceFileSchema>;

/** A record of any area, as the planner and the applier see it. */
export type FileRecord = Record<string, unknown>;

/** The fields a record of an area may have; undefined: any (templates, chatbots). */
export function knownFields(area: keyof typeof RECORDS): string[] | undefined {
  return area === 'templates' || area === 'chatbots' ? undefined : Object.keys(RECORDS[area].shape);
}
