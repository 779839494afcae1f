// Whatever a file sets (records of every synced area, their states or none, references by
// name), a sync applies it so that the diff after it is empty: Terraform's rule, against a
// fresh sandbox each run. Seeded, so a failure replays.
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { startTestSandbox } from '../helpers/sandbox.js';

const word = fc.stringMatching(/^[a-z][a-z0-9-]{0,7}$/);
const hex = fc.stringMatching(/^#[0-9A-F]{6}$/);
const unique = <T>(arb: fc.Arbitrary<T & { name: string }>) => fc.uniqueArray(arb, { selector: (r) => r.name, maxLength: 3 });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
/** Drops the fields left undefined: a state the file does not set is absent, not null. */
const defined = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined));

const file = fc
  .record({
    tags: unique(fc.record({ name: word, color: hex })),
    taxes: unique(fc.record({ name: word, rate: fc.integer({ min: 0, max: 100 }), status: maybe(fc.constantFrom('active', 'inactive')) })),
    currencies: fc.uniqueArray(fc.record({ code: fc.constantFrom('GBP', 'JPY', 'AED', 'BRL'), name: word, symbol: fc.constantFrom('£', '¥', 'R$'), is_active: maybe(fc.boolean()) }), { selector: (c) => c.code, maxLength: 2 }),
    teams: unique(fc.record({ name: word, members: fc.constant([]), status: maybe(fc.constantFrom('active', 'inactive')) })),
    flows: unique(fc.record({ name: word, keyword: word, status: maybe(fc.constantFrom('draft', 'active', 'paused')) })),
    picks: fc.array(fc.nat(2), { maxLength: 3 }),
  })
  .map(({ picks, ...areas }) => ({
    version: 1,
    ...Object.fromEntries(Object.entries(areas).map(([a, records]) => [a, (records as Record<string, unknown>[]).map(defined)])),
    segments: [{ name: 'picked', filters: { tag_ids: [...new Set(picks.flatMap((i) => (areas.tags[i] ? [areas.tags[i].name] : [])))] } }],
  }));

describe('sync → diff', () => {
  it('is empty after any file is applied (seeded)', async () => {
    await fc.assert(
      fc.asyncProperty(file, async (f) => {
        const sb = await startTestSandbox();
        try {
          const text = stringify(f);
          const s = await sb.run(['workspace', 'sync', '-', '--yes'], { input: text });
          expect(s.exitCode, s.stderr).toBe(0);
          const d = await sb.run(['workspace', 'diff', '-', '--exit-code'], { input: text });
          expect(d.exitCode, d.stdout).toBe(0);
        } finally {
          await sb.close();
        }
      }),
      { seed: 41, numRuns: 12 },
    );
  }, 240_000);
});
