// Who a campaign reaches, for the question `campaigns send/publish/recurring` ask and for the
// send cap of `mcp serve`. The spec shows no campaign record; its insights (GET, one request)
// carry the name and the recipients in the answers seen, so they are read, and a missing or
// unreadable count is said to be unknown rather than guessed.
import type { ApiClient } from '../api/client.js';
import { ApiError, CliError, EXIT } from '../core/errors.js';
import { isObj, shapeOf } from '../core/output/shape.js';

export interface Audience {
  id: string;
  name?: string;
  /** Recipients one send reaches; undefined when the service does not say. */
  size?: number;
}

/** Fields an answer may give the audience in: a count, or the recipients themselves. */
const SIZE_FIELDS = ['audience_size', 'recipients_count', 'total_recipients', 'recipients', 'audience'];

/** The recipients one send reaches, from a campaign's insights; undefined when they do not say. */
export function audienceSize(item: Record<string, unknown>): number | undefined {
  for (const f of SIZE_FIELDS) {
    const v = item[f];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
    if (Array.isArray(v)) return v.length;
  }
  return undefined;
}

/**
 * The campaign's name and audience from its insights. A campaign that does not exist, or a key
 * refused, ends here (the send would fail the same way); any other failure leaves them unknown.
 */
export async function readAudience(api: ApiClient, id: string): Promise<Audience> {
  let item: unknown;
  try {
    const res = await api.call('campaigns.insights', { params: { campaign_id: id }, retries: 0 });
    item = shapeOf(res.body).item;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 401)) throw err;
    if (err instanceof CliError && err.exitCode === EXIT.interrupted) throw err;
    return { id };
  }
  if (!isObj(item)) return { id };
  const name = typeof item.name === 'string' && item.name !== '' ? item.name : undefined;
  return { id, name, size: audienceSize(item) };
}

/** `campaign 6b04… "Spring sale" (250 recipients)`: the whole id, the name when known, the size or that it is unknown. */
export function describeAudience(a: Audience): string {
  const size = a.size === undefined ? 'audience size unknown' : `${a.size} recipient${a.size === 1 ? '' : 's'}`;
  return `campaign ${a.id}${a.name ? ` "${a.name}"` : ''} (${size})`;
}
