// The fast first reading of a workspace file. The `yaml` package's document parser, which keeps
// every node's place for the error messages, takes seconds on a file of 10,000 records; js-yaml
// reads it in a tenth of that. Only text whose meaning both give alike is read here: variables,
// merge keys, anchors and aliases, tags, directives and a `__proto__` key go to the slow reader
// (read.ts), and so does anything js-yaml refuses (a duplicate key, a syntax error): that
// reader names the line.
import { CORE_SCHEMA, load } from 'js-yaml';

/** Cheap and cautious: a `*bold*` word or a `!` after a space sends a file the slow way too. */
const SLOW = /\$\{env:|<<|__proto__|(?:^|[\s,[{])(?:[&*]\S|!)|^%/m;

/** The file's value, or undefined when the slow reader must read it. */
export function quickLoad(text: string): { value: unknown } | undefined {
  if (SLOW.test(text)) return undefined;
  try {
    return { value: load(text, { schema: CORE_SCHEMA, maxAliases: 0 }) ?? {} };
  } catch {
    return undefined;
  }
}
