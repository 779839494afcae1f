// workspace dump [-O FILE|-] [--only AREA,...]: the workspace's configuration as a file that
// `workspace validate`, `diff` and `sync` read back (YAML, or JSON with -o json).
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { DUMP_OPTIONS } from './options.js';
import { UsageError } from '../../core/errors.js';
import { loadYaml } from '../../core/output/print.js';
import { AREA, isSensitiveField, parseOnly, recordCount, references, type AreaName } from './areas.js';
import { knownFields, RECORDS, type FileRecord } from './schema.js';
import { MAX_FILE_BYTES } from './read.js';
import { currentState, readState, type CurrentState, type Names } from './state.js';

/**
 * The file of a state: `version: 1`, then each area's records in the areas' order, each with the
 * fields the file knows (so `validate` reads it back), never a secret. `warn` hears of the fields
 * left out, once an area, and of each id that names no record (kept as found: validate warns of
 * it too, and diff refuses to send it).
 */
export function fileOf(state: CurrentState, areas: AreaName[], names: Names, warn: (line: string) => void = () => undefined): Record<string, unknown> {
  const named = new Map([...names].map(([area, byId]) => [area, new Set(byId.values())]));
  const out: Record<string, unknown> = { version: 1 };
  for (const area of areas) {
    const known = knownFields(area);
    const unknown = new Map<string, number>();
    out[area] = (state[area] ?? []).map(({ record }): FileRecord => {
      for (const ref of references(record)) {
        for (const id of ref.names.filter((n) => !named.get(ref.area)?.has(n))) {
          warn(`${area} "${String(record[AREA[area].key])}": ${ref.path.join('.')}: ${id} is the id of no ${ref.area} record: written as found`);
        }
      }
      const left = known ? Object.keys(record).filter((f) => !known.includes(f) && !isSensitiveField(f)) : [];
      for (const f of left) unknown.set(f, (unknown.get(f) ?? 0) + 1);
      const written = Object.fromEntries(Object.entries(record).filter(([f]) => !left.includes(f) && !isSensitiveField(f)));
      return settled(area, written, (line) => warn(`${area} "${String(record[AREA[area].key])}": ${line}`));
    });
    if (unknown.size) warn(`${area}: not written, fields the file does not know: ${[...unknown].map(([f, n]) => `${f} (${n} record${n === 1 ? '' : 's'})`).join(', ')}`);
  }
  return out;
}

/**
 * A record as the file takes it: a value of the server the file's schema refuses (a colour
 * `red`) is left out when the field may be, with a warning (sync then leaves it as it is), so
 * that `validate` reads the dump back; a required one is written as found, with a warning that
 * validate will name it.
 */
function settled(area: AreaName, record: FileRecord, warn: (line: string) => void): FileRecord {
  const schema = RECORDS[area];
  const r = schema.safeParse(record);
  if (r.success) return record;
  // Only values the server gave: a field it left out is for validate to name.
  const bad = new Set(r.error.issues.map((i) => i.path[0]).filter((f): f is string => typeof f === 'string' && f in record));
  if (!bad.size) return record;
  const without = Object.fromEntries(Object.entries(record).filter(([f]) => !bad.has(f)));
  const again = schema.safeParse(without);
  const required = new Set(again.success ? [] : again.error.issues.map((i) => i.path[0]).filter((f): f is string => typeof f === 'string' && bad.has(f)));
  for (const f of bad) {
    const value = JSON.stringify(record[f]);
    warn(required.has(f) ? `${f}: ${value} is not a value the file takes: written as found (validate names it until the record is fixed)` : `${f}: ${value} is not a value the file takes: not written (sync leaves it as it is)`);
  }
  return Object.fromEntries(Object.entries(record).filter(([f]) => !bad.has(f) || required.has(f)));
}

export const run: Run<OptsOf<typeof DUMP_OPTIONS>> = async (ctx, { opts }) => {
  const areas = parseOnly(opts.only);
  // A workspace file is YAML (the default) or JSON: a table or CSV of nine areas reads back as neither.
  const format = ctx.settings.output;
  if (format !== 'table' && format !== 'yaml' && format !== 'json') throw new UsageError(`--output: workspace dump writes yaml (the default) or json, not ${format}`);
  const target = opts.outputFile ?? '-';
  if (!target) throw new UsageError('--output-file: give a file name, or - for stdout');
  const { raw, names } = await readState(await ctx.api(), areas);
  if (ctx.settings.dryRun) return;
  const file = fileOf(currentState(raw, names), areas, names, (line) => ctx.io.err(`Warning: ${line}`));
  const { stringify } = await loadYaml();
  const text = ctx.settings.output === 'json' ? `${JSON.stringify(file, null, 2)}\n` : stringify(file, { lineWidth: 0, aliasDuplicateObjects: false });
  const mib = (n: number) => `${Math.ceil((n / 1024 / 1024) * 10) / 10} MiB`;
  const size = Buffer.byteLength(text);
  if (size > MAX_FILE_BYTES) ctx.io.err(`Warning: the file is ${mib(size)}, over the ${mib(MAX_FILE_BYTES)} that validate, diff and sync read: dump fewer areas per file with --only`);
  if (target === '-') return ctx.io.data(text.replace(/\n$/, ''));
  const { writeAtomic } = await import('../../core/atomic-write.js');
  try {
    writeAtomic(target, text);
  } catch (err) {
    throw new UsageError(`--output-file: cannot write ${target}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const counts = areas.map((a) => recordCount((raw[a] ?? []).length, a)).join(', ');
  ctx.io.err(`Wrote ${target} (${counts})`);
};
