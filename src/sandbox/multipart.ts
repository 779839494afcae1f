// A small multipart/form-data parser for the sandbox (bodies are already buffered).
import type { UploadedFile } from './http.js';

export function parseMultipart(body: Buffer, contentType: string): { fields: Record<string, string>; files: Record<string, UploadedFile> } | undefined {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) return undefined;
  const delim = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  let pos = body.indexOf(delim);
  while (pos !== -1) {
    const start = pos + delim.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const headEnd = body.indexOf('\r\n\r\n', start);
    if (headEnd === -1) return undefined;
    const next = body.indexOf(delim, headEnd);
    if (next === -1) return undefined;
    const head = body.subarray(start + 2, headEnd).toString('utf8');
    const content = body.subarray(headEnd + 4, next - 2);
    const name = /name="([^"]*)"/i.exec(head)?.[1];
    const filename = /filename="([^"]*)"/i.exec(head)?.[1];
    if (name !== undefined) {
      if (filename !== undefined) {
        const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
        files[name] = { filename: decodeURIComponent(filename), contentType: type.trim(), size: content.length, data: Buffer.from(content) };
      } else {
        fields[name] = content.toString('utf8');
      }
    }
    pos = next;
  }
  return { fields, files };
}
