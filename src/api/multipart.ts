// multipart/form-data built as a stream: files are read from disk chunk by chunk, never
// whole into memory, and the total length is known up front (file sizes come from stat).
import { createReadStream, statSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';

export type Part = { name: string; value: string } | { name: string; path: string; filename?: string; contentType?: string };

const MIME: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.gif': 'image/gif', '.webp': 'image/webp',
  '.mp4': 'video/mp4', '.3gp': 'video/3gpp', '.mov': 'video/quicktime',
  '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg', '.opus': 'audio/ogg', '.m4a': 'audio/mp4', '.aac': 'audio/aac', '.amr': 'audio/amr', '.wav': 'audio/wav',
  '.pdf': 'application/pdf', '.txt': 'text/plain', '.csv': 'text/csv', '.json': 'application/json',
  '.doc': 'application/msword', '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel', '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.ppt': 'application/vnd.ms-powerpoint', '.pptx': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  '.zip': 'application/zip',
};

export function mimeType(path: string): string {
  return MIME[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

const quote = (s: string) => s.replace(/[\r\n"]/g, (c) => encodeURIComponent(c));

export interface MultipartBody {
  contentType: string;
  length: number;
  /** A fresh stream each call, so a request can be retried. */
  stream(): Readable;
  /** What the parts are, for --dry-run and --verbose (files by name and size). */
  describe(): Record<string, string>;
}

export function multipart(parts: Part[]): MultipartBody {
  // node:crypto is loaded here, not at import: `chat send` imports this module for every
  // message, and loading crypto costs ~2 ms of each start.
  const boundary = `----chatcrm${process.getBuiltinModule('node:crypto').randomBytes(12).toString('hex')}`;
  const pieces = parts.map((p) => {
    if ('value' in p) {
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(p.name)}"\r\n\r\n`;
      return { head, value: p.value, size: 0 };
    }
    const filename = p.filename ?? basename(p.path);
    const type = p.contentType ?? mimeType(p.path);
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(p.name)}"; filename="${quote(filename)}"\r\nContent-Type: ${type}\r\n\r\n`;
    return { head, path: p.path, size: statSync(p.path).size, type };
  });
  const tail = `--${boundary}--\r\n`;
  const length =
    pieces.reduce((n, p) => n + Buffer.byteLength(p.head) + ('value' in p ? Buffer.byteLength(p.value!) : p.size) + 2, 0) +
    Buffer.byteLength(tail);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    stream() {
      return Readable.from(
        (async function* () {
          for (const p of pieces) {
            yield Buffer.from(p.head);
            if ('value' in p) yield Buffer.from(p.value!);
            else yield* createReadStream(p.path!);
            yield Buffer.from('\r\n');
          }
          yield Buffer.from(tail);
        })(),
      );
    },
    describe() {
      return Object.fromEntries(
        pieces.map((p, i) => [parts[i].name, 'value' in p ? p.value! : `@${p.path} (${p.size} bytes, ${p.type})`]),
      );
    },
  };
}
