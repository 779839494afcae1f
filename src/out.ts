// Writing to stdout or stderr without building process.stdout: for a pipe or a file Node loads
// its stream modules to build it, which costs a start that only prints a help or completion
// candidates ~10% of a bare `node -e 0`. A full pipe (EAGAIN) falls back to the stream.
import { writeSync } from 'node:fs';
import type { Writable } from 'node:stream';

function write(fd: 1 | 2, text: string): void {
  const buf = Buffer.from(text);
  let done = 0;
  try {
    while (done < buf.length) done += writeSync(fd, buf, done);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // A reader that stops early (`chatcrm --help | head`) is not an error.
    if (code === 'EPIPE') process.exit(process.exitCode ?? 0);
    if (code !== 'EAGAIN') throw err;
    (fd === 1 ? process.stdout : process.stderr).write(buf.subarray(done));
  }
}

export const writeOut = (text: string): void => write(1, text);

/** What createIO needs of a stream, writing as above. */
export const fdStream = (fd: 1 | 2): Writable => ({ write: (text: string) => (write(fd, text), true) }) as unknown as Writable;
