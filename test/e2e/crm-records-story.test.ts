// The CRM story (tags, a custom field, a segment, contacts, export, download, compare),
// export-status/export-download edge cases, and the subscription story with plan gating.
import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox.js';
import { tempDir } from '../helpers/cli.js';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(() => sb.close());

async function ok(args: string[], opts: Parameters<TestSandbox['run']>[1] = {}) {
  const r = await sb.run([...args, '--json'], opts);
  expect(r.stderr, r.stderr).not.toMatch(/Error/);
  expect(r.exitCode).toBe(0);
  return JSON.parse(r.stdout);
}

const refused = (args: string[], message: RegExp, code = 2, opts: Parameters<TestSandbox['run']>[1] = {}) => sb.refused(args, message, { code, ...opts });

/** Raw HTTP for the routes outside the spec's tables (the `api` command covers them for users). */
async function http(method: string, path: string, body?: unknown) {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: { 'x-api-key': sb.config.apiKey, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; data: Record<string, unknown> } };
}

const toolCalls = () =>
  sb.calls('mcp.rpc').filter((r) => (r.body as { method?: string }).method === 'tools/call').map((r) => (r.body as { params: { name: string; arguments: Record<string, unknown> } }).params);

/** Start a contacts export with `contacts export`; its job id. */
async function startExport(args: string[] = []): Promise<string> {
  const r = await sb.run(['contacts', 'export', ...args, '-q']);
  expect(r.exitCode, r.stderr).toBe(0);
  expect(sb.calls('contacts.export').at(-1)!.status).toBe(202);
  return r.stdout.trim();
}

function parseCsv(text: string): Record<string, string>[] {
  const [head, ...rows] = text.trim().split('\r\n');
  const cols = head.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((v, i) => [cols[i], v])));
}

describe('CRM story: tags, custom field, segment, contacts, export, download', () => {
  // Some twenty CLI runs: a limit that holds on a loaded machine.
  it('exports exactly what was created', async () => {
    await ok(['tags', 'create', '--name', 'gold', '--color', '#FFD700']);
    await ok(['tags', 'create', '--name', 'beta', '--color', '#7E57C2']);
    const field = await ok(['custom-fields', 'create', '--name', 'Plan tier']);
    const segment = await ok(['segments', 'create', '--name', 'Story customers', '--filters', '{"tags":["gold"]}']);

    // Contacts are created as a user would: `contacts create` (tool create_contact).
    const people = [
      { phone_number: '447700900001', name: 'Iris Nkemelu', email: 'iris@example.com', status: 'customer', tags: ['gold'], custom_fields: { [field.key]: 'enterprise' } },
      { phone_number: '447700900002', name: 'Jonas Weber', email: 'jonas@example.com', status: 'lead', tags: ['gold', 'beta'], custom_fields: { [field.key]: 'starter' } },
    ];
    const ids: string[] = [];
    for (const p of people) {
      const tags = p.tags.flatMap((t) => ['--tag', t]);
      const r = await sb.run(['contacts', 'create', '--phone', `+${p.phone_number}`, '--name', p.name, '--email', p.email, '--status', p.status, ...tags, '--field', `${field.key}=${p.custom_fields[field.key]}`, '-q']);
      expect(r.exitCode, r.stderr).toBe(0);
      expect(toolCalls().at(-1)).toEqual({ name: 'create_contact', arguments: p });
      ids.push(r.stdout.trim());
    }
    expect(ids.map((id) => sb.store.get('contacts', id)?.name)).toEqual(people.map((p) => p.name));
    await ok(['segments', 'add-contacts', segment._id, ...ids]);
    expect((await ok(['segments', 'contacts', segment._id])).map((c: { _id: string }) => c._id).sort()).toEqual([...ids].sort());
    const popular = await ok(['tags', 'popular']);
    expect(popular.find((t: { name: string }) => t.name === 'gold').count).toBe(2);

    const jobId = await startExport(['--segment', segment._id]);
    expect(sb.calls('contacts.export').at(-1)!.body).toEqual({ segment_id: segment._id });

    const job = await ok(['contacts', 'export-status', jobId, '--wait', '--interval', '0.1']);
    expect(job).toMatchObject({ job_id: jobId, status: 'completed', total: 2 });
    const statuses = sb.calls('contacts.exportStatus').map((c) => c.path);
    expect(statuses.length).toBeGreaterThanOrEqual(2);

    const dir = tempDir('chatcrm-export-');
    const r = await sb.run(['contacts', 'export-download', job.file_name], { cwd: dir });
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toMatch(/Saved .*contacts-export-/);
    expect(readdirSync(dir)).toEqual([job.file_name]);
    const rows = parseCsv(readFileSync(join(dir, job.file_name), 'utf8'));
    expect(rows.map((row) => [row._id, row.name, row.phone_number, row.email, row.status, row.tags, row.segments, row.custom_fields])).toEqual(
      people.map((p, i) => [ids[i], p.name, p.phone_number, p.email, p.status, p.tags.join('; '), 'Story customers', `${field.key}=${p.custom_fields[field.key]}`]),
    );
    const [download] = sb.calls('contacts.exportDownload');
    expect(download.path).toBe(`/api/contacts/export/download/${job.file_name}`);
  });
});

describe('contacts export --wait: start, wait and download in one command', () => {
  const csvOf = (jobId: string) => String(sb.store.list('exports', (j) => j.job_id === jobId)[0].csv);
  const steps = (from: number) => sb.received.slice(from).map((q) => q.operation);

  it('-O FILE saves the export; the requests are those of the three commands', async () => {
    const dir = tempDir('chatcrm-dl-');
    const before = sb.received.length;
    const r = await sb.run(['contacts', 'export', '--wait', '-O', 'all.csv'], { cwd: dir });
    expect(r.exitCode, r.stderr).toBe(0);
    const jobId = String(sb.store.list('exports').at(-1)!.job_id);
    expect(steps(before)).toEqual(['contacts.export', 'contacts.exportStatus', 'contacts.exportStatus', 'contacts.exportDownload']);
    expect(readFileSync(join(dir, 'all.csv'), 'utf8')).toBe(csvOf(jobId));
    expect(r.stderr).toMatch(new RegExp(`^Saved ${join(dir, 'all.csv').replace(/[.]/g, '\\.')} \\(`, 'm'));
    expect(r.stdout).toBe('');
  });

  it('-O - writes the file to stdout', async () => {
    const r = await sb.run(['contacts', 'export', '--wait', '-O', '-']);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe(csvOf(String(sb.store.list('exports').at(-1)!.job_id)));
  });

  it('refuses a file it would not overwrite, and -O without --wait, before starting a job', async () => {
    const dir = tempDir('chatcrm-dl-');
    writeFileSync(join(dir, 'mine.csv'), 'keep me');
    await refused(['contacts', 'export', '--wait', '-O', 'mine.csv'], /mine.csv exists: pass --force/, 2, { cwd: dir });
    await refused(['contacts', 'export', '-O', 'x.csv'], /-O, --output-file: only with --wait/);
    expect(readFileSync(join(dir, 'mine.csv'), 'utf8')).toBe('keep me');
  });
});

describe('contacts export-status / export-download', () => {
  let file = '';
  let csv = '';
  beforeAll(async () => {
    const jobId = await startExport();
    const first = await ok(['contacts', 'export-status', jobId]);
    expect(first.status).toBe('active');
    const done = await ok(['contacts', 'export-status', jobId]);
    expect(done.status).toBe('completed');
    file = done.file_name;
    csv = String(sb.store.list('exports', (j) => j.job_id === jobId)[0].csv);
  });

  it('export-status refuses bad waits, answers 404 for unknown jobs, and times out (exit 7)', async () => {
    await refused(['contacts', 'export-status', 'job1', '--wait', '--wait-timeout', 'soon'], /--wait-timeout: must be a positive number/);
    await refused(['contacts', 'export-status', 'nope'], /Export job not found/, 4);
    const r = await sb.run(['contacts', 'export-status', await startExport(), '--wait', '--wait-timeout', '0.5', '--interval', '1']);
    expect(r.exitCode).toBe(7);
    expect(r.stderr).toMatch(/still active after 0.5s/);
  });

  it('-O - writes to stdout; -O FOLDER puts the file name inside it', async () => {
    const r = await sb.run(['contacts', 'export-download', file, '-O', '-']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe(csv);
    const dir = tempDir('chatcrm-dl-');
    mkdirSync(join(dir, 'out'));
    const saved = await ok(['contacts', 'export-download', file, '-O', 'out'], { cwd: dir });
    expect(saved).toMatchObject({ file: join(dir, 'out', file), bytes: Buffer.byteLength(csv) });
    expect(readFileSync(join(dir, 'out', file), 'utf8')).toBe(csv);
  });

  it('never overwrites without --force; --force replaces through a temp file', async () => {
    const dir = tempDir('chatcrm-dl-');
    writeFileSync(join(dir, 'mine.csv'), 'keep me');
    await refused(['contacts', 'export-download', file, '-O', 'mine.csv'], /mine.csv exists: pass --force/, 2, { cwd: dir });
    expect(readFileSync(join(dir, 'mine.csv'), 'utf8')).toBe('keep me');
    const r = await sb.run(['contacts', 'export-download', file, '-O', 'mine.csv', '--force'], { cwd: dir });
    expect(r.exitCode).toBe(0);
    expect(readFileSync(join(dir, 'mine.csv'), 'utf8')).toBe(csv);
    expect(readdirSync(dir)).toEqual(['mine.csv']);
  });

  it.each(['../contacts.csv', 'a/b.csv', 'a\\b.csv', '..'])('refuses the file name %s', async (name) => {
    await refused(['contacts', 'export-download', name], /FILE_NAME: must be a plain file name/);
  });

  it('an unknown file is 404 and leaves nothing behind', async () => {
    const dir = tempDir('chatcrm-dl-');
    await refused(['contacts', 'export-download', 'contacts-export-missing.csv'], /Export file not found/, 4, { cwd: dir });
    expect(existsSync(join(dir, 'contacts-export-missing.csv'))).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('subscription story and plan gating', () => {
  it('show, usage and checkout-url describe the seeded Pro plan', async () => {
    const show = await ok(['subscription', 'show']);
    expect(show.subscription).toMatchObject({ plan_id: 'plan_pro', status: 'active' });
    expect(show.features).toContain('rest_api');
    const usage = await ok(['subscription', 'usage']);
    expect(usage.usage.contacts.used).toBe(sb.store.list('contacts').length);
    const url = await ok(['subscription', 'checkout-url', '--plan', 'plan_business']);
    expect(url.url).toMatch(/^https:\/\/checkout\.sandbox\.test\/.*plan=plan_business/);
    expect(sb.calls('subscription.checkoutUrl').at(-1)?.query).toEqual({ plan_id: 'plan_business' });
    await refused(['subscription', 'checkout-url', '--plan', 'plan_nope'], /Plan not found/, 4);
    expect((await http('GET', '/api/api-keys')).status).toBe(200);
  });

  it('create refuses a bad gateway or no plan, and 409s while a subscription is active', async () => {
    await refused(['subscription', 'create', '--gateway', 'paypal', '--plan', 'plan_free'], /--gateway/);
    await refused(['subscription', 'create', '--plan', 'plan_free'], /--gateway: give one of gatewayone, gatewaytwo, gatewaythree/);
    await refused(['subscription', 'create', '--gateway', 'gatewayone'], /--plan: is required/);
    await refused(['subscription', 'create', '--gateway', 'gatewayone', '--plan', 'plan_free'], /active subscription already exists/, 5);
    expect(sb.calls('subscription.createGatewayone').at(-1)?.body).toEqual({ plan_id: 'plan_free' });
  });

  it('cancel (needs --yes) and resume change the state visibly', async () => {
    const q = await sb.run(['subscription', 'show', '-q']);
    const id = q.stdout.trim();
    expect(id).toBe(String(sb.store.list('subscriptions', (s) => s.status === 'active')[0]._id));
    await refused(['subscription', 'cancel', id], /pass --yes/);
    const cancelled = await ok(['subscription', 'cancel', id, '--yes']);
    expect(cancelled.status).toBe('cancelled');
    expect((await ok(['subscription', 'show'])).subscription.status).toBe('cancelled');
    const gated = await http('GET', '/api/api-keys');
    expect(gated).toMatchObject({ status: 403, body: { message: expect.stringMatching(/Active subscription required/) } });
    await refused(['subscription', 'cancel', id, '--yes'], /not active/, 5);
    const resumed = await ok(['subscription', 'resume', id]);
    expect(resumed.status).toBe('active');
    await refused(['subscription', 'resume', id], /not cancelled/, 5);
    await refused(['subscription', 'resume', 'nope'], /Subscription not found/, 4);
    await ok(['subscription', 'cancel', id, '--yes']);
  });

  it('a plan without rest_api is gated with the service\'s 403', async () => {
    const created = await ok(['subscription', 'create', '--gateway', 'gatewaytwo', '--plan', 'plan_free']);
    expect(created.subscription).toMatchObject({ plan_id: 'plan_free', gateway: 'gatewaytwo', status: 'active' });
    expect(sb.calls('subscription.createGatewaytwo').at(-1)?.body).toEqual({ plan_id: 'plan_free' });
    // Observed as a user would: through `chatcrm api`, the command for areas without one.
    const keys = await sb.run(['api', 'GET', '/api/api-keys']);
    expect(keys.exitCode).toBe(3);
    expect(keys.stderr.trim()).toBe('Error: Your plan does not include this feature: rest api (HTTP 403)');
    expect(JSON.parse(keys.stdout)).toEqual({ success: false, message: 'Your plan does not include this feature: rest api' });
    expect(sb.calls('GET /api/api-keys').at(-1)?.headers['x-api-key']).toBe(sb.config.apiKey);
    expect((await http('POST', '/api/api-keys', { name: 'ci' })).status).toBe(403);
    expect((await http('GET', '/api/message-bots')).body.message).toBe('Your plan does not include this feature: auto replies');
    expect((await ok(['subscription', 'show'])).features).not.toContain('rest_api');
  });

  it('on a plan with rest_api, API keys can be created and listed', async () => {
    const free = String((await ok(['subscription', 'show'])).subscription._id);
    await ok(['subscription', 'cancel', free, '--yes']);
    await ok(['subscription', 'create', '--gateway', 'gatewaythree', '--plan', 'plan_business']);
    expect(sb.calls('subscription.createGatewaythree').map((c) => c.body)).toEqual([{ plan_id: 'plan_business' }]);
    const made = await http('POST', '/api/api-keys', { name: 'ci' });
    expect(made.status).toBe(201);
    expect(String(made.body.data.key)).toMatch(/^[0-9a-f]{64}$/);
    const list = await http('GET', '/api/api-keys');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(String(made.body.data.key));
  });
});
