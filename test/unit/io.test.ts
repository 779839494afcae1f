// The IO chokepoint: human text sanitized, our own styling kept, structured output exact,
// secrets scrubbed from every write, URL userinfo from every write but the data on stdout.
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as yaml } from 'yaml';
import { Styled } from '../../src/core/io.js';
import { redactUrls, scrub } from '../../src/core/redact.js';
import { escapeC1 } from '../../src/core/sanitize.js';
import { testIO } from '../helpers/io.js';

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
