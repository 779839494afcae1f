// A support bot in one file: it receives the chat events the service (or `chatcrm sandbox
// --forward-to`) POSTs to it, checks their signature, and answers each customer's text message
// through the REST API. Plain node:http and fetch, no dependencies. Run: node server.js
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

/** Events are small; a larger body is not one (and is not read into memory). */
const MAX_BODY = 1 << 20;

/** True when `header` is `sha256=<hex HMAC-SHA256 of the exact body bytes>`, keyed by `secret`. */
export function validSignature(body, header, secret) {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(String(header ?? ''));
  // timingSafeEqual needs equal lengths; comparing in constant time keeps the secret's hash unguessable.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** What the bot says to a customer's text. Yours goes here. */
export function replyTo(text) {
  if (/\bhours?\b|\bopen\b/i.test(text)) return 'We are open Monday to Friday, 9:00 to 17:00.';
  return 'Thanks for your message! A person from our team will answer soon.';
}

/** The customer text messages of one event: `{ sender, from, text }` each (status events have none). */
export function textMessages(event) {
  const out = [];
  for (const entry of event?.entry ?? []) {
    for (const change of entry?.changes ?? []) {
      const value = change?.value ?? {};
      for (const m of value.messages ?? []) {
        if (m?.type === 'text') out.push({ sender: value.metadata?.phone_number_id, from: m.from, text: String(m.text?.body ?? '') });
      }
    }
  }
  return out;
}

/** Send a text through the REST API (POST /api/v2/chat/messages); throws unless the answer is 2xx. */
async function sendText(config, { sender, to, text }) {
  const res = await fetch(new URL('/api/v2/chat/messages', config.baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': config.apiKey },
    body: JSON.stringify({ sender_id: sender, to, message: { type: 'text', text: { body: text } } }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`chat send answered HTTP ${res.status}`);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The bot's HTTP server. `config` ({ baseUrl, apiKey, webhookSecret }) is read on every request,
 * so a test can fill it in once the sandbox is up. POST /webhook takes events; anything else is 404.
 */
export function createBot(config) {
  return createServer(async (req, res) => {
    const answer = (status, text) => res.writeHead(status, { 'content-type': 'text/plain' }).end(text);
    if (req.method !== 'POST' || req.url !== '/webhook') return answer(404, 'not found');
    let body;
    try {
      body = await readBody(req);
    } catch {
      return answer(413, 'too large');
    }
    // Check the signature on the exact bytes received, before parsing or trusting anything in them.
    if (!validSignature(body, req.headers['x-hub-signature-256'], config.webhookSecret)) return answer(401, 'bad signature');
    let event;
    try {
      event = JSON.parse(body.toString('utf8'));
    } catch {
      return answer(400, 'not JSON');
    }
    try {
      // Replies go out before the 200: the sender retries an event that failed (1, 2, 4, 8 s).
      // A bot with slow work would answer 200 at once and queue it instead.
      for (const m of textMessages(event)) await sendText(config, { sender: m.sender, to: m.from, text: replyTo(m.text) });
    } catch (err) {
      console.error(`support-bot: ${err.message}`);
      return answer(502, 'reply failed');
    }
    answer(200, 'ok');
  });
}

// `node server.js`: listen on PORT (default 3000), configured from the environment.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = { baseUrl: process.env.CHATCRM_BASE_URL, apiKey: process.env.CHATCRM_API_KEY, webhookSecret: process.env.CHATCRM_WEBHOOK_SECRET };
  const missing = Object.entries({ CHATCRM_BASE_URL: config.baseUrl, CHATCRM_API_KEY: config.apiKey, CHATCRM_WEBHOOK_SECRET: config.webhookSecret }).filter(([, v]) => !v);
  if (missing.length) {
    console.error(`support-bot: set ${missing.map(([k]) => k).join(', ')}`);
    process.exit(2);
  }
  const port = Number(process.env.PORT ?? 3000);
  createBot(config).listen(port, '127.0.0.1', () => console.error(`support-bot: listening on http://127.0.0.1:${port}/webhook`));
}
