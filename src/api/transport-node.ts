// One-shot requests over node:http / node:https: no proxy, no pool to warm up. It starts about
// twice as fast as undici on Node 20 (issue 13), which is most of a single command's run time.
import type { Agent, ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { Readable } from 'node:stream';
import { type Attempt, BodyTooLarge, declaredTooLarge, type Exchange, type Outgoing, type Transport } from './transport.js';

type RequestFn = (options: RequestOptions & { rejectUnauthorized?: boolean }) => ClientRequest;

/** A request function and the keep-alive pool its requests go through. */
interface Pool {
  request: RequestFn;
  agent: Agent;
}

// Only the module the URL needs: node:https loads TLS, which a plain-http call never uses.
// A pool of the client's own, not node's global agent: a connection is reused within a run and
// never by another run in the same process (the tests run the CLI in-process), and the client's
// close() ends it. Idle connections close after 4 s, before a node server's 5 s keep-alive, so
// a reused connection is not one the server is closing at that moment (a reset, exit 7).
const newPool = (https: boolean): Promise<Pool> =>
  (https ? import('node:https') : import('node:http')).then((m) => ({ request: m.request as RequestFn, agent: new m.Agent({ keepAlive: true, timeout: 4000 }) }));

function send(pool: Promise<Pool>, o: Outgoing, attempt: Attempt): Promise<Exchange> {
  const https = o.url.protocol === 'https:';
  return pool.then(
    ({ request, agent }) =>
      new Promise<Exchange>((resolve, reject) => {
        const req = request({
          method: o.method,
          // URL.hostname keeps the brackets of an IPv6 address; the socket wants it bare.
          hostname: o.url.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: o.url.port || undefined,
          path: o.url.pathname + o.url.search,
          agent,
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

/** One client's node:http / node:https transport, with its own pools (one a scheme, made when first used). */
export function nodeTransport(): Transport {
  const pools = new Map<boolean, Promise<Pool>>();
  const poolFor = (https: boolean) => pools.get(https) ?? pools.set(https, newPool(https)).get(https)!;
  return {
    name: 'node:http',
    send: (o, attempt) => send(poolFor(o.url.protocol === 'https:'), o, attempt),
    async close() {
      const open = [...pools.values()];
      pools.clear();
      for (const pool of open) (await pool).agent.destroy();
    },
  };
}
