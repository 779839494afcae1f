// How deep a value may nest to get into the sandbox: a request's JSON body, a signed webhook
// event, the --seed file (docs/sandbox.md, "Limits"). JSON.parse takes 100,000 levels; the
// state saver's and the replies' JSON.stringify overflow the stack near 10,000, so a value past
// that, once stored, failed every later list and every save. Refused at the door instead.
export const MAX_DEPTH = 64;

/** Path segments shown in an error before `…`: the path of a deep value is as long as it is deep. */
const SHOWN_SEGMENTS = 6;

function deepPath(value: unknown, level: number, limit: number): Array<string | number> | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (level > limit) return [];
  for (const [key, child] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const path = deepPath(child, level + 1, limit);
    if (path) return [key, ...path];
  }
  return undefined;
}

/** `entry[0].changes[0]…`: where a too deep value is. */
function shown(path: Array<string | number>): string {
  const text = path
    .slice(0, SHOWN_SEGMENTS)
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${p}`))
    .join('');
  return `${text || '(top)'}${path.length > SHOWN_SEGMENTS ? '…' : ''}`;
}

/**
 * Where an array or object nests deeper than `limit` levels (the top one is level 1), or
 * undefined when none does. The walk stops at the limit: a deep value costs no deep stack.
 */
export function tooDeep(value: unknown, limit = MAX_DEPTH): string | undefined {
  const path = deepPath(value, 1, limit);
  return path && shown(path);
}

/**
 * The line where YAML or JSON text opens its `limit + 1`-th nested `[` or `{`, or undefined.
 * Read before the YAML parser sees the text: it overflows its stack near 1,000 levels and runs
 * out of memory at 100,000. Quoted text and comments are skipped; a bracket inside a plain
 * scalar counts, which can only refuse a file that nests brackets 64 deep in words. A quote
 * opens quoted text only where a YAML scalar can start (`O'Brien` is a word).
 */
export function flowTooDeep(text: string, limit = MAX_DEPTH): number | undefined {
  let depth = 0;
  let line = 1;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
    } else if ((c === '"' || c === "'") && (i === 0 || /[\s,:[{-]/.test(text[i - 1]))) quote = c;
    else if (c === '#' && (i === 0 || /\s/.test(text[i - 1]))) {
      while (i + 1 < text.length && text[i + 1] !== '\n') i++;
    } else if (c === '[' || c === '{') {
      if (++depth > limit) return line;
    } else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return undefined;
}
