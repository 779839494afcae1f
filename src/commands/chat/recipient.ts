// Choosing a sender on a terminal (chat send, login); the recipient and the sender of a
// request are resolved in ops/recipient.ts.
import type { ApiClient } from '../../api/client.js';
import type { Prompter } from '../../core/prompter.js';
import { sanitizeCell } from '../../core/sanitize.js';

/**
 * A sender chosen from the workspace's senders (any failure to list them: typed instead).
 * `none` adds a choice for no sender, answered as undefined.
 */
export async function chooseSender(api: ApiClient, prompter: Prompter, o: { message: string; current?: string; none?: boolean }): Promise<string | undefined> {
  let senders: Record<string, unknown>[] = [];
  try {
    const res = await api.call<{ data?: unknown }>('chat.senders', { retries: 0 });
    if (Array.isArray(res.body?.data)) senders = res.body.data as Record<string, unknown>[];
  } catch {
    // Falls back to a free-text answer below.
  }
  if (!senders.length) {
    const typed = await prompter.input({ message: `${o.message} id${o.none ? ' (optional)' : ''}`, default: o.current, validate: (v) => Boolean(o.none || v.trim()) || 'a sender id is required' });
    return typed.trim() || undefined;
  }
  const choice = await prompter.select({
    message: o.message,
    default: o.current,
    choices: [
      ...senders.map((s) => ({ name: sanitizeCell(`${String(s.sender_id)}  ${String(s.name ?? '')} ${s.phone_number ? `(+${String(s.phone_number)})` : ''}`.trim()), value: String(s.sender_id) })),
      ...(o.none ? [{ name: '(none)', value: '' }] : []),
    ],
  });
  return choice || undefined;
}
