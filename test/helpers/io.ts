// An IO for in-process tests: TTY or not, a given width, what was written kept as text.
import { PassThrough } from 'node:stream';
import type { IO } from '../../src/core/io.js';

export function fakeIO(tty = false, columns = 80): IO & { stdoutText(): string; stderrText(): string } {
  let out = '';
  let err = '';
  return {
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    stdin: new PassThrough(),
    stdoutIsTTY: tty,
    stderrIsTTY: tty,
    stdinIsTTY: false,
    color: false,
    canPrompt: false,
    columns,
    out: (t) => void (out += t.endsWith('\n') ? t : `${t}\n`),
    err: (t) => void (err += t.endsWith('\n') ? t : `${t}\n`),
    stdoutText: () => out,
    stderrText: () => err,
  };
}
