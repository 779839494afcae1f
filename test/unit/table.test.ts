// The borderless table: header labels, display width of wide characters, fitting a terminal by
// dropping declared columns first and cutting text, never ids; and the bars of the summaries.
import { describe, expect, it } from 'vitest';
import { testIO } from '../helpers/io.js';
import { clip, displayWidth, fitColumns, isIdField, label, renderColumns } from '../../src/core/output/table.js';
import { bars, summarize } from '../../src/core/output/summaries.js';
import type { View } from '../../src/core/output/print.js';
import { loadCommands } from '../../src/manifest/index.js';
import type { CmdSpec } from '../../src/manifest/types.js';
import { GROUPS_VIEW, MEMBERS_VIEW } from '../../src/commands/chat/groups.js';
import { VIEW as FLOWS_VIEW } from '../../src/commands/flows/list.js';
import { VIEW as CONTACTS_VIEW } from '../../src/commands/contacts/list.js';
import { VIEW as QUICK_REPLIES_VIEW } from '../../src/commands/quick-replies/list.js';

const commands = await loadCommands();

const io = (tty: boolean, columns = 80) => testIO({ tty, columns });

describe('table pieces', () => {
  it.each([
    ['_id', 'ID'],
    ['created_at', 'CREATED AT'],
    ['owner.email', 'OWNER EMAIL'],
    ['capabilities.group_messaging', 'CAPABILITIES GROUP MESSAGING'],
    ['name', 'NAME'],
  ])('label(%s) = %s', (key, want) => expect(label(key)).toBe(want));

  it.each([
    ['_id', true],
    ['id', true],
    ['template_id', true],
    ['subscription._id', true],
    ['paid', false],
    ['width', false],
  ])('isIdField(%s) = %s', (key, want) => expect(isIdField(key)).toBe(want));

  it('counts wide characters as two cells and cuts by cells', () => {
    expect(displayWidth('日本語')).toBe(6);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(clip('日本語テキスト', 7)).toBe('日本語…');
    expect(displayWidth(clip('日本語テキスト', 7))).toBeLessThanOrEqual(7);
    expect(clip('short', 10)).toBe('short');
  });

  it('fitColumns drops the declared columns in order, then shrinks the widest cuttable one', () => {
    const cols = [{ key: '_id', keep: true }, { key: 'name' }, { key: 'note' }, { key: 'created_at' }];
    const natural = [24, 30, 60, 24];
    expect(fitColumns(cols, natural, 80, ['created_at', 'note']).shown).toEqual([0, 1]);
    const { shown, widths } = fitColumns(cols, natural, 80, ['created_at']);
    expect(shown).toEqual([0, 1, 2]);
    expect(widths[0]).toBe(24);
    expect(widths[2]).toBeLessThan(60);
    expect(widths[0] + widths[1] + widths[2] + 4).toBeLessThanOrEqual(80);
    expect(fitColumns(cols, natural, 200, ['created_at']).shown).toEqual([0, 1, 2, 3]);
  });

  it('fitColumns shortens the declared text columns before any other', () => {
    const cols = [{ key: '_id', keep: true }, { key: 'title' }, { key: 'message' }, { key: 'created_at' }];
    const natural = [24, 20, 80, 24];
    const { shown, widths } = fitColumns(cols, natural, 100, [], ['message']);
    expect(shown).toEqual([0, 1, 2, 3]);
    expect(widths).toEqual([24, 20, 26, 24]);
    // Not enough from the declared ones alone: the others shrink too, never the id.
    expect(fitColumns(cols, natural, 80, [], ['message']).widths).toEqual([24, 20, 8, 22]);
  });

  it('a terminal too narrow for the id still shows the whole id', () => {
    const out = renderColumns(io(true, 20), [{ key: '_id', keep: true }, { key: 'name' }], [['6b0475a026e9c1d2f3a4b5c6', 'a long name']], { drop: ['name'] });
    expect(out.split('\n')[1]).toBe('6b0475a026e9c1d2f3a4b5c6');
  });
});

describe('summaries', () => {
  it('bars: lengths follow the counts, percentages of the first stage', () => {
    const text = bars(io(true, 80), [
      ['sent', 200],
      ['delivered', 150],
      ['read', 0],
    ]);
    const [sent, delivered, read] = text.split('\n');
    expect(sent).toMatch(/^sent +█{40} +200 +100%$/);
    expect(delivered).toMatch(/^delivered +█{30} +150 +75%$/);
    expect(read).toMatch(/^read +0 +0%$/);
  });

  it('a funnel only on a terminal; the subscription summary in any table mode', () => {
    const insights = { name: 'Sale', status: 'sent', sent: 4, delivered: 2, read: 1 };
    expect(summarize('funnel', insights, io(false))).toBeUndefined();
    expect(summarize('funnel', insights, io(true))).toMatch(/^Sale \(sent\)\nsent/);
    const sub = { subscription: { _id: 's1', status: 'active', current_period_end: '2999-01-01T00:00:00Z' }, plan: { name: 'Pro', plan_id: 'plan_pro' }, features: { teams: true, sso: false }, usage: [{ name: 'contacts', used: 5, limit: 10 }] };
    const text = summarize('subscription', sub, io(false))!;
    expect(text).toMatch(/^Plan {6}Pro \(plan_pro\)\nStatus {4}active\nRenews {4}2999-01-01 \(in \d+ days\)\nID {8}s1$/m);
    expect(text).toContain('  ✓ teams\n  ✗ sso');
    expect(text).toMatch(/contacts +5 \/ 10 +\(50%\)/);
  });
});

describe('every list view declares what a narrow terminal drops first and what it shortens', () => {
  const views: [string, View][] = [
    ['chat groups list', GROUPS_VIEW],
    ['chat groups members', MEMBERS_VIEW],
    ['flows list', FLOWS_VIEW],
    ['contacts list', CONTACTS_VIEW],
    ['quick-replies list', QUICK_REPLIES_VIEW],
  ];
  const walk = (specs: CmdSpec[], path: string[]) => {
    for (const c of specs) {
      if (c.op?.view?.columns) views.push([[...path, c.name].join(' '), c.op.view]);
      walk(c.subcommands ?? [], [...path, c.name]);
    }
  };
  walk(commands, []);

  it('found the list views', () => expect(views.length).toBeGreaterThan(25));
  it.each(views)('%s', (_name, view) => {
    expect(view.drop, 'drop').toBeDefined();
    for (const key of [...view.drop!, ...(view.cut ?? [])]) expect(view.columns).toContain(key);
    // Ids are never dropped nor cut.
    for (const key of view.drop!) expect(isIdField(key) || key === view.id).toBe(false);
  });
});
