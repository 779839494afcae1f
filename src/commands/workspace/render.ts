// The plan in words, grouped by area: `+` create, `~` update with each changed field
// (old → new; a long text as a line diff), `-` delete, `=` a secret that cannot be compared; what sync leaves to the channel
// (templates); a count. And the plan as data for -o json. Both take the plan as shown (mask.ts).
import { AREA, AREAS, references } from './areas.js';
import type { Part } from '../../core/io.js';
import { countPlan, naturalKey, type Change, type Plan } from './plan.js';
import { isLongText, LONG_TEXT, textDiff } from './text-diff.js';


/**
 * A name (a record's key, a field's) on one line of its own: as it is, or JSON-quoted when it
 * holds a line break, another control character or surrounding space, so that a name from the
 * file or the server can never draw plan lines of its own (a fake `- other` delete).
 */
export const shownName = (k: string) => (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]|^\s|\s$/.test(k) ? JSON.stringify(k) : k);

/** A value on one line: JSON, cut when long (a flow's screens). */
export function showValue(v: unknown): string {
  if (v === undefined) return '(none)';
  const s = JSON.stringify(v);
  return s.length > LONG_TEXT ? `${s.slice(0, LONG_TEXT - 1)}…` : s;
}

/** A field's change: `old → new` on one line, or a long text as a line diff under the field. */
function fieldLines(field: string, old: unknown, next: unknown, created: boolean): string[] {
  const text = (v: unknown) => v === undefined || typeof v === 'string';
  if ((isLongText(old) || isLongText(next)) && text(old) && text(next)) return [`      ${shownName(field)}:`, ...textDiff(old as string | undefined, next as string | undefined).map((l) => `        ${l}`)];
  return [`      ${shownName(field)}: ${created ? showValue(next) : `${showValue(old)} → ${showValue(next)}`}`];
}

/** The records a change points at by name, `tags/gold (new)` for one the plan creates: which of two new tags a segment takes. */
function refersTo(fields: Record<string, unknown>, created: Set<string>): string[] {
  const named = [...references(fields)].flatMap((r) => r.names.map((n) => `${r.area}/${shownName(n)}${created.has(`${r.area}/${naturalKey(n)}`) ? ' (new)' : ''}`));
  return named.length ? [`      refers to: ${[...new Set(named)].join(', ')}`] : [];
}

function changeLines(c: Change, created: Set<string>): string[] {
  const key = AREA[c.area].key;
  if (c.action === 'delete') return [`  - ${shownName(c.key)}`];
  if (c.action === 'update') {
    const fields = Object.fromEntries(c.changes.map((f) => [f.field, f.new]));
    return [`  ~ ${shownName(c.key)}`, ...c.changes.flatMap((f) => fieldLines(f.field, f.old, f.new, false)), ...refersTo(fields, created)];
  }
  return [`  + ${shownName(c.key)}`, ...Object.entries(c.record).filter(([f]) => f !== key).flatMap(([f, v]) => fieldLines(f, undefined, v, true)), ...refersTo(c.record, created)];
}

/** SGR colours of a plan's marks: `+` green, `-` red, `~` yellow. */
const MARK_COLOR: Record<string, number> = { '+': 32, '-': 31, '~': 33 };

/**
 * A line of planLines with its mark in colour (the IO paints only when colour is on): a
 * change's mark (two spaces in) and a text diff's (eight in); the rest is written as text.
 */
export function paintedLine(line: string, paint: (color: number, text: string) => Part): Part[] {
  const m = /^( {2}| {8})([+~-])( .*)?$/.exec(line);
  return m ? [m[1], paint(MARK_COLOR[m[2]], m[2]), m[3] ?? ''] : [line];
}

export function planLines(plan: Plan): string[] {
  const out: string[] = [];
  const created = new Set(plan.changes.filter((c) => c.action === 'create').map((c) => `${c.area}/${naturalKey(c.key)}`));
  for (const area of AREAS) {
    const mine = plan.changes.filter((c) => c.area === area);
    const blind = plan.notComparable.filter((n) => n.area === area).map((n) => `  = ${shownName(n.key)}: ${shownName(n.field)}: not comparable (the service does not show it: sent on create only)`);
    if (mine.length || blind.length) out.push(area, ...mine.flatMap((c) => changeLines(c, created)), ...blind);
  }
  const t = plan.templates;
  if (t.inFile) {
    const missing = t.missing.length ? `; not in this workspace: ${t.missing.map(shownName).join(', ')}` : '';
    out.push(`templates: ${t.inFile} in the file, never synced (a template goes through the channel's review: create it with \`chatcrm templates create\`)${missing}`);
  }
  const n = countPlan(plan);
  out.push(plan.changes.length ? `Plan: ${n.create} to create, ${n.update} to update, ${n.delete} to delete.` : 'No changes: the workspace matches the file.');
  return out;
}

export const planData = (plan: Plan) => ({ summary: countPlan(plan), changes: plan.changes, templates: plan.templates, notComparable: plan.notComparable });
