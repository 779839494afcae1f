// What a plan shows of secrets: values filled in from CHATCRM_WS_* variables as the file wrote
// them, secret-named fields as (sensitive), a secret the server does not show as "not
// comparable" (never a change). The planner compares the real values; only the view is masked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWorkspace } from '../../src/commands/workspace/read.js';
import { planSync } from '../../src/commands/workspace/plan.js';
import { shownPlan } from '../../src/commands/workspace/mask.js';
import { planData, planLines } from '../../src/commands/workspace/render.js';
import type { CurrentState } from '../../src/commands/workspace/state.js';

const FILE = [
  'version: 1',
  'tags:',
  '  - name: "k-${env:CHATCRM_WS_SECRET}"',
  '    color: "#FF8800"',
  'quick_replies:',
  '  - title: Hours',
  '    message: "${env:CHATCRM_WS_SECRET}"',
  'chatbots:',
  '  - name: FAQ bot',
  '    webhook_token: "${env:CHATCRM_WS_SECRET}"',
  '    max_tokens: 256',
  '',
].join('\n');

/** The plan of FILE against a state, printed both ways. */
function printed(value: string, state: CurrentState): { text: string; json: string } {
  const { data, masker, problems } = parseWorkspace(FILE, { CHATCRM_WS_SECRET: value });
  expect(problems).toEqual([]);
  const shown = shownPlan(planSync(state, data!), masker);
  return { text: planLines(shown).join('\n'), json: JSON.stringify(planData(shown), null, 2) };
}

describe('the plan as printed', () => {
  it('shows a filled-in value as ${env:NAME}, a secret-named field as (sensitive), in creates and updates', () => {
    const created = printed('ghp_S3cr3t', {});
    expect(created.text).toContain('tags\n  + k-${env:CHATCRM_WS_SECRET}\n      color: "#FF8800"\n');
    expect(created.text).toContain('  + Hours\n      message: "${env:CHATCRM_WS_SECRET}"\n');
    expect(created.text).toContain('  + FAQ bot\n      webhook_token: "(sensitive)"\n      max_tokens: 256\n');
    const updated = printed('ghp_S3cr3t', {
      quick_replies: [{ id: 'q1', record: { title: 'Hours', message: 'old text' } }],
      chatbots: [{ id: 'c1', record: { name: 'FAQ bot', webhook_token: 'old-token', max_tokens: 128 } }],
    });
    expect(updated.text).toContain('  ~ Hours\n      message: "old text" → "${env:CHATCRM_WS_SECRET}"\n');
    expect(updated.text).toContain('  ~ FAQ bot\n      webhook_token: "(sensitive)" → "(sensitive)"\n      max_tokens: 128 → 256\n');
    for (const out of [created.text, created.json, updated.text, updated.json]) expect(out).not.toMatch(/S3cr3t|old-token/);
  });

  it('compares real values: a secret the server holds as the file says is no change', () => {
    const same = printed('tok-1', {
      tags: [{ id: 't1', record: { name: 'k-tok-1', color: '#FF8800' } }],
      quick_replies: [{ id: 'q1', record: { title: 'Hours', message: 'tok-1' } }],
      chatbots: [{ id: 'c1', record: { name: 'FAQ bot', webhook_token: 'tok-1', max_tokens: 256 } }],
    });
    expect(same.text).toBe('No changes: the workspace matches the file.');
  });

  it('a secret the server does not show (absent, null or masked) is not comparable, never a change', () => {
    for (const token of [undefined, null, '***', '****1234']) {
      const bot = { name: 'FAQ bot', max_tokens: 256, ...(token === undefined ? {} : { webhook_token: token }) };
      const state: CurrentState = { chatbots: [{ id: 'c1', record: bot }] };
      const { data } = parseWorkspace(FILE, { CHATCRM_WS_SECRET: 'tok-1' });
      const plan = planSync(state, { version: 1, chatbots: data!.chatbots });
      expect(plan.changes, String(token)).toEqual([]);
      expect(plan.notComparable).toEqual([{ area: 'chatbots', key: 'FAQ bot', field: 'webhook_token' }]);
      expect(planLines(plan)).toEqual(['chatbots', '  = FAQ bot: webhook_token: not comparable (the service does not show it: sent on create only)', 'No changes: the workspace matches the file.']);
    }
    // A field that is not a secret is compared whatever the server shows.
    const plan = planSync({ chatbots: [{ id: 'c1', record: { name: 'FAQ bot' } }] }, { version: 1, chatbots: [{ name: 'FAQ bot', max_tokens: 256 }] });
    expect(plan.changes).toEqual([{ action: 'update', area: 'chatbots', key: 'FAQ bot', id: 'c1', changes: [{ field: 'max_tokens', old: undefined, new: 256 }] }]);
  });

  it('no printed plan holds a value read from a variable, whatever the value and the state (seeded)', () => {
    const secret = fc
      .tuple(fc.constantFrom('', ' ', '  '), fc.string({ minLength: 0, maxLength: 120, unit: 'binary' }))
      .map(([pad, s]) => `${pad}Zq${s.replace(/\0/g, '')}Xv${pad}`);
    const states = (v: string) =>
      fc.record({ tag: fc.boolean(), reply: fc.boolean(), bot: fc.constantFrom('absent', 'other', 'same', 'hidden') }).map(({ tag, reply, bot }): CurrentState => ({
        tags: tag ? [{ id: 't1', record: { name: `k-${v.trim()}`, color: '#000000' } }] : [],
        quick_replies: reply ? [{ id: 'q1', record: { title: 'Hours', message: 'before' } }] : [],
        chatbots: bot === 'absent' ? [] : [{ id: 'c1', record: { name: 'FAQ bot', ...(bot === 'hidden' ? {} : { webhook_token: bot === 'same' ? v : 'before' }) } }],
      }));
    fc.assert(
      fc.property(
        secret.chain((v) => fc.tuple(fc.constant(v), states(v))),
        ([v, state]) => {
          const { text, json } = printed(v, state);
          for (const form of new Set([v, v.trim(), JSON.stringify(v).slice(1, -1), JSON.stringify(v.trim()).slice(1, -1)])) {
            expect(text).not.toContain(form);
            expect(json).not.toContain(form);
          }
        },
      ),
      { seed: 41, numRuns: 150 },
    );
  });
});
