// A command's options typed from the specs that declare them: `OptsOf<typeof LIST>` is what
// commander's opts() gives for an OptSpec list built by program.ts's addOption, a type alone, so
// it costs nothing at start-up. And --data, which every help may show (manifest/help.ts): the
// lists only commands read are in option-lists.ts, out of the start-up bundle.
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

/** --data of an operation that takes a body (an `op` entry with `data`, and the commands that read it). */
export const DATA_OPTION = { flags: '--data <json>', description: 'request body as JSON, @file or - (stdin); flags override its fields' } as const satisfies OptSpec;
