// The plan as a pull-request comment (`workspace diff -o markdown`): the count first, then each
// area folded in a <details> whose summary says what changes in it, its lines (planLines')
// in a ```diff block, which GitHub colours by their marks. Every text of the file or the server
// stays inside a code block, fenced longer than any run of backticks it holds, so no name can
// close the block, open a tag or break the comment around it.
import { AREAS, type AreaName } from './areas.js';
import { countPlan, type Plan } from './plan.js';
import { planLines } from './render.js';

/** A fence longer than every run of backticks in the text (CommonMark: a shorter one cannot close it). */
function fenced(lines: string[], info = ''): string[] {
  const longest = Math.max(0, ...lines.join('\n').match(/`+/g)?.map((r) => r.length) ?? []);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [`${fence}${info}`, ...lines, fence];
}

/** An area's changes in words: `1 to create, 2 to update` (only the kinds it has). */
function areaSummary(plan: Plan, area: AreaName): string {
  const of = plan.changes.filter((c) => c.area === area);
  const n = (a: string) => of.filter((c) => c.action === a).length;
  const parts = [['create', n('create')], ['update', n('update')], ['delete', n('delete')]].filter(([, k]) => k).map(([a, k]) => `${k} to ${a}`);
  const blind = plan.notComparable.filter((x) => x.area === area).length;
  if (blind) parts.push(`${blind} not comparable`);
  return `${area}: ${parts.join(', ')}`;
}

/** The lines planLines gives an area: its name, then its indented lines. */
function areaLines(lines: string[], area: AreaName): string[] {
  const at = lines.indexOf(area);
  if (at < 0) return [];
  const end = lines.findIndex((l, i) => i > at && !l.startsWith(' '));
  return lines.slice(at + 1, end < 0 ? undefined : end).map((l) => l.slice(2));
}

export function planMarkdown(plan: Plan): string {
  const lines = planLines(plan);
  const n = countPlan(plan);
  const out = [plan.changes.length ? `**Plan: ${n.create} to create, ${n.update} to update, ${n.delete} to delete.**` : '**No changes: the workspace matches the file.**'];
  for (const area of AREAS) {
    const mine = areaLines(lines, area);
    if (mine.length) out.push('', '<details>', `<summary>${areaSummary(plan, area)}</summary>`, '', ...fenced(mine, 'diff'), '', '</details>');
  }
  const templates = lines.find((l) => l.startsWith('templates: '));
  if (templates) out.push('', ...fenced([templates]));
  return out.join('\n');
}
