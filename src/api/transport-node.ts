// One-shot requests over node:http / node:https: no proxy, no pool to warm up. It starts about
// twice as fast as undici on Node 20 (issue 13), which is most of a single command's run time.
import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { Readable } from 'node:stream';
import { type Attempt, BodyTooLarge, declaredTooLarge, type Exchange, type Outgoing, type Transport } from './transport.js';

type RequestFn = (options: RequestOptions & { rejectUnauthorized?: boolean }) => ClientRequest;

// Only the module the URL needs: node:https loads TLS, which a plain-http call never uses.
const load = (https: boolean): Promise<RequestFn> => (https ? import('node:https') : import('node:http')).then((m) => m.request as RequestFn);

function send(o: Outgoing, attempt: Attempt): Promise<Exchange> {
  const https = o.url.protocol === 'https:';
  return load(https).then(
    (request) =>
      new Promise<Exchange>((resolve, reject) => {
        const req = request({
          method: o.method,
          // URL.hostname keeps the brackets of an IPv6 address; the socket wants it bare.
          hostname: o.url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: o.url.port || undefined,
          path: o.url.pathname + o.url.search,
          // Explicit: without it node sends no body at all with a DELETE (its default for
          // DELETE is neither chunked nor a computed length), and the ids of a delete-many vanish.
          headers: typeof o.body === 'string' || Buffer.isBuffer(o.body) ? { ...o.headers, 'content-length': String(Buffer.byteLength(o.body)) } : o.headers,
          // Explicit, so NODE_TLS_REJECT_UNAUTHORIZED=0 cannot turn verification off.
          ...(https ? { rejectUnauthorized: true } : {}),
        });
        const fail = (err: Error) => {
          if (o.body instanceof Readable) o.body.destroy();
          reject(err);
        };
        // Our own reason settles the promise; the socket is then destroyed without an error,
        // which node would otherwise re-emit on whichever of req, res or socket is current.
        const stop = (reason: Error) => {
          fail(reason);
          req.destroy();
        };
        attempt.cancelWith(stop);
        req.on('error', fail);
        req.on('socket', (socket) => {
          if (req.reusedSocket) attempt.connect();
          else socket.once(https ? 'secureConnect' : 'connect', () => attempt.connect());
        });
        req.on('response', (res: IncomingMessage) => {
          res.on('error', fail);
          const status = res.statusCode ?? 0;
          const headers = res.headers;
          if (o.maxBody === undefined) return resolve({ status, headers, stream: res });
          const max = o.maxBody;
          if (declaredTooLarge(headers, max)) return stop(new BodyTooLarge(max));
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > max) stop(new BodyTooLarge(max));
            else chunks.push(chunk);
          });
          res.on('end', () => resolve({ status, headers, body: Buffer.concat(chunks) }));
          res.on('close', () => {
            if (!res.complete) fail(Object.assign(new Error('the connection closed before the response was complete'), { code: 'ECONNRESET' }));
          });
        });
        if (o.body instanceof Readable) o.body.pipe(req);
        else req.end(o.body);
      }),
  );
}

export const nodeTransport: Transport = { name: 'node:http', send, close: async () => undefined };
