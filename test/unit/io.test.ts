// The IO chokepoint: human text sanitized, our own styling kept, structured output exact,
// secrets scrubbed from every write, URL userinfo from every write but the data on stdout.
import fc from 'fast-check';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as yaml } from 'yaml';
import { createIO, Styled, type Part } from '../../src/core/io.js';
import { redactUrls, scrub } from '../../src/core/redact.js';
import { escapeC1 } from '../../src/core/sanitize.js';
import { testIO, ttys } from '../helpers/io.js';

const EVIL = 'a\u001b]52;c;aGk=\u0007b\u009b2Jc';

describe('io', () => {
  it('out/err make string parts inert; Styled parts (our colour, line redraw) are written as they are', () => {
    const io = testIO();
    io.out('name: ', EVIL);
    io.err(new Styled('\r\u001b[K'), EVIL);
    expect(io.stdoutText()).toBe('name: a\\x1b]52;c;aGk=\\x07b\\x9b2Jc\n');
    expect(io.stderrText()).toBe('\r\u001b[Ka\\x1b]52;c;aGk=\\x07b\\x9b2Jc\n');
  });

  it('data is exact for JSON and YAML, with C1 escaped', () => {
    const io = testIO();
    const value = { name: EVIL, del: 'x\u007f' };
    io.data(JSON.stringify(value));
    io.data(yaml(value), 'stderr');
    expect(io.stdoutText()).not.toMatch(/[\u007f-\u009f]/);
    expect(JSON.parse(io.stdoutText())).toEqual(value);
    expect(io.stderrText()).not.toMatch(/[\u007f-\u009f]/);
    expect(parseYaml(io.stderrText())).toEqual(value);
  });

  it('a registered secret is replaced in every kind of write, as written or JSON-escaped', () => {
    const io = testIO();
    const secret = io.secret('k3y"with\\quote');
    io.out(`key=${secret}`);
    io.err(new Styled(`styled ${secret}`));
    io.data(JSON.stringify({ secret }));
    expect(io.stdoutText()).toBe('key=***\n{"secret":"***"}\n');
    expect(io.stderrText()).toBe('styled ***\n');
    expect(io.scrub(`file ${secret}`)).toBe('file ***');
  });

  it('URL userinfo: hidden in text and on stderr, kept in the data on stdout (the server\'s text as it is)', () => {
    const io = testIO();
    const url = 'https://ada:pw@git.example/x';
    io.out(`text ${url}`);
    io.data(JSON.stringify({ url }));
    io.err(`err ${url}`);
    io.data(JSON.stringify({ error: url }), 'stderr');
    expect(io.stdoutText()).toBe(`text https://***@git.example/x\n{"url":"${url}"}\n`);
    expect(io.stderrText()).toBe('err https://***@git.example/x\n{"error":"https://***@git.example/x"}\n');
    expect(io.scrub(url)).toBe('https://***@git.example/x');
  });

  it('outLines writes many lines in one write, byte for byte what out() writes a line at a time (seeded)', () => {
    /** An IO over a stream that keeps each write apart. */
    const writing = (secret: string) => {
      const writes: string[] = [];
      const stdout = new Writable({ write: (c: Buffer, _e, done) => (writes.push(c.toString('utf8')), done()) });
      const io = createIO({ env: {}, noColor: true, streams: { stdout, stderr: stdout, stdin: process.stdin, tty: ttys(false) } });
      io.secret(secret);
      return { io, writes };
    };
    // Text that tests every rule: controls, CR before a line's end, CRLF, URLs with userinfo, the secret.
    const piece = fc.oneof(fc.string(), fc.constantFrom('\r', '\n', '\r\n', '\u001b[2J', '\u009b', '\t', 'https://ada:pw@h.example/', '@', 'k3y-s3cr3t'));
    const text = fc.array(piece, { maxLength: 6 }).map((xs) => xs.join(''));
    const part = fc.oneof(text, text.map((t): Part => new Styled(t)));
    const secret = fc.oneof(fc.constant('k3y-s3cr3t'), fc.string({ minLength: 4 }).filter((s) => !s.includes('\n')));
    fc.assert(
      fc.property(fc.array(fc.array(part, { maxLength: 4 }), { maxLength: 12 }), secret, (lines, key) => {
        const one = writing(key);
        one.io.outLines(lines);
        const each = writing(key);
        for (const parts of lines) each.io.out(...parts);
        expect(one.writes.join('')).toBe(each.writes.join(''));
        expect(one.writes.length).toBeLessThanOrEqual(1);
      }),
      { seed: 44, numRuns: 400 },
    );
  });

  it('paint colours only when colour is on', () => {
    expect(testIO().paint(31, 'Error:').text).toBe('Error:');
  });
});

describe('redaction helpers', () => {
  it('redactUrls hides userinfo of any URL, and nothing else', () => {
    expect(redactUrls('GET https://ada:pw@api.example.com/x and http://tok@h:8080/')).toBe('GET https://***@api.example.com/x and http://***@h:8080/');
    expect(redactUrls('mail ada@example.com, https://example.com/?to=a@b.c')).toBe('mail ada@example.com, https://example.com/?to=a@b.c');
  });

  it('scrub ignores very short secrets (they would eat ordinary words)', () => {
    expect(scrub('the key abc and abcd', ['abc', 'abcd'])).toBe('the key abc and ***');
  });

  it('escapeC1 leaves everything else alone', () => {
    expect(escapeC1('"ü ✓ \u0085"')).toBe('"ü ✓ \\u0085"');
  });
});
