// The inbound webhook signature: `sha256=<lowercase hex HMAC-SHA256 of the raw body>`, keyed
// by the app secret, compared in constant time. Shared by the CLI and the sandbox.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-hub-signature-256';

export function sign(secret: string | Buffer, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Does `signature` match the body? The hex digits are compared case-insensitively, in constant time. */
export function verify(secret: string | Buffer, body: Buffer, signature: string): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(signature.trim());
  if (!m) return false;
  const expected = Buffer.from(sign(secret, body).slice(7), 'hex');
  return timingSafeEqual(expected, Buffer.from(m[1], 'hex'));
}
