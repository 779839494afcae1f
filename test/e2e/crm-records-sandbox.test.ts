// The sandbox answers CRM requests in the service's conventions (docs/service-api.md 10),
// including bodies the CLI would never send: 400 with `errors`, 201 creates, 404, 409,
// pagination, soft deletes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function http(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('sandbox conventions for CRM records', () => {
  it('400 with errors for bad bodies', async () => {
    expect(await http('POST', '/api/tags', { name: 'x', color: 'blue' })).toEqual({
      status: 400,
      body: { success: false, message: 'Validation failed', errors: ['color: must be #RRGGBB'] },
    });
    expect((await http('POST', '/api/currencies/create', { code: 'dollars', name: 'x', symbol: '$' })).body.errors).toEqual(['code: must be three letters, e.g. USD']);
    expect((await http('DELETE', '/api/segments/delete', { ids: [] })).status).toBe(400);
    expect((await http('POST', '/api/contacts/funnel/action', {})).body.errors).toEqual(['contact_id: is required', 'status: is required']);
    expect((await http('POST', '/api/auth/register', { email: 'x' })).status).toBe(400);
  });

  it('201 creates with a 24-hex _id; 409 duplicates; 404 unknown ids', async () => {
    const made = await http('POST', '/api/tags', { name: 'sandbox-tag', color: '#123abc' });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ success: true, data: { name: 'sandbox-tag', color: '#123ABC', __v: 0 } });
    expect(made.body.data._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await http('POST', '/api/tags', { name: 'SANDBOX-TAG', color: '#000000' })).status).toBe(409);
    expect((await http('GET', '/api/tags/000000000000000000000000')).status).toBe(404);
    expect((await http('DELETE', '/api/tags/delete', { ids: [made.body.data._id, 'nope'] })).body.message).toBe('Tag not found: nope');
    expect(sb.store.get('tags', made.body.data._id)).toBeDefined();
  });

  it('lists paginate with page/limit/search (tags 50 a page by default)', async () => {
    for (let i = 0; i < 55; i++) sb.store.insert('tags', { name: `bulk-${i}`, color: '#000000' });
    const first = await http('GET', '/api/tags');
    expect(first.body.data).toHaveLength(50);
    expect(first.body.pagination).toMatchObject({ currentPage: 1, itemsPerPage: 50, totalItems: sb.store.list('tags').length });
    const page = await http('GET', '/api/tags?page=2&limit=10&search=bulk-');
    expect(page.body.data.map((t: { name: string }) => t.name)).toEqual(Array.from({ length: 10 }, (_, i) => `bulk-${i + 10}`));
    expect((await http('GET', '/api/segments?limit=1')).body.pagination.itemsPerPage).toBe(1);
  });

  it('deletes are soft: deleted_at set, gone from lists and gets', async () => {
    const seg = await http('POST', '/api/segments', { name: 'Soft' });
    const id = seg.body.data._id;
    expect((await http('DELETE', `/api/segments/${id}`)).status).toBe(200);
    expect(sb.store.all('segments').find((s) => s._id === id)?.deleted_at).toBeTruthy();
    expect((await http('GET', `/api/segments/${id}`)).status).toBe(404);
    expect((await http('GET', '/api/segments')).body.data.map((s: { _id: string }) => s._id)).not.toContain(id);
  });

  it('an export is a 202 job; the download is text/csv with the tenant contacts', async () => {
    const started = await http('POST', '/api/contacts/export');
    expect(started).toMatchObject({ status: 202, body: { success: true, data: { status: 'waiting' } } });
    const job = started.body.data.job_id;
    expect((await http('GET', `/api/contacts/export/status/${job}`)).body.data.status).toBe('active');
    const done = (await http('GET', `/api/contacts/export/status/${job}`)).body.data;
    expect(done.status).toBe('completed');
    const res = await fetch(`${sb.url}/api/contacts/export/download/${done.file_name}`, { headers: { 'x-api-key': sb.config.apiKey } });
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(1 + sb.store.list('contacts').length);
    expect((await http('POST', '/api/contacts/export', { segment_id: 'nope' })).status).toBe(404);
  });

  it('the key is checked on the extra routes too', async () => {
    const res = await fetch(`${sb.url}/api/api-keys`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, message: 'Authorization token missing or malformed' });
  });
});
