import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workspaceFileSchema } from '../../src/commands/workspace/schema.js';
import { checkFlow, checkParsedFlow, entryScreen } from '../../src/schemas/flows.js';
import { runFlow, suggestFlow } from '../../src/sandbox/handlers/flows.js';

const menu = (options: Record<string, unknown>[]) => ({ type: 'menu', body: 'Pick one', button: 'Open', sections: [{ title: 'S', options }] });
const good = () => ({
  name: 'Menu',
  keyword: 'menu',
  prefix: '#m',
  greeting: [{ text: 'Hi' }, { goto: 'main' }],
  screens: {
    main: menu([{ title: 'Prices', goto: 'prices' }, { title: 'Help', goto: 'help' }]),
    prices: menu([{ title: 'Back', goto: 'main' }]),
    help: { type: 'form', fields: [{ name: 'email' }], next: { goto: 'main' } },
  },
});

describe('checkFlow', () => {
  it('accepts a valid flow and keeps unknown screen types untouched', () => {
    const r = checkFlow(good());
    expect(r.problems).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.value?.screens?.help).toEqual({ type: 'form', fields: [{ name: 'email' }], next: { goto: 'main' } });
  });

  it('reports a dangling option goto with its full path', () => {
    const f = good();
    f.screens.main.sections[0].options.push({ title: 'Lost', goto: 'nowhere' });
    expect(checkFlow(f).problems).toEqual([{ path: 'screens.main.sections[0].options[2].goto', message: expect.stringContaining('no screen named "nowhere"') }]);
  });

  it('reports dangling greeting gotos and return_to', () => {
    const f = { ...good(), greeting: [{ text: 'x' }, { goto: 'ghost' }], return_to: 'gone' };
    expect(checkFlow(f).problems.map((p) => p.path)).toEqual(['greeting[1].goto', 'return_to']);
  });

  it('names the path of shape problems inside menu screens', () => {
    const f = good();
    (f.screens.prices as Record<string, unknown>).button = '';
    (f.screens.prices.sections[0].options[0] as Record<string, unknown>).title = 42;
    expect(checkFlow(f).problems.map((p) => p.path)).toEqual(['screens.prices.button', 'screens.prices.sections[0].options[0].title']);
  });

  it('requires name and keyword for a whole flow, not for a patch', () => {
    expect(checkFlow({ screens: {} }).problems).toEqual([
      { path: 'name', message: 'is required' },
      { path: 'keyword', message: 'is required' },
    ]);
    expect(checkFlow({ name: 'New' }, true).problems).toEqual([]);
  });

  it('rejects a greeting step that is neither text nor goto', () => {
    expect(checkFlow({ ...good(), greeting: [{ say: 'hi' }] }).problems[0].path).toBe('greeting[0]');
  });

  it('warns, without failing, about screens nothing reaches (gotos in unknown screens count)', () => {
    const f = good();
    (f.screens as Record<string, unknown>).orphan = menu([{ title: 'x', goto: 'main' }]);
    const r = checkFlow(f);
    expect(r.value).toBeDefined();
    expect(r.warnings).toEqual([{ path: 'screens.orphan', message: expect.stringContaining('unreachable') }]);
  });

  it('a goto with no screens at all is a problem', () => {
    expect(checkFlow({ name: 'a', keyword: 'k', return_to: 'main' }).problems).toEqual([{ path: 'return_to', message: expect.stringContaining('no screens') }]);
  });

  it('entry screen: first greeting goto, then return_to, then main, then the first screen', () => {
    expect(entryScreen({ greeting: [{ goto: 'b' }], return_to: 'c' })).toBe('b');
    expect(entryScreen({ return_to: 'c' })).toBe('c');
    expect(entryScreen({ screens: { a: { type: 'x' }, main: { type: 'x' } } })).toBe('main');
    expect(entryScreen({ screens: { a: { type: 'x' } } })).toBe('a');
  });
});

describe('checkParsedFlow', () => {
  it('finds in a workspace file\'s flow, read by the file\'s schema, what checkFlow finds (seeded)', () => {
    const screen = fc.constantFrom('main', 'help', 'gone');
    const option = fc.record({ title: fc.constantFrom('A', ''), goto: fc.option(screen, { nil: undefined }) }, { requiredKeys: ['title'] });
    const menu = fc.record({ type: fc.constant('menu'), body: fc.constantFrom('Hi', ''), button: fc.constant('Go'), sections: fc.array(fc.record({ options: fc.array(option, { maxLength: 2 }) }), { maxLength: 2 }) });
    const other = fc.record({ type: fc.constantFrom('text', 'form'), next: fc.record({ goto: screen }) });
    const flow = fc.record(
      {
        name: fc.constant('F'),
        keyword: fc.constant('kw'),
        return_to: fc.option(screen, { nil: undefined }),
        greeting: fc.array(fc.oneof(fc.record({ text: fc.constant('hi') }), fc.record({ goto: screen })), { maxLength: 2 }),
        screens: fc.dictionary(screen, fc.oneof(menu, other), { maxKeys: 3 }),
      },
      { requiredKeys: ['name', 'keyword'] },
    );
    let read = 0;
    fc.assert(
      fc.property(flow, (f) => {
        const file = workspaceFileSchema.safeParse({ version: 1, flows: [f] });
        if (!file.success) return;
        read++;
        const { status: _status, ...parsed } = file.data.flows![0];
        expect(checkParsedFlow(parsed)).toEqual(checkFlow(f));
      }),
      { seed: 44, numRuns: 300 },
    );
    expect(read).toBeGreaterThan(100);
  });
});

describe('sandbox flow engine', () => {
  it('matches keyword (any case) and prefix, runs greeting steps, lands on the menu', () => {
    const r = runFlow(good(), '  MENU ');
    expect(r).toMatchObject({ matched: true, matched_by: 'keyword', final_screen: 'main' });
    expect(r.steps.map((s) => s.type)).toEqual(['trigger', 'text', 'goto', 'menu']);
    expect(r.steps[3]).toMatchObject({ screen: 'main', options: ['Prices', 'Help'] });
    expect(runFlow(good(), '#m please').matched_by).toBe('prefix');
  });

  it('does not match other text or non-text messages', () => {
    expect(runFlow(good(), 'menus').matched).toBe(false);
    expect(runFlow(good(), 'menu', 'image').matched).toBe(false);
  });

  it('suggests the same valid flow for the same inputs', () => {
    const input = { businessName: 'Rosa Bakery', purpose: 'Cake orders', tone: 'friendly' };
    const a = suggestFlow(input);
    expect(a).toEqual(suggestFlow(input));
    expect(a.keyword).toBe('cake');
    const r = checkFlow(a);
    expect(r.problems).toEqual([]);
    expect(r.warnings).toEqual([]);
  });
});
