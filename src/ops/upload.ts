// The local file of an upload, checked before anything is sent.
import { stat } from 'node:fs/promises';
import { UsageError } from '../core/errors.js';

/** A readable regular file, else a UsageError naming the flag (or argument). */
export async function uploadFile(path: unknown, flag: string): Promise<string> {
  if (typeof path !== 'string' || path.trim() === '') throw new UsageError(`${flag}: required (a local file to upload)`);
  let info;
  try {
    info = await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`${flag}: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : (err as Error).message}`);
  }
  if (info.isDirectory()) throw new UsageError(`${flag}: ${path} is a directory, not a file`);
  if (!info.isFile()) throw new UsageError(`${flag}: ${path} is not a regular file`);
  return path;
}
