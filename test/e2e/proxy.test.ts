// HTTP(S)_PROXY and the key: loopback addresses are never proxied (Go's net/http rule), so a
// local server's key never reaches a proxy that resolves `localhost` itself; the plain-http
// key rule holds for the whole route; a proxy that wants credentials (407) is named.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { startProxy } from '../helpers/hostile-server.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

const KEY = 'test-key-0123456789abcdef';
const port = () => new URL(sb.url).port;

describe.each(['node', 'undici'])('over %s', (transport) => {
  const cli = (base: string, env: Record<string, string | undefined>, args = ['tags', 'list'], configDir?: string) =>
    runCli(['--base-url', base, '--retries', '0', ...args], { configDir, env: { CHATCRM_API_KEY: KEY, CHATCRM_HTTP_TRANSPORT: transport, NO_PROXY: undefined, no_proxy: undefined, ...env } });

  it.each(['127.0.0.1', 'localhost', '127.0.0.2'])('a loopback base URL (%s) goes around HTTP_PROXY and HTTPS_PROXY; the proxy sees nothing', async (host) => {
    const proxy = await startProxy({ hosts: { localhost: '127.0.0.1', '127.0.0.2': '127.0.0.1' } });
    try {
      const before = sb.calls('tags.list').length;
      const r = await cli(`http://${host}:${port()}`, { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, http_proxy: proxy.url });
      // 127.0.0.2 is loopback too; Linux answers it, other systems may not (then: not proxied either).
      if (host !== '127.0.0.2' || r.exitCode === 0) {
        expect(r.exitCode, r.stderr).toBe(0);
        expect(sb.calls('tags.list').length).toBe(before + 1);
      } else expect(r.stderr).not.toMatch(/proxy/);
      expect(proxy.seen).toEqual([]);
      expect(proxy.bytes()).not.toContain(KEY);
    } finally {
      await proxy.close();
    }
  });

  it('a remote host over plain http is refused like plain http, proxy or not (exit 2); the proxy sees nothing', async () => {
    const proxy = await startProxy({ hosts: { 'api.chatcrm.test': '127.0.0.1' } });
    try {
      const r = await cli(`http://api.chatcrm.test:${port()}`, { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });
      expect(r.exitCode).toBe(2);
      expect(r.stderr).toMatch(/^Error: Refusing to send the API key over plain http to api\.chatcrm\.test:\d+/);
      expect(proxy.seen).toEqual([]);
    } finally {
      await proxy.close();
    }
  });

  it('a remote host goes through the proxy (it resolves the name), and NO_PROXY still works', async () => {
    const proxy = await startProxy({ hosts: { 'api.chatcrm.test': '127.0.0.1' } });
    // allow-http: the test server has no TLS; the route is then the user's choice.
    const configDir = tempDir('chatcrm-proxy-cfg-');
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ active: 'p', profiles: { p: { 'allow-http': true } } }));
    try {
      const before = sb.calls('tags.list').length;
      const r = await cli(`http://api.chatcrm.test:${port()}`, { HTTP_PROXY: proxy.url }, undefined, configDir);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(proxy.seen).toEqual([`CONNECT api.chatcrm.test:${port()}`]);
      expect(sb.calls('tags.list').length).toBe(before + 1);
      const around = await cli(`http://api.chatcrm.test:${port()}`, { HTTP_PROXY: proxy.url, NO_PROXY: 'api.chatcrm.test' }, undefined, configDir);
      // Around the proxy the CLI resolves the name itself: it does not exist.
      expect(around.exitCode).toBe(7);
      expect(around.stderr).not.toMatch(/through the proxy/);
      expect(proxy.seen).toHaveLength(1);
    } finally {
      await proxy.close();
    }
  });

  it('a 407 names the proxy (host:port, never its credentials) and what it wants; nothing reaches the server', async () => {
    const proxy = await startProxy({ status: 407 });
    const host = new URL(proxy.url).host;
    try {
      const before = sb.received.length;
      const r = await cli('https://api.chatcrm.test', { HTTPS_PROXY: proxy.url });
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toBe(
        `Error: Cannot reach https://api.chatcrm.test through the proxy at ${host}: the proxy asks for credentials (HTTP 407 Proxy Authentication Required): give the user and password in the proxy variable (HTTPS_PROXY or HTTP_PROXY)\n`,
      );
      const withCreds = proxy.url.replace('http://', 'http://ada:s3cret-pw@');
      const denied = await cli('https://api.chatcrm.test', { HTTPS_PROXY: withCreds });
      expect(denied.stderr).toBe(`Error: Cannot reach https://api.chatcrm.test through the proxy at ${host}: the proxy did not accept the credentials in the proxy URL (HTTP 407 Proxy Authentication Required)\n`);
      expect(denied.stderr).not.toContain('s3cret');
      expect(proxy.auth.at(-1)).toBe(`Basic ${Buffer.from('ada:s3cret-pw').toString('base64')}`);
      expect(proxy.bytes()).not.toContain(KEY);
      expect(sb.received.length).toBe(before);
    } finally {
      await proxy.close();
    }
  });

  it('only HTTP_PROXY set: an https request goes through it, and its 407 names it', async () => {
    const proxy = await startProxy({ status: 407 });
    try {
      const r = await cli('https://api.chatcrm.test', { HTTP_PROXY: proxy.url });
      expect(r.exitCode).toBe(7);
      expect(r.stderr).toBe(
        `Error: Cannot reach https://api.chatcrm.test through the proxy at ${new URL(proxy.url).host}: the proxy asks for credentials (HTTP 407 Proxy Authentication Required): give the user and password in the proxy variable (HTTPS_PROXY or HTTP_PROXY)\n`,
      );
      expect(proxy.bytes()).not.toContain(KEY);
    } finally {
      await proxy.close();
    }
  });
});
