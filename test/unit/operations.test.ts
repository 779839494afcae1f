// The operations table against the spec's endpoint tables (test/fixtures/service-api.md):
// an endpoint missing from the table, or one the spec does not have, fails.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operations, buildPath, type Operation } from '../../src/api/operations.js';

function specEndpoints(): string[] {
  const md = readFileSync(new URL('../fixtures/service-api.md', import.meta.url), 'utf8');
  const out: string[] = [];
  const section = (title: RegExp) => md.split(/\n(?=## )/).find((s) => title.test(s.split('\n')[0])) ?? '';
  for (const line of section(/^## 4\./).split('\n')) {
    const m = /^\|\s*(GET|POST|PUT|PATCH|DELETE)\s*\|\s*([^|\s]+)[^|]*\|/.exec(line);
    if (m) out.push(`${m[1]} ${m[2].replace(/\{mcp_url\}/, '').replace(/\?.*$/, '').replace(/\{\w+\}/g, '{}')}`);
  }
  for (const m of section(/^## 6\./).matchAll(/`(GET|POST)[^`]*?(\/webhook\/chat)`|`(GET)` on the same path/g)) {
    out.push(m[3] ? 'GET /webhook/chat' : `${m[1]} ${m[2]}`);
  }
  return out.sort();
}

describe('operations table', () => {
  it('has exactly the endpoints of the spec (sections 4.1–4.18 and 6)', () => {
    const table = Object.values(operations)
      .filter((o: Operation) => !o.offTable)
      .map((o) => `${o.method} ${o.path.replace(/\{\w+\}/g, '{}')}`)
      .sort();
    const spec = specEndpoints();
    expect(spec.length).toBeGreaterThan(120);
    expect(table).toEqual(spec);
  });

  it('operations outside the tables are paths the spec names (aliases, areas without shapes) or the export job', () => {
    const md = readFileSync(new URL('../fixtures/service-api.md', import.meta.url), 'utf8');
    const off = Object.values(operations).filter((o: Operation) => o.offTable);
    expect(off.map((o) => `${o.method} ${o.path}`).sort()).toEqual(['GET /api/v2/campaigns', 'GET /api/v2/templates', 'POST /api/contacts/export']);
    for (const o of off.filter((o) => o.method === 'GET')) expect(md).toContain(`\`${o.path}\``);
  });

  it('URL-encodes path ids', () => {
    expect(buildPath('/api/v2/chat/groups/{group_id}/members', { group_id: '120363040000000000@g.us' })).toBe('/api/v2/chat/groups/120363040000000000%40g.us/members');
    expect(buildPath('/api/tags/{tag_id}', { tag_id: 'a/b?c' })).toBe('/api/tags/a%2Fb%3Fc');
  });
});
