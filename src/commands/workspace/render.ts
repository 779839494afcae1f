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

/** Both sides text (or absent): a long one is shown as a line diff. */
const textOrNone = (v: unknown) => v === undefined || typeof v === 'string';

/** A field's change: `old → new` on one line, or a long text as a line diff under the field. */
function fieldLines(out: string[], field: string, old: unknown, next: unknown, created: boolean): void {
  if (textOrNone(old) && textOrNone(next) && (isLongText(old) || isLongText(next))) {
    out.push(`      ${shownName(field)}:`);
    for (const l of textDiff(old as string | undefined, next as string | undefined)) out.push(`        ${l}`);
  } else out.push(`      ${shownName(field)}: ${created ? showValue(next) : `${showValue(old)} → ${showValue(next)}`}`);
}

/** The records a change points at by name, `tags/gold (new)` for one the plan creates: which of two new tags a segment takes. */
function refersTo(out: string[], fields: Record<string, unknown>, created: () => Set<string>): void {
  const refs = references(fields);
  if (!refs.length) return;
  const named = new Set<string>();
  for (const r of refs) for (const n of r.names) named.add(`${r.area}/${shownName(n)}${created().has(`${r.area}/${naturalKey(n)}`) ? ' (new)' : ''}`);
  if (named.size) out.push(`      refers to: ${[...named].join(', ')}`);
}

/** A change's lines, added to out (a plan of 10,000 records is ~28,000 lines: no array of its own each). */
function changeLines(out: string[], c: Change, created: () => Set<string>): void {
  if (c.action === 'delete') return void out.push(`  - ${shownName(c.key)}`);
  if (c.action === 'update') {
    out.push(`  ~ ${shownName(c.key)}`);
    for (const f of c.changes) fieldLines(out, f.field, f.old, f.new, false);
    return refersTo(out, Object.fromEntries(c.changes.map((f) => [f.field, f.new])), created);
  }
  const key = AREA[c.area].key;
  out.push(`  + ${shownName(c.key)}`);
  for (const f of Object.keys(c.record)) if (f !== key) fieldLines(out, f, undefined, c.record[f], true);
  refersTo(out, c.record, created);
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
  // The records the plan creates, by area and name: asked only by a record that refers to another.
  let made: Set<string> | undefined;
  const created = () => (made ??= new Set(plan.changes.filter((c) => c.action === 'create').map((c) => `${c.area}/${naturalKey(c.key)}`)));
  const byArea = new Map<string, Change[]>();
  for (const c of plan.changes) {
    const mine = byArea.get(c.area);
    if (mine) mine.push(c);
    else byArea.set(c.area, [c]);
  }
  for (const area of AREAS) {
    const mine = byArea.get(area) ?? [];
    const blind = plan.notComparable.filter((n) => n.area === area);
    if (!mine.length && !blind.length) continue;
    out.push(area);
    for (const c of mine) changeLines(out, c, created);
    for (const n of blind) out.push(`  = ${shownName(n.key)}: ${shownName(n.field)}: not comparable (the service does not show it: sent on create only)`);
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
