// printResult in every format, with a fake IO (TTY or not).
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { testIO } from '../helpers/io.js';
import { printResult, type PrintOptions } from '../../src/core/output/print.js';

const fakeIO = (tty = false, columns = 80) => testIO({ tty, columns });

const list = {
  success: true,
  data: [
    { _id: 'id1', name: 'Ada, Countess', note: 'says "hi"', tags: ['a', 'b'], owner: { email: 'ada@example.com' }, __v: 0 },
    { _id: 'id2', name: 'Bob', note: 'line1\nline2', tags: [], owner: { email: 'bob@example.com' }, __v: 0 },
  ],
  pagination: { currentPage: 1, totalPages: 2, totalItems: 4, itemsPerPage: 2 },
};
const item = { success: true, message: 'Tag created', data: { _id: 'tag1', name: 'vip', color: '#FF0000' } };

async function print(body: unknown, opts: Partial<PrintOptions>, tty = false, columns = 80) {
  const io = fakeIO(tty, columns);
  await printResult(io, body, { format: 'table', ...opts });
  return { out: io.stdoutText(), err: io.stderrText() };
}

describe('printResult', () => {
  it('json: the records, projected by --fields', async () => {
    expect(JSON.parse((await print(list, { format: 'json' })).out)).toEqual(list.data);
    expect(JSON.parse((await print(list, { format: 'json', fields: ['_id', 'owner.email'] })).out)).toEqual([
      { _id: 'id1', owner: { email: 'ada@example.com' } },
      { _id: 'id2', owner: { email: 'bob@example.com' } },
    ]);
    const r = await print(item, { format: 'json' });
    expect(JSON.parse(r.out)).toEqual(item.data);
    expect(r.err).toBe('');
  });

  it('json of a message-only answer is {}', async () => {
    expect(JSON.parse((await print({ success: true, message: 'Deleted' }, { format: 'json' })).out)).toEqual({});
  });

  it('jsonl: one record a line', async () => {
    const lines = (await print(list, { format: 'jsonl', fields: ['name'] })).out.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual([{ name: 'Ada, Countess' }, { name: 'Bob' }]);
  });

  it('yaml: parses back to the records', async () => {
    expect(parseYaml((await print(list, { format: 'yaml' })).out)).toEqual(list.data);
    expect(parseYaml((await print(item, { format: 'yaml', fields: ['name'] })).out)).toEqual({ name: 'vip' });
  });

  it('csv: header, quoting of commas and quotes, newlines as ⏎, lists joined with "; " (as tables and the export), dot paths', async () => {
    const { out } = await print(list, { format: 'csv', fields: ['_id', 'name', 'note', 'tags', 'owner.email'] });
    expect(out).toBe(
      '_id,name,note,tags,owner.email\n' +
        'id1,"Ada, Countess","says ""hi""",a; b,ada@example.com\n' +
        'id2,Bob,line1⏎line2,,bob@example.com\n',
    );
    const table = await print(list, { format: 'table', fields: ['_id', 'tags'] });
    expect(table.out).toMatch(/^id1 +a; b$/m);
    // A list of objects stays JSON.
    expect((await print({ data: [{ _id: 'x', rows: [{ a: 1 }] }] }, { format: 'csv', fields: ['rows'] })).out).toBe('rows\n"[{""a"":1}]"\n');
  });

  it('--fields id names _id where a record has no id (tables label both ID)', async () => {
    expect(JSON.parse((await print(list, { format: 'json', fields: ['id', 'name'] })).out)).toEqual([
      { id: 'id1', name: 'Ada, Countess' },
      { id: 'id2', name: 'Bob' },
    ]);
    expect((await print(list, { format: 'csv', fields: ['id'] })).out).toBe('id\nid1\nid2\n');
    expect((await print({ data: [{ id: 7, _id: 'x' }] }, { format: 'csv', fields: ['id'] })).out).toBe('id\n7\n');
  });

  it('csv: a cell a spreadsheet would evaluate gets a leading quote; numbers stay numbers; escapes are visible', async () => {
    const body = { data: [{ _id: 'a', name: '=HYPERLINK("http://x")', rate: -5, note: '+1 555', evil: '\u001b]52;c;x\u0007' }] };
    const { out } = await print(body, { format: 'csv' });
    expect(out.split('\n')[1]).toBe(`a,"'=HYPERLINK(""http://x"")",-5,'+1 555,\\x1b]52;c;x\\x07`);
  });

  it('csv: a list joined into one cell is text too, formula-defused by its first item', async () => {
    const body = { data: [{ _id: 'a', tags: ['=HYPERLINK("http://x")', 'b'], ids: [1, 2] }] };
    const { out } = await print(body, { format: 'csv', fields: ['tags', 'ids'] });
    expect(out.split('\n')[1]).toBe(`"'=HYPERLINK(""http://x""); b",1; 2`);
  });

  it('field names from the server are untrusted too: table and csv headers are sanitized', async () => {
    const body = { data: [{ _id: 'a', '=cmd|x\u001b[2J': 'v' }] };
    const csv = (await print(body, { format: 'csv' })).out.split('\n')[0];
    expect(csv).toBe(`_id,'=cmd|x\\x1b[2J`);
    const table = (await print(body, { format: 'table' })).out.split('\n')[0];
    expect(table).not.toContain('\u001b');
    expect(table).toContain('\\x1b[2J');
  });

  it('csv of an empty list still prints the header row (declared columns or --fields)', async () => {
    const io = fakeIO();
    await printResult(io, { data: [] }, { format: 'csv' }, { columns: ['_id', 'name'] });
    expect(io.stdoutText()).toBe('_id,name\n');
    expect((await print({ data: [] }, { format: 'csv', fields: ['a.b', 'c'] })).out).toBe('a.b,c\n');
  });

  it('csv without --fields infers scalar columns, id first, no __v', async () => {
    expect((await print(list, { format: 'csv' })).out.split('\n')[0]).toBe('_id,name,note');
  });

  it('table without a TTY: plain columns on stdout, headers in one case, the pagination note on stderr', async () => {
    const r = await print(list, { format: 'table', fields: ['_id', 'name', 'owner.email'] });
    expect(r.out).toBe('ID   NAME           OWNER EMAIL\nid1  Ada, Countess  ada@example.com\nid2  Bob            bob@example.com\n');
    expect(r.err).toBe('Showing 2 of 4; --all for every page, --page 2 for the next\n');
  });

  it.each(['json', 'jsonl', 'csv', 'yaml'] as const)('the pagination note goes to stderr in %s too, and with -q', async (format) => {
    expect((await print(list, { format })).err).toBe('Showing 2 of 4; --all for every page, --page 2 for the next\n');
    expect((await print(list, { format, quiet: true })).err).toBe('Showing 2 of 4; --all for every page, --page 2 for the next\n');
  });

  it('the note names the page after the first, and a page past the end', async () => {
    const p2 = { data: [{ _id: 'x' }], pagination: { currentPage: 2, totalPages: 3, totalItems: 23, itemsPerPage: 10 } };
    expect((await print(p2, { format: 'json' })).err).toBe('Showing 1 of 23 (page 2 of 3); --all for every page, --page 3 for the next\n');
    const past = { data: [], pagination: { currentPage: 99, totalPages: 3, totalItems: 23, itemsPerPage: 10 } };
    expect((await print(past, { format: 'json' })).err).toMatch(/page 99 of 3/);
    const last = { data: [{ _id: 'x' }], pagination: { currentPage: 3, totalPages: 3, totalItems: 23, itemsPerPage: 10 } };
    expect((await print(last, { format: 'json' })).err).toBe('');
  });

  it('a piped table never cuts a value; control characters and newlines are made visible', async () => {
    const long = { data: [{ _id: '6b0475a026e9c1d2f3a4b5c6', text: 'y'.repeat(300), evil: 'a\u001b[2Jb\nc' }] };
    const { out } = await print(long, { format: 'table' }, false, 40);
    expect(out).toContain('6b0475a026e9c1d2f3a4b5c6');
    expect(out).toContain('y'.repeat(300));
    expect(out).toContain('a\\x1b[2Jb⏎c');
    expect(out).not.toContain('\u001b');
    expect(out).not.toContain('…');
  });

  it('--fields naming a field no record has is a usage error listing the fields they have', async () => {
    await expect(print(list, { format: 'json', fields: ['_id', 'nmae'] })).rejects.toThrow(/--fields: unknown field "nmae" \(the records have: _id, name, note, tags, owner\)/);
    await expect(print(list, { format: 'json', fields: ['owner.emial'] })).rejects.toThrow(/unknown field "owner.emial" \(the records have: owner.email\)/);
    await expect(print(item, { format: 'table', fields: ['colour'] })).rejects.toThrow(/the record has: _id, name, color/);
    const after = await print(item, { format: 'json', fields: ['colour'], wrote: true });
    expect(after.err).toMatch(/^Warning: --fields: unknown field "colour"/);
  });

  it('--query filters the records, then prints them in the chosen format', async () => {
    expect(JSON.parse((await print(list, { format: 'json', query: "[?name == 'Bob']._id" })).out)).toEqual(['id2']);
    expect((await print(list, { format: 'table', query: "[?contains(name, 'Ada')].{id: _id, n: name}" })).out).toBe('ID   N\nid1  Ada, Countess\n');
    await expect(print(list, { format: 'json', query: 'abs(name)' })).rejects.toThrow(/^--query: /);
  });

  it('table of a record: key/value rows labelled as table headers are; the server message after a write only', async () => {
    const written = await print(item, { format: 'table', wrote: true });
    expect(written.out).toBe('ID     tag1\nNAME   vip\nCOLOR  #FF0000\n');
    expect(written.err).toBe('✓ Tag created\n');
    const read = await print({ ...item, message: 'Tag fetched successfully' }, { format: 'table' });
    expect(read.out).toBe(written.out);
    expect(read.err).toBe('');
  });

  it("a command's own success note shows after a read too (it is the result, not the server's noise)", async () => {
    const io = fakeIO();
    await printResult(io, { status: 'ok' }, { format: 'table' }, { success: 'The tool endpoint is healthy' });
    expect(io.stderrText()).toBe('✓ The tool endpoint is healthy\n');
  });

  it('key/value labels: both id spellings as ID, --fields paths labelled too, server keys sanitized', async () => {
    const r = await print({ data: { id: 'u1', _id: 'u1', created_at: 'x', 'evil\u001b[2J': 1 } }, { format: 'table' });
    expect(r.out).toBe(['ID           u1', 'ID           u1', 'CREATED AT   x', 'EVIL\\x1b[2J  1', ''].join('\n'));
    expect((await print(item, { format: 'table', fields: ['_id', 'color'] })).out).toBe('ID     tag1\nCOLOR  #FF0000\n');
  });

  it('table of an empty list says so on stderr', async () => {
    const r = await print({ success: true, data: [] }, { format: 'table' });
    expect(r.out).toBe('');
    expect(r.err).toBe('No results.\n');
  });

  it('on a TTY the table fits the width: low-value columns dropped first, then text cut, never the id', async () => {
    const long = { success: true, data: [{ _id: 'x'.repeat(30), text: 'y'.repeat(300), other: 'z'.repeat(80), created_at: '2026-01-01T00:00:00.000Z' }] };
    const io = fakeIO(true, 60);
    await printResult(io, long, { format: 'table' }, { columns: ['_id', 'text', 'other', 'created_at'], drop: ['created_at', 'other'] });
    const out = io.stdoutText();
    for (const line of out.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(60);
    expect(out).toContain('x'.repeat(30));
    expect(out).toContain('…');
    expect(out.split('\n')[0]).toMatch(/^ID +TEXT$/);
    expect(out).not.toMatch(/[│┌─]/);
  });

  it('a single record: nested objects as dot paths, lists of records summarised', async () => {
    const r = await print({ data: { _id: 'c1', plan: { name: 'Pro', limits: { contacts: 10 } }, rows: [{ a: 1 }, { a: 2 }] } }, { format: 'table' });
    expect(r.out).toBe(
      ['ID                    c1', 'PLAN NAME             Pro', 'PLAN LIMITS CONTACTS  10', 'ROWS                  (2 items: --fields rows or --json to see them)', ''].join('\n'),
    );
  });

  it('quiet: ids only, one a line, from any shape; view.id picks the field', async () => {
    expect((await print(list, { quiet: true })).out).toBe('id1\nid2\n');
    expect((await print(item, { quiet: true, format: 'json' })).out).toBe('tag1\n');
    expect((await print({ success: true, data: { message_id: 'wamid.9', status: 'sent' } }, { quiet: true })).out).toBe('wamid.9\n');
    const io = fakeIO();
    await printResult(io, list, { format: 'table', quiet: true }, { id: 'owner.email' });
    expect(io.stdoutText()).toBe('ada@example.com\nbob@example.com\n');
    expect(io.stderrText()).toMatch(/^Showing 2 of 4/);
  });
});
