// The plan in words, grouped by area: `+` create, `~` update with each changed field
// (old → new), `-` delete, `=` a secret that cannot be compared; what sync leaves to the channel
// (templates); a count. And the plan as data for -o json. Both take the plan as shown (mask.ts).
import { AREA, AREAS } from './areas.js';
import { countPlan, type Change, type Plan } from './plan.js';

const MAX_VALUE = 80;

/** A value on one line: JSON, cut when long (a flow's screens). */
export function showValue(v: unknown): string {
  if (v === undefined) return '(none)';
  const s = JSON.stringify(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 1)}…` : s;
}

function changeLines(c: Change): string[] {
  const key = AREA[c.area].key;
  if (c.action === 'delete') return [`  - ${c.key}`];
  if (c.action === 'update') return [`  ~ ${c.key}`, ...c.changes.map((f) => `      ${f.field}: ${showValue(f.old)} → ${showValue(f.new)}`)];
  return [`  + ${c.key}`, ...Object.entries(c.record).filter(([f]) => f !== key).map(([f, v]) => `      ${f}: ${showValue(v)}`)];
}

export function planLines(plan: Plan): string[] {
  const out: string[] = [];
  for (const area of AREAS) {
    const mine = plan.changes.filter((c) => c.area === area);
    const blind = plan.notComparable.filter((n) => n.area === area).map((n) => `  = ${n.key}: ${n.field}: not comparable (the service does not show it: sent on create only)`);
    if (mine.length || blind.length) out.push(area, ...mine.flatMap(changeLines), ...blind);
  }
  const t = plan.templates;
  if (t.inFile) {
    const missing = t.missing.length ? `; not in this workspace: ${t.missing.join(', ')}` : '';
    out.push(`templates: ${t.inFile} in the file, never synced (a template goes through the channel's review: create it with \`chatcrm templates create\`)${missing}`);
  }
  const n = countPlan(plan);
  out.push(plan.changes.length ? `Plan: ${n.create} to create, ${n.update} to update, ${n.delete} to delete.` : 'No changes: the workspace matches the file.');
  return out;
}

export const planData = (plan: Plan) => ({ summary: countPlan(plan), changes: plan.changes, templates: plan.templates, notComparable: plan.notComparable });
