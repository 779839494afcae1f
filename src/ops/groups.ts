// Group commands and group tools first check, with the sender list, that the sender may use
// groups, so a refused sender never reaches a group endpoint.
import { CliError, EXIT } from '../core/errors.js';
import type { Context } from '../runtime/context.js';
import { MAX_LIMIT, shapeOf } from '../core/output/shape.js';
import { sanitizeCell } from '../core/sanitize.js';
import { resolveSender } from './recipient.js';

type Sender = Record<string, unknown>;

/** `scan_device`, `Scan Device`, `scan-device`, `device`, `qr`...; an absent kind is not held against it. */
export function isScanDevice(s: Sender): boolean {
  const kind = String(s.kind ?? s.type ?? s.sender_type ?? '').toLowerCase().replace(/[^a-z]/g, '');
  return kind === '' || /scan|device|qr/.test(kind);
}

export function canUseGroups(s: Sender): boolean {
  const caps = s.capabilities as Record<string, unknown> | undefined;
  return isScanDevice(s) && (caps?.group_messaging === true || caps?.group_messaging === 'true');
}

/**
 * Refusal is exit 3 (permission), the same code as the service's 403 for such a sender,
 * so scripts see one code whether the CLI or the server refuses.
 */
export async function groupSender(ctx: Context, flag: unknown): Promise<string> {
  const id = resolveSender(ctx, flag);
  const api = await ctx.api();
  if (ctx.settings.dryRun) return id;
  // Senders come in pages too: ask for the biggest one, so the sender is found among many.
  const res = await api.call('chat.senders', { query: { limit: MAX_LIMIT } });
  const senders = shapeOf(res.body).records ?? [];
  const sender = senders.find((s) => s.sender_id === id || s._id === id);
  if (!sender) throw new CliError(`Sender ${id} not found: list them with \`chatcrm chat senders\``, EXIT.notFound, 404, 'not_found');
  if (!canUseGroups(sender)) {
    const what = isScanDevice(sender) ? 'lacks the capability group_messaging' : `is a ${String(sender.kind ?? sender.type)} sender, not a Scan Device sender with the capability group_messaging`;
    const able = senders.filter(canUseGroups).map((s) => sanitizeCell(String(s.sender_id ?? s._id)));
    const which = able.length ? `senders that have it: ${able.join(', ')} (--sender)` : "none of this key's senders has it (see `chatcrm chat senders`)";
    throw new CliError(`Sender ${id} ${what}; group commands need a Scan Device sender with group_messaging: ${which}`, EXIT.auth, undefined, 'no_group_capability');
  }
  return id;
}
