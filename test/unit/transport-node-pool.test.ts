// A client's node:http connections are its own: reused from one request to the next of a run,
// never by another client (another run of the CLI in the same process), and ended by close().
// On node's global agent a second run took the first one's idle connection, and a server
// closing it at that moment failed the run (exit 7).
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { testClientOptions } from '../helpers/api-client.js';

let server: Server;
let base = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  server.on('connection', (s) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const client = () => new ApiClient(testClientOptions({ baseUrl: base, transport: 'node' }));
const closed = (s: Socket) => (s.closed ? Promise.resolve() : new Promise((r) => s.once('close', r)));

it('one client reuses its connection; another client opens its own; close() ends each', async () => {
  const first = client();
  await first.request({ method: 'GET', path: '/a' });
  await first.request({ method: 'GET', path: '/b' });
  expect(sockets).toHaveLength(1);

  const second = client();
  await second.request({ method: 'GET', path: '/c' });
  expect(sockets).toHaveLength(2);

  await first.close();
  await closed(sockets[0]);
  expect(sockets[1].closed).toBe(false);
  await second.close();
  await closed(sockets[1]);
});
