// contacts export-download FILE_NAME [-O PATH|-] [--force]: stream the export to disk
// (temp file, then rename, so a failed download never leaves a half file under the
// real name), or to stdout with -O -. Never overwrites without --force. Contacts are personal
// data: the file is 0600, and a symlink in its place is refused.
import { constants, createWriteStream, existsSync, statSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UsageError } from '../../core/errors.js';
import { openPrivate, refuseSymlink } from '../../core/private-file.js';
import type { Context } from '../../runtime/context.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { EXPORT_DOWNLOAD_OPTIONS } from './options.js';

/** The file name goes into a URL path and, by default, into the current folder: no paths. */
export function checkFileName(name: string): string {
  if (name.trim() === '') throw new UsageError('FILE_NAME: must not be empty');
  if (/[/\\]/.test(name) || name.includes('..')) throw new UsageError(`FILE_NAME: must be a plain file name, without / \\ or .. (got ${name})`);
  return name;
}

/** Where to write: stdout for -, inside the folder when -O names one, else the path itself. */
export function targetPath(name: string, output: string | undefined, cwd = process.cwd()): string | '-' {
  if (output === '-') return '-';
  if (output === undefined) return join(cwd, name);
  const p = resolve(cwd, output);
  return existsSync(p) && statSync(p).isDirectory() ? join(p, name) : p;
}

const human = (n: number) => (n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} kB` : `${(n / 1024 ** 2).toFixed(1)} MB`);

/** Counts bytes; on a TTY, redraws one progress line at most every 100 ms. */
function progress(ctx: Context, label: string, total: number | undefined) {
  let bytes = 0;
  let last = 0;
  const tty = ctx.io.stderrIsTTY;
  const draw = () => {
    const pct = total ? ` ${Math.floor((bytes / total) * 100)}%` : '';
    ctx.io.redraw(`${label}${pct} ${human(bytes)}${total ? ` / ${human(total)}` : ''}`);
  };
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (tty && Date.now() - last > 100) {
        last = Date.now();
        draw();
      }
      done(null, chunk);
    },
    flush(done) {
      if (tty) {
        draw();
        ctx.io.err('');
      }
      done();
    },
  });
  return { counter, bytes: () => bytes };
}

export const run: Run<OptsOf<typeof EXPORT_DOWNLOAD_OPTIONS>> = async (ctx, { args, opts }) => {
  const name = checkFileName(String(args.FILE_NAME ?? ''));
  const target = targetPath(name, opts.outputFile);
  const flag = opts.outputFile === undefined ? 'FILE_NAME' : '-O, --output-file';
  if (target !== '-') refuseSymlink(target, flag);
  if (target !== '-' && existsSync(target) && !opts.force) throw new UsageError(`${target} exists: pass --force to overwrite it`);
  if (target !== '-' && !existsSync(dirname(target))) throw new UsageError(`-O, --output-file: no such folder: ${dirname(target)}`);

  const api = await ctx.api();
  const res = await api.call('contacts.exportDownload', { params: { file_name: name }, headers: { accept: '*/*' } });
  if (res.dryRun || !res.stream) return;
  const length = Number(res.headers['content-length']);
  const meter = progress(ctx, `Downloading ${name}`, Number.isFinite(length) && length > 0 ? length : undefined);

  if (target === '-') {
    await pipeline(res.stream, meter.counter, ctx.io.stdout, { end: false });
    return;
  }
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.part`);
  try {
    const fh = await openPrivate(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, flag);
    await pipeline(res.stream, meter.counter, createWriteStream(tmp, { fd: fh }), { signal: ctx.signal });
    // Checked again: the file may have appeared while downloading.
    if (existsSync(target) && !opts.force) throw new UsageError(`${target} exists: pass --force to overwrite it`);
    await rename(tmp, target);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw ctx.signal.aborted ? ctx.signal.reason : err;
  }
  const result = { file: target, bytes: meter.bytes(), content_type: String(res.headers['content-type'] ?? '') };
  if (ctx.settings.output === 'table' && !ctx.settings.fields && !ctx.settings.quiet) ctx.io.err(`Saved ${target} (${human(result.bytes)})`);
  else await ctx.print(result, { id: 'file' });
};
