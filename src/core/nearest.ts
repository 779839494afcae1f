// The nearest of some names to a word typed wrong: what "did you mean" suggests.

/** Edits (insert, delete, replace) from a to b. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0];
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j];
      d[j] = Math.min(d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length];
}

/** The candidate nearest to `name` (in any case; one that holds it, or it holds, is near), or none near enough. */
export function nearest(name: string, candidates: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestD = Infinity;
  for (const c of candidates) {
    const cl = c.toLowerCase();
    const dist = cl.startsWith(lower) || lower.startsWith(cl) || cl.includes(lower) ? 1 : distance(lower, cl);
    if (dist < bestD) [best, bestD] = [c, dist];
  }
  return best !== undefined && bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}
