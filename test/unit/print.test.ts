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

  it('csv: header, quoting of commas, quotes and newlines, JSON for objects, dot paths', async () => {
    const { out } = await print(list, { format: 'csv', fields: ['_id', 'name', 'note', 'tags', 'owner.email'] });
    expect(out).toBe(
      '_id,name,note,tags,owner.email\n' +
        'id1,"Ada, Countess","says ""hi""","[""a"",""b""]",ada@example.com\n' +
        'id2,Bob,"line1\nline2",[],bob@example.com\n',
    );
  });

  it('csv without --fields infers scalar columns, id first, no __v', async () => {
    expect((await print(list, { format: 'csv' })).out.split('\n')[0]).toBe('_id,name,note');
  });

  it('table without a TTY: plain columns on stdout, pagination hint on stderr', async () => {
    const r = await print(list, { format: 'table', fields: ['_id', 'name'] });
    expect(r.out).toBe('_ID  NAME\nid1  Ada, Countess\nid2  Bob\n');
    expect(r.err).toMatch(/Page 1 of 2 \(4 in all\)/);
  });

  it('table of a record: key/value rows, the message on stderr', async () => {
    const r = await print(item, { format: 'table' });
    expect(r.out).toBe('_id    tag1\nname   vip\ncolor  #FF0000\n');
    expect(r.err).toBe('✓ Tag created\n');
  });

  it('table of an empty list says so on stderr', async () => {
    const r = await print({ success: true, data: [] }, { format: 'table' });
    expect(r.out).toBe('');
    expect(r.err).toBe('No results.\n');
  });

  it.each([false, true])('table fits the terminal width (tty %s)', async (tty) => {
    const long = { success: true, data: [{ _id: 'x'.repeat(30), text: 'y'.repeat(300), other: 'z'.repeat(80) }] };
    const { out } = await print(long, { format: 'table' }, tty, 60);
    for (const line of out.trimEnd().split('\n')) expect(line.length, line).toBeLessThanOrEqual(60);
    expect(out).toContain('…');
  });

  it('quiet: ids only, one a line, from any shape; view.id picks the field', async () => {
    expect((await print(list, { quiet: true })).out).toBe('id1\nid2\n');
    expect((await print(item, { quiet: true, format: 'json' })).out).toBe('tag1\n');
    expect((await print({ success: true, data: { message_id: 'wamid.9', status: 'sent' } }, { quiet: true })).out).toBe('wamid.9\n');
    const io = fakeIO();
    await printResult(io, list, { format: 'table', quiet: true }, { id: 'owner.email' });
    expect(io.stdoutText()).toBe('ada@example.com\nbob@example.com\n');
    expect(io.stderrText()).toBe('');
  });
});
