// chatcrm openapi: a valid OpenAPI 3.1 document with exactly the operations of the table,
// every one of which the sandbox routes (a request built from the document is not 404/405).
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { operations } from '../../src/api/operations.js';
import { runCli } from '../helpers/cli.js';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

interface Op {
  operationId: string;
  'x-chatcrm-operations': string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { contentMediaType?: string }> } }> };
  security?: unknown[];
  servers?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
}
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Op>>;
  servers: { variables: { base_url: { default: string } } }[];
  components: { securitySchemes: Record<string, { in: string; name: string }>; schemas: Record<string, object> };
  security: unknown[];
};

let doc: Doc;
let sb: TestSandbox;
beforeAll(async () => {
  const r = await runCli(['openapi']);
  expect(r.exitCode).toBe(0);
  doc = parse(r.stdout) as Doc;
  sb = await startTestSandbox();
});
afterAll(() => sb?.close());

const each = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

describe('chatcrm openapi', () => {
  it('is a valid OpenAPI 3.1 document, the same in YAML and JSON', async () => {
    const validator = new Validator();
    const res = await validator.validate(doc as unknown as Parameters<Validator["validate"]>[0]);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    const json = await runCli(['openapi', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual(doc);
  });

  it('lists exactly the operations of the table, each on its own path and method', () => {
    const listed = each().flatMap((e) => e.op['x-chatcrm-operations']);
    expect(listed.sort()).toEqual(Object.keys(operations).sort());
    const pairs = new Set(each().map((e) => `${e.method.toUpperCase()} ${e.path}`));
    expect(pairs).toEqual(new Set(Object.values(operations).map((o) => `${o.method} ${o.path}`)));
  });

  it('describes parameters, bodies, the key, the tool endpoint and the signed webhook', () => {
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'x-api-key' });
    expect(doc.security).toEqual([{ apiKey: [] }]);
    const send = doc.paths['/api/v2/chat/messages'].post;
    expect(Object.keys(send.requestBody!.content).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(send.requestBody!.content['multipart/form-data'].schema.properties!.file.contentMediaType).toBe('application/octet-stream');
    expect(doc.paths['/api/segments/{segment_id}/contacts'].post.parameters).toEqual([expect.objectContaining({ name: 'segment_id', in: 'path', required: true })]);
    expect(doc.paths['/api/tags'].get.parameters!.map((p) => p.name)).toEqual(['page', 'limit', 'search']);
    expect(doc.paths['/api/automation'].get.parameters!.map((p) => p.name)).toEqual(['status', 'page', 'limit']);
    expect(doc.paths['/api/quick-replies'].get.parameters!.map((p) => p.name)).toEqual(['page', 'limit', 'search']);
    expect(doc.paths['/mcp'].post.servers).toBeDefined();
    for (const { path, op } of each()) expect(op.security, path).toEqual(path === '/webhook/chat' ? [] : [{ apiKey: [] }]);
    expect(doc.paths['/api/automation/{flow_id}/toggle-pause'].patch.operationId).toBe('flows_toggle_pause');
    const hook = doc.paths['/webhook/chat'].post;
    expect(hook.security).toEqual([]);
    expect(hook.parameters).toContainEqual(expect.objectContaining({ name: 'x-hub-signature-256', in: 'header', required: true }));
  });

  it('every operation of the document is routed by the sandbox (no 404/405 for a request built from it)', async () => {
    const key = doc.components.securitySchemes.apiKey;
    for (const { path, method, op } of each()) {
      const url = new URL(sb.url + path.replace(/\{(\w+)\}/g, () => encodeURIComponent('doc-test id')));
      const headers: Record<string, string> = {};
      if (op.security?.length) headers[key.name] = sb.config.apiKey;
      for (const p of op.parameters ?? []) {
        if (p.in === 'query' && p.required) url.searchParams.set(p.name, 'x');
        if (p.in === 'header') headers[p.name] = `sha256=${'0'.repeat(64)}`;
      }
      let body: BodyInit | undefined;
      const content = op.requestBody?.content ?? {};
      if (content['application/json']) {
        headers['content-type'] = 'application/json';
        body = '{}';
      } else if (content['multipart/form-data']) {
        const form = new FormData();
        for (const [name, s] of Object.entries(content['multipart/form-data'].schema.properties ?? {})) {
          if (s.contentMediaType) form.append(name, new Blob(['x']), 'x.txt');
          else form.append(name, 'x');
        }
        body = form;
      }
      const before = sb.received.length;
      const res = await fetch(url, { method: method.toUpperCase(), headers, body });
      await res.arrayBuffer();
      const got = sb.received.slice(before).at(-1);
      expect({ op: op.operationId, routed: op['x-chatcrm-operations'].includes(got?.operation ?? '') }).toEqual({ op: op.operationId, routed: true });
      expect(res.status, `${method} ${path}`).not.toBe(405);
      // A success is one the document declares: a generator that types each status keeps it.
      if (res.ok) expect(Object.keys(op.responses), `${method} ${path} answered ${res.status}`).toContain(String(res.status));
      if (res.status === 404) expect(res.headers.get('content-type'), `${method} ${path}`).toMatch(/json/);
    }
  });

  it('declares 201 for creates and 202 for jobs, as the sandbox answers them', async () => {
    const post = (path: string, body: object) =>
      fetch(sb.url + path, { method: 'POST', headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const tag = await post('/api/tags', { name: 'openapi-201', color: '#123456' });
    expect(tag.status).toBe(201);
    expect(Object.keys(doc.paths['/api/tags'].post.responses).filter((s) => s.startsWith('2'))).toEqual(['201']);
    const job = await post('/api/contacts/export', {});
    expect(job.status).toBe(202);
    expect(Object.keys(doc.paths['/api/contacts/export'].post.responses).filter((s) => s.startsWith('2'))).toEqual(['202']);
    expect(Object.keys(doc.paths['/api/tags'].get.responses).filter((s) => s.startsWith('2'))).toEqual(['200']);
  });

  it('gives `data` a schema where the CLI knows the record, and the sandbox answers match it', async () => {
    for (const path of ['/api/v2/chat/senders', '/api/v2/templates', '/api/tags', '/api/segments', '/api/automation/node-types', '/api/notifications']) {
      const schema = doc.paths[path].get.responses['200'].content!['application/json'].schema as { allOf: [unknown, { properties: { data: { type: string; items: { $ref: string } } } }] };
      const data = schema.allOf[1].properties.data;
      expect(data.type, path).toBe('array');
      const record = doc.components.schemas[data.items.$ref.split('/').at(-1)!] as { properties: Record<string, object> };
      const res = await fetch(sb.url + path, { headers: { 'x-api-key': sb.config.apiKey } });
      const body = (await res.json()) as { data: Record<string, unknown>[] };
      // The records are in `data` itself (not under a named key) and carry the fields the schema names.
      expect(body.data.length, path).toBeGreaterThan(0);
      const seen = new Set(body.data.flatMap((r) => Object.keys(r)));
      for (const field of Object.keys(record.properties)) expect(seen, `${path}: ${field}`).toContain(field);
    }
    expect(doc.components.schemas.ChatSenders).toMatchObject({ properties: { sender_id: {}, capabilities: { properties: { group_messaging: {} } } } });
    expect(JSON.stringify(doc.paths['/api/tags/{tag_id}'].get.responses['200'])).toContain('#/components/schemas/Tags"');
    expect(JSON.stringify(doc.paths['/api/tags'].post.responses['201'])).toContain('#/components/schemas/Tags"');
    // Elsewhere the generic envelope.
    expect(doc.paths['/api/v2/chat/messages'].post.responses['200'].content!['application/json'].schema).toEqual({ $ref: '#/components/schemas/Envelope' });
  });

  it("defaults the servers' address to the active profile's", async () => {
    expect(doc.servers[0].variables.base_url.default).toBe('http://127.0.0.1:8080');
    const r = await runCli(['openapi', '-o', 'json'], { env: { CHATCRM_BASE_URL: 'https://crm.example.com' } });
    expect(JSON.parse(r.stdout).servers[0].variables.base_url.default).toBe('https://crm.example.com');
  });

  it('refuses output formats other than yaml and json', async () => {
    const r = await runCli(['openapi', '-o', 'csv']);
    expect(r.exitCode).toBe(2);
    expect(r.stderr).toMatch(/-o: openapi prints yaml or json/);
    expect(r.stdout).toBe('');
  });
});
