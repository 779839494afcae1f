// What the workspace reader makes of the server's answers (issue 41, item 4): a 2xx that is not
// a list is an error naming the area, an area stops at its cap and the read at its deadline (on
// a fake clock), a record's own id is `_id` or `id`, and a plan that would update or delete a
// record without one, or by an id two records share, is refused naming it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src/api/client.js';
import { notAList, ownId, recordId } from '../../src/core/output/shape.js';
import { AREA } from '../../src/commands/workspace/areas.js';
import { idProblem } from '../../src/commands/workspace/load.js';
import { planSync } from '../../src/commands/workspace/plan.js';
import { currentState, listAll, MAX_AREA_RECORDS, READ_DEADLINE_MS } from '../../src/commands/workspace/state.js';

/** A fake client answering each page from `answer`; `onCall` runs first (a clock to move). */
function fakeApi(answer: (page: number) => unknown, onCall: () => void = () => undefined): { api: ApiClient; pages: number[] } {
  const pages: number[] = [];
  const api = {
    call: async (_op: string, o: { query: { page: number } }) => {
      onCall();
      pages.push(o.query.page);
      return { status: 200, headers: {}, body: answer(o.query.page) };
    },
  } as unknown as ApiClient;
  return { api, pages };
}

const tags = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ _id: `T${from + i}`, name: `t${from + i}` }));
const forever = { at: Number.POSITIVE_INFINITY, now: () => 0 };

describe('notAList and ownId', () => {
  it('a list is a list, whatever its envelope; success: false or no list is not', () => {
    expect(notAList([])).toBeUndefined();
    expect(notAList({ success: true, data: [] })).toBeUndefined();
    expect(notAList({ data: { tags: [], pagination: {} } })).toBeUndefined();
    expect(notAList({ success: false, data: [] })).toBe('it says success: false');
    expect(notAList({ success: false, message: 'Quota' })).toBe('it says success: false (Quota)');
    expect(notAList({})).toBe('it holds no list: {}');
    expect(notAList('text')).toBe('it holds no list: "text"');
    expect(notAList({ data: { note: 'x'.repeat(100) } })).toBe(`it holds no list: {"data":{"note":"${'x'.repeat(63)}…`);
  });

  it('ownId is _id or id only; recordId (what -q prints) still falls back to a *_id', () => {
    expect(ownId({ _id: 'a', id: 'b' })).toBe('a');
    expect(ownId({ id: 7 })).toBe('7');
    expect(ownId({ tag_id: 'T1', name: 'old' })).toBeUndefined();
    expect(recordId({ sender_id: 'S1' })).toBe('S1');
  });

  it('whatever the body, notAList answers (a reason or undefined) without throwing', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => {
        const why = notAList(body);
        expect(why === undefined || why.startsWith('it ')).toBe(true);
      }),
      { seed: 41, numRuns: 500 },
    );
  });
});

describe('listAll', () => {
  it('an answer that is not a list names the area, the request and the page', async () => {
    const { api } = fakeApi((page) => (page === 1 ? { data: tags(0, 100), hasMore: true } : { success: false, message: 'later' }));
    await expect(listAll(api, AREA.tags, forever)).rejects.toMatchObject({ message: 'tags: the answer to GET /api/tags (page 2) is not a list: it says success: false (later)', exitCode: 7, code: 'bad_answer', status: 200 });
  });

  it('whatever the pages hold, the area is read whole or the read fails naming it (exit 7): a first page that is no list is never an empty area', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue(), { minLength: 1, maxLength: 4 }), async (answers) => {
        const { api } = fakeApi((page) => answers[Math.min(page, answers.length) - 1]);
        const got = await listAll(api, AREA.tags, forever).then(
          (records) => ({ records }),
          (err: { message: string; exitCode: number }) => ({ err }),
        );
        if ('err' in got) {
          expect(got.err.message).toMatch(/^tags: /);
          expect(got.err.exitCode).toBe(7);
        } else expect(notAList(answers[0])).toBeUndefined();
      }),
      { seed: 4141, numRuns: 300 },
    );
  });

  it(`${MAX_AREA_RECORDS} records are read whole; one more, even on the last page, stops the read`, async () => {
    const whole = fakeApi((page) => (page === 1 ? { data: tags(0, MAX_AREA_RECORDS - 1), hasMore: true } : { data: tags(MAX_AREA_RECORDS, 1), hasMore: false }));
    expect(await listAll(whole.api, AREA.tags, forever)).toHaveLength(MAX_AREA_RECORDS);
    const over = fakeApi((page) => (page === 1 ? { data: tags(0, MAX_AREA_RECORDS), hasMore: true } : { data: tags(MAX_AREA_RECORDS, 1), hasMore: false }));
    await expect(listAll(over.api, AREA.tags, forever)).rejects.toMatchObject({ message: `tags: more than ${MAX_AREA_RECORDS} records (the most an area may hold) after 2 pages; stopped`, exitCode: 7, code: 'too_large' });
  });

  it('a server that always says "more" is followed until the deadline, not past it', async () => {
    let t = 0;
    const step = 60_000;
    const { api, pages } = fakeApi((page) => ({ data: tags(page, 1), hasMore: true }), () => (t += step));
    await expect(listAll(api, AREA.tags, { at: READ_DEADLINE_MS, now: () => t })).rejects.toMatchObject({
      message: 'tags: still reading after 10 minutes (11 pages, 11 records); stopped',
      exitCode: 7,
      code: 'timeout',
    });
    // The page asked at exactly the deadline is read; the next is not asked for.
    expect(pages).toHaveLength(READ_DEADLINE_MS / step + 1);
  });
});

describe('idProblem', () => {
  const file = (names: string[]) => ({ version: 1 as const, tags: names.map((name) => ({ name, color: '#111111' })) });

  it('a prune or an update of a record without an id of its own; a record left alone is no problem', () => {
    const s = currentState({ tags: [{ _id: 'T1', name: 'keep', color: '#111111' }, { name: 'old', color: '#222222', tag_id: 'T1' }] });
    expect(idProblem(planSync(s, file(['keep']), { prune: true }), s)).toBe('tags "old": the server gave this record no _id or id, so it cannot be deleted; nothing was changed');
    expect(idProblem(planSync(s, file(['keep', 'old'])), s)).toBe('tags "old": the server gave this record no _id or id, so it cannot be updated; nothing was changed');
    expect(idProblem(planSync(s, file(['keep'])), s)).toBeUndefined();
  });

  it('an id two records share, for either of them; ids told apart are no problem', () => {
    const s = currentState({ tags: [{ _id: 'T1', name: 'keep', color: '#111111' }, { _id: 'T1', name: 'old', color: '#222222' }] });
    expect(idProblem(planSync(s, file(['keep']), { prune: true }), s)).toBe('tags "old": its id T1 is also the id of tags "keep", so it cannot be deleted; nothing was changed');
    expect(idProblem(planSync(s, { version: 1, tags: [{ name: 'keep', color: '#333333' }] }), s)).toBe('tags "keep": its id T1 is also the id of tags "old", so it cannot be updated; nothing was changed');
    const twice = currentState({ tags: [{ _id: 'T1', name: 'old' }, { _id: 'T1', name: 'old' }] });
    expect(idProblem(planSync(twice, file([]), { prune: true }), twice)).toMatch(/^tags "old": its id T1 is also the id of tags "old"/);
    const apart = currentState({ tags: [{ _id: 'T1', name: 'keep', color: '#111111' }, { _id: 'T2', name: 'old', color: '#222222' }] });
    expect(idProblem(planSync(apart, file(['keep']), { prune: true }), apart)).toBeUndefined();
  });
});
