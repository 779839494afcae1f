// A command's options typed from the specs that declare them, and the option lists several
// commands share. `OptsOf<typeof LIST>` is what commander's opts() gives for an OptSpec list
// built by program.ts's addOption: a type alone, so it costs nothing at start-up. The lists are
// data only: the manifest declares commands with them, commands/ and batch/ read their types.
import type { OptSpec } from './command-types.js';

/** commander's attribute name: `max-items` → `maxItems`. */
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;

/** The long spelling and its value term: `-O, --output-file <path>` → `--output-file <path>`. */
type Long<F extends string> = F extends `-${string}, ${infer L}` ? L : F;

type Name<F extends string> = Long<F> extends `--${infer N} ${string}` ? N : Long<F> extends `--${infer N}` ? N : string;

/** The key in opts(): a `--no-x` option sets `x`. */
type Key<F extends string> = Name<F> extends `no-${infer P}` ? Camel<P> : Camel<Name<F>>;

/** One value: one of the choices (the parser answers the declared spelling), else the text given. */
type One<S extends OptSpec> = S extends { choices: readonly (infer C extends string)[] } ? C : string;

/**
 * What the option holds once given: `<v>` its value (every value, in order, when repeatable), `[v]`
 * its value or true when given bare, a `--no-x` switch false or its default true, a switch true.
 */
type Given<S extends OptSpec> =
  Long<S['flags']> extends `${string} <${string}>`
    ? S extends { repeatable: true } ? One<S>[] : One<S>
    : Long<S['flags']> extends `${string} [${string}]`
      ? One<S> | true
      : Name<S['flags']> extends `no-${string}`
        ? boolean
        : true;

/** Filled when absent: by a default, or a `--no-x` switch (true). */
type Filled<S extends OptSpec> = S extends { default: string | boolean } ? true : Name<S['flags']> extends `no-${string}` ? true : false;

type Value<S extends OptSpec> = S extends { default: boolean } ? Given<S> | boolean : Given<S>;

/**
 * The opts() commander gives a command built from `T` (program.ts, addOption): an option absent
 * from the command line is absent (optional) unless filled. Flags not written out (a list not
 * declared `as const`) give what they gave before: unknown values.
 */
export type OptsOf<T extends readonly OptSpec[]> = string extends T[number]['flags']
  ? Record<string, unknown>
  : Flat<{ [S in T[number] as Filled<S> extends true ? Key<S['flags']> : never]: Value<S> } & { [S in T[number] as Filled<S> extends true ? never : Key<S['flags']>]?: Value<S> }>;

type Flat<T> = { [K in keyof T]: T[K] };

/** Paging of every list the server pages (commands/list.ts reads them). */
export const PAGE_OPTIONS = [
  { flags: '--page <n>', description: 'page number (default 1)' },
  { flags: '--limit <n>', description: 'rows per page, 1-100 (server default 10, or 50 for tags and quick replies)' },
  { flags: '--all', description: 'every page (jsonl, csv and json stream as pages arrive)' },
  { flags: '--max-items <n>', description: 'stop after N records (implies --all)' },
] as const satisfies readonly OptSpec[];

/** page / limit / search, the list query parameters the service uses, and --all. */
export const LIST_OPTIONS = [...PAGE_OPTIONS, { flags: '--search <text>', description: 'filter by text' }] as const satisfies readonly OptSpec[];

/** --wait and --wait-timeout of every command that sends (commands/wait/wait.ts reads them). */
export const WAIT_OPTIONS = [
  { flags: '--wait <status>', description: 'then follow the status until delivered or read (read counts as delivered): exit 5 when any failed (even with others pending), else 8 when --wait-timeout ran out', choices: ['delivered', 'read'] },
  { flags: '--wait-timeout <duration>', description: 'the deadline of the whole wait, polls included: 500ms, 30s, 2m (default 5m)' },
] as const satisfies readonly OptSpec[];

/** --data of an operation that takes a body (an `op` entry with `data`, and the commands that read it). */
export const DATA_OPTION = { flags: '--data <json>', description: 'request body as JSON, @file or - (stdin); flags override its fields' } as const satisfies OptSpec;

/** The batch flags of docs/contract.md (chat send-batch, contacts import); src/batch/command.ts reads them. */
export const BATCH_OPTIONS = [
  { flags: '--concurrency <n>', description: 'requests in flight at once (default 8)' },
  { flags: '--rate <n>', description: 'at most N requests in any one second, paced evenly from the first' },
  { flags: '--journal <file>', description: 'journal of the run (default FILE.journal)' },
  { flags: '--resume', description: 'continue the run of the journal: skip sent rows (matched by recipient and message), keep uncertain ones' },
  { flags: '--restart', description: 'start a new run: move the existing journal aside (FILE.journal.1)' },
  { flags: '--retry-uncertain', description: 'with --resume, send uncertain rows again (they may arrive twice)' },
  { flags: '--results <file>', description: "write every row's final state as CSV, one line per input row, in input order" },
  { flags: '--max-errors <n>', description: 'stop dispatching once more than N rows failed or became uncertain' },
  { flags: '--strict', description: 'a row whose {{column}} is empty is invalid (default: a warning)' },
  { flags: '--delimiter <c>', description: 'CSV field delimiter: , ; or tab (default: detected from the header)' },
] as const satisfies readonly OptSpec[];
