// Server-Sent Events as a tool endpoint answers a POST: `data:` lines carry JSON-RPC
// messages; notifications and messages for other ids come before ours and are skipped.

export interface SseEvent {
  event?: string;
  id?: string;
  data: string;
}

/** Split an SSE body into events (data lines joined by newlines, comments dropped). */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  let cur: SseEvent | undefined;
  const flush = () => {
    if (cur && cur.data !== '') events.push(cur);
    cur = undefined;
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    cur ??= { data: '' };
    if (field === 'data') cur.data = cur.data === '' ? value : `${cur.data}\n${value}`;
    else if (field === 'event') cur.event = value;
    else if (field === 'id') cur.id = value;
  }
  flush();
  return events;
}

/** The JSON-RPC messages of an SSE body, in order; events that are not JSON are skipped. */
export function sseMessages(text: string): unknown[] {
  const out: unknown[] = [];
  for (const e of parseSse(text)) {
    if (e.event !== undefined && e.event !== 'message') continue;
    try {
      out.push(JSON.parse(e.data));
    } catch {
      // keep-alives and non-JSON events carry nothing for us
    }
  }
  return out;
}
