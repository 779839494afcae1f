// Pure helpers of the HTTP core: error bodies → one line, Retry-After, backoff, redaction.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBody } from '../../src/api/response.js';
import { parseRetryAfter, retryDelay } from '../../src/api/retry.js';
import { errorMessage } from '../../src/api/errors-body.js';
import { REDACTED, redactBody, redactHeaders, scrub } from '../../src/core/redact.js';
import { parseByteSize } from '../../src/config/settings.js';

describe('errorMessage', () => {
  it.each<[unknown, number, string]>([
    [{ success: false, message: 'Invalid API key' }, 401, 'Invalid API key'],
    [{ message: 'Authorization token missing or malformed' }, 401, 'Authorization token missing or malformed'],
    [{ success: false, error: 'Plan limit reached for contacts' }, 403, 'Plan limit reached for contacts'],
    [{ error: 'Validation failed', details: 'name is required' }, 422, 'Validation failed: name is required'],
    [{ error: 'same', details: 'same' }, 400, 'same'],
    [{ success: false, message: 'Validation error', errors: ['to is required', 'sender_id is required'] }, 400, 'Validation error: to is required; sender_id is required'],
    [{ errors: ['only errors'] }, 400, 'only errors'],
    [{ errors: [{ type: 'field', msg: 'Invalid value', path: 'to', location: 'body' }] }, 400, 'to: Invalid value'],
    [{ errors: [{ code: 42 }] }, 400, '{"code":42}'],
    [{ error: { message: 'nested message' } }, 500, 'nested message'],
    [{ success: false }, 500, 'HTTP 500'],
    ['<!DOCTYPE html><html><head><title>Error</title></head><body><pre>Cannot GET /api/nope</pre></body></html>', 404, 'HTTP 404: Cannot GET /api/nope (HTML page)'],
    ['<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>', 502, 'HTTP 502: 502 Bad Gateway (HTML page)'],
    ['<html><body>nothing useful</body></html>', 503, 'HTTP 503 (HTML page)'],
    ['upstream connect error', 503, 'HTTP 503: upstream connect error'],
    ['', 500, 'HTTP 500'],
    [undefined, 500, 'HTTP 500'],
  ])('%j (%i) → %s', (body, status, message) => {
    expect(errorMessage(body, status)).toBe(message);
  });

  it('reads a 400 KB hostile HTML page in linear time, looking only at its first 64 KiB', () => {
    // Thousands of unclosed tags: a backtracking regex over this is quadratic (seconds).
    const page = `<!DOCTYPE html><html><head><title>Upstream exploded</title></head><body>${'<pre <h1 '.repeat(45_000)}</body></html>`;
    // Against a page of the same size without the tags, timed in turn (a busy machine slows
    // both): linear is a few times the plain page at most, quadratic hundreds of times.
    const plain = `<!DOCTYPE html><html><head><title>Upstream exploded</title></head><body>${'pre h1 . '.repeat(45_000)}</body></html>`;
    const best = (text: string) => {
      let ms = Infinity;
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        errorMessage(text, 502);
        ms = Math.min(ms, performance.now() - started);
      }
      return ms;
    };
    const [hostile, baseline] = [best(page), best(plain)];
    expect(hostile).toBeLessThan(20 * baseline + 20);
    expect(errorMessage(page, 502)).toBe('HTTP 502: Upstream exploded (HTML page)');
    expect(errorMessage(`${'x'.repeat(70_000)}<title>too far</title>`, 500)).not.toContain('too far');
    expect(errorMessage({ message: `${'y '.repeat(300_000)}` }, 400).length).toBeLessThanOrEqual(300);
  });

  it('finds <pre>, <h1>, <title> in that order, with attributes, and not <preview>', () => {
    expect(errorMessage('<html><h1 class="big">Gateway down</h1><title>t</title></html>', 502)).toBe('HTTP 502: Gateway down (HTML page)');
    expect(errorMessage('<html><preview>no</preview><title>Real title</title></html>', 500)).toBe('HTTP 500: Real title (HTML page)');
    expect(errorMessage('<html><pre>\n  Cannot POST /x\n</pre></html>', 404)).toBe('HTTP 404: Cannot POST /x (HTML page)');
  });

  it('uses the status text when given, and stays one line and short', () => {
    expect(errorMessage(undefined, 500, 'Internal Server Error')).toBe('HTTP 500 Internal Server Error');
    const m = errorMessage({ message: `line one\n\n  line two ${'x'.repeat(500)}` }, 400);
    expect(m).not.toContain('\n');
    expect(m.startsWith('line one line two')).toBe(true);
    expect(m.length).toBeLessThanOrEqual(300);
  });
});

describe('parseBody', () => {
  it('parses JSON by content type or by look, keeps text, and empty is undefined', () => {
    expect(parseBody('{"a":1}', 'application/json')).toEqual({ a: 1 });
    expect(parseBody('[1]', 'text/plain')).toEqual([1]);
    expect(parseBody('{broken', 'application/json')).toBe('{broken');
    expect(parseBody('hello', 'text/plain')).toBe('hello');
    expect(parseBody('', 'application/json')).toBeUndefined();
  });
});

describe('parseRetryAfter / retryDelay', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each<[string | string[] | undefined, number | undefined]>([
    ['1', 1000],
    ['0', 0],
    ['2.5', 2500],
    [' 3 ', 3000],
    [['4', '9'], 4000],
    ['Thu, 01 Jan 2026 00:00:10 GMT', 10_000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', undefined],
    ['-1', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %s', (v, ms) => expect(parseRetryAfter(v, now)).toBe(ms));

  it('Retry-After wins, as the server gave it (the time budget decides whether to wait)', () => {
    expect(retryDelay(0, 1000)).toBe(1000);
    expect(retryDelay(5, 0)).toBe(0);
    expect(retryDelay(0, 3_600_000)).toBe(3_600_000);
  });

  it('otherwise exponential with jitter between half and all of the cap (max 8 s)', () => {
    expect(retryDelay(0, undefined, () => 0)).toBe(125);
    expect(retryDelay(0, undefined, () => 1)).toBe(250);
    expect(retryDelay(2, undefined, () => 0.5)).toBe(750);
    expect(retryDelay(20, undefined, () => 1)).toBe(8000);
    for (let i = 0; i < 50; i++) {
      const d = retryDelay(3);
      expect(d).toBeGreaterThanOrEqual(1000);
      expect(d).toBeLessThanOrEqual(2000);
    }
  });
});

describe('redaction', () => {
  it('redactHeaders hides secret headers in any case, joins arrays, drops undefined', () => {
    expect(
      redactHeaders({ 'x-api-key': 'k', Authorization: 'Bearer t', cookie: 'c', 'Set-Cookie': ['a', 'b'], accept: 'application/json', vary: ['a', 'b'], gone: undefined }),
    ).toEqual({ 'x-api-key': REDACTED, Authorization: REDACTED, cookie: REDACTED, 'Set-Cookie': REDACTED, accept: 'application/json', vary: 'a, b' });
  });

  it('redactBody hides secret fields at any depth and keeps the rest', () => {
    const body = {
      name: 'Ada',
      password: 'p',
      new_password: 'p2',
      api_key: 'k',
      apiKey: 'k2',
      token: 't',
      otp: '123456',
      otp_length: 6,
      webhook_secret: 's',
      nested: [{ refreshToken: 'r', keep: 1 }],
      secret: null,
    };
    expect(redactBody(body)).toEqual({
      name: 'Ada',
      password: REDACTED,
      new_password: REDACTED,
      api_key: REDACTED,
      apiKey: REDACTED,
      token: REDACTED,
      otp: REDACTED,
      otp_length: 6,
      webhook_secret: REDACTED,
      nested: [{ refreshToken: REDACTED, keep: 1 }],
      secret: null,
    });
    expect(body.password).toBe('p');
  });

  it('redactBody gives the value itself when it holds no secret (no copy), a copy with the value untouched when it does (seeded)', () => {
    const clean = { name: 'Ada', nested: [{ keep: 1, max_tokens: 5 }], none: null };
    expect(redactBody(clean)).toBe(clean);
    // What it gives, said as a copy of everything (the oracle).
    const copied = (v: unknown): unknown =>
      Array.isArray(v) ? v.map(copied) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, /pass(word)?|secret|api[-_]?key|token(?!s)|otp$/i.test(k) && x !== null && typeof x !== 'object' ? REDACTED : copied(x)])) : v;
    const key = fc.constantFrom('name', 'token', 'max_tokens', 'password', 'otp', 'items', 'apiKey', '__proto__');
    const { value } = fc.letrec((tie) => ({ value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 0 }), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })) }));
    fc.assert(
      fc.property(value, (v) => {
        const before = JSON.stringify(v);
        const shown = redactBody(v);
        expect(shown).toEqual(copied(v));
        expect(JSON.stringify(v)).toBe(before);
        if (JSON.stringify(copied(v)) === before) expect(shown).toBe(v);
      }),
      { seed: 44, numRuns: 500 },
    );
  });

  it('scrub removes every occurrence of known secrets (4+ characters) from text', () => {
    expect(scrub('key=abcd1234 again abcd1234', ['abcd1234'])).toBe(`key=${REDACTED} again ${REDACTED}`);
    expect(scrub('abc stays', ['abc', ''])).toBe('abc stays');
    expect(scrub('nothing', [])).toBe('nothing');
  });
});

describe('parseByteSize (CHATCRM_MAX_BODY)', () => {
  it.each<[string | undefined, number | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['33554432', 33_554_432],
    ['512k', 512 * 1024],
    ['32M', 32 * 1024 * 1024],
    ['32MiB', 32 * 1024 * 1024],
    [' 1 GB ', 1024 ** 3],
    ['1.5k', 1536],
  ])('%j → %s', (v, bytes) => expect(parseByteSize(v, 'CHATCRM_MAX_BODY')).toBe(bytes));

  it.each(['0', '-1', 'lots', '32 MB please', '0.1'])('%j is refused, naming the variable', (v) => {
    expect(() => parseByteSize(v, 'CHATCRM_MAX_BODY')).toThrow(/^CHATCRM_MAX_BODY: must be a size in bytes/);
  });
});
