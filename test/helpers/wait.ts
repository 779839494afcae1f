// Waiting on an event, never on the clock: a file written (a terminal's output, a done marker).
// The timer only guards a hang.
import { watch } from 'node:fs';
import { dirname } from 'node:path';
import { HANG_MS } from './cli.js';

/**
 * Resolves with `check()`'s value once it is truthy: checked now and each time something in
 * `file`'s folder is written. Throws after `ms` with `describe()`, what the test waited for.
 */
export function whenWritten<T>(file: string, check: () => T | undefined | false, describe: () => string, ms = HANG_MS): Promise<T> {
  return new Promise((resolve, reject) => {
    const watcher = watch(dirname(file));
    const done = (err: Error | undefined, value?: T) => {
      clearTimeout(timer);
      watcher.close();
      if (err) reject(err);
      else resolve(value as T);
    };
    const test = () => {
      try {
        const v = check();
        if (v) done(undefined, v);
      } catch (err) {
        done(err as Error);
      }
    };
    const timer = setTimeout(() => done(new Error(`timed out after ${ms / 1000}s: ${describe()}`)), ms);
    watcher.on('change', test);
    watcher.on('error', (err) => done(err));
    test();
  });
}
