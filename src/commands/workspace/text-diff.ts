// A changed long text (a quick reply's message, a flow's greeting) as a line diff, as a
// reviewer reads one in a pull request: what went, what came, a little unchanged text around
// them, instead of both versions whole (or both cut at the same place, the change unseen).

/** A text is shown as lines once it has a line break or its one-line form (JSON, quoted) is longer than this: it would be cut. */
export const LONG_TEXT = 80;

export const isLongText = (v: unknown): v is string => typeof v === 'string' && (v.includes('\n') || JSON.stringify(v).length > LONG_TEXT);

/** Unchanged lines kept on each side of a change; a longer run between changes is counted, not shown. */
const CONTEXT = 2;
/** Beyond this many line pairs the diff is not computed: both texts are shown as removed and added. */
const MAX_CELLS = 1_000_000;

/** A text's lines; a long line is split after its sentences, so one changed sentence is one changed line. */
export function textLines(text: string): string[] {
  return text.split('\n').flatMap((line) => (isLongText(line) ? line.split(/(?<=[.!?;])\s+/) : [line]));
}

type Op = { mark: ' ' | '-' | '+'; line: string };

/** The longest common subsequence of lines, walked into removals, additions and kept lines. */
export function diffOps(a: string[], b: string[]): Op[] {
  if (a.length * b.length > MAX_CELLS) return [...a.map((line): Op => ({ mark: '-', line })), ...b.map((line): Op => ({ mark: '+', line }))];
  // lcs[i][j]: the common lines of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ mark: ' ', line: a[i++] }), j++;
    // What went before what came, as diff prints them.
    else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) ops.push({ mark: '-', line: a[i++] });
    else ops.push({ mark: '+', line: b[j++] });
  }
  return ops;
}

/**
 * The diff of two texts as lines `- old`, `+ new`, `  same` (undefined: no text, so every
 * line of the other is added or removed); a run of unchanged lines far from any change is one
 * line saying how many.
 */
export function textDiff(old: string | undefined, next: string | undefined): string[] {
  const ops = diffOps(old === undefined ? [] : textLines(old), next === undefined ? [] : textLines(next));
  const near = (k: number) => ops.slice(Math.max(0, k - CONTEXT), k + CONTEXT + 1).some((o) => o.mark !== ' ');
  const out: string[] = [];
  let skipped = 0;
  ops.forEach((o, k) => {
    if (o.mark === ' ' && !near(k)) return void skipped++;
    if (skipped) out.push(`… ${skipped} unchanged line${skipped === 1 ? '' : 's'}`);
    skipped = 0;
    out.push(`${o.mark} ${o.line}`);
  });
  if (skipped) out.push(`… ${skipped} unchanged line${skipped === 1 ? '' : 's'}`);
  return out;
}
