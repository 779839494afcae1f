// The command tree as the start of every run reads it: data only (names, summaries, options,
// args), no loaders and no operations. Root and group help, shell completion and finding the
// command in argv need nothing more, so they never load the manifest's ~200 commands: in dist
// the whole outline is JSON computed at build time (outline-data.ts, scripts/build.mjs).
import type { ArgSpec, CmdSpec, Example, OptSpec } from './types.js';

/** A CmdSpec without what only running it needs (a CmdSpec is an Outline as it is). */
export interface Outline {
  name: string;
  summary: string;
  description?: string;
  aliases?: string[];
  hidden?: boolean;
  args?: ArgSpec[];
  options?: readonly OptSpec[];
  examples?: Example[];
  /** Takes --data (OpSpec.data). */
  op?: { data?: boolean };
  /** The command runs something itself (a loader or an operation), not only its subcommands. */
  runnable?: true;
  subcommands?: Outline[];
}

/** The outline of a command: help shows descriptions and examples of groups only. */
export function outline(spec: CmdSpec): Outline {
  const group = spec.subcommands !== undefined;
  return {
    name: spec.name,
    summary: spec.summary,
    description: group ? spec.description : undefined,
    aliases: spec.aliases,
    hidden: spec.hidden,
    args: spec.args,
    options: spec.options,
    examples: group ? spec.examples : undefined,
    op: spec.op?.data ? { data: true } : undefined,
    runnable: spec.load || spec.op ? true : undefined,
    subcommands: spec.subcommands?.map(outline),
  };
}

/** The subcommand of `level` that `word` names (its name or an alias). */
export const findSub = <T extends Outline>(level: readonly T[] | undefined, word: string): T | undefined =>
  level?.find((s) => s.name === word || s.aliases?.includes(word));
