// Automation flow requests (docs/service-api.md 2) and the offline checks every create and update
// runs: the zod shape first, then the graph (every goto and return_to names a screen,
// screens nothing reaches are warned about). Pure: the CLI and the sandbox both use it.
import * as z from 'zod/mini';
import { parseWithInput, problemsOf, type Problem } from './problems.js';

const text = z.string({ error: (iss) => (iss.input === undefined ? 'is required' : 'must be a string') }).check(z.minLength(1, 'must not be empty'));

export const greetingStep = z.union([z.object({ text }), z.object({ goto: text })], { error: 'a greeting step is {text: "..."} or {goto: "screen"}' });

export const menuOption = z.looseObject({ title: text, description: z.optional(z.string()), goto: z.optional(text) });
export const menuSection = z.looseObject({ title: z.optional(z.string()), options: z.array(menuOption).check(z.minLength(1, 'a section needs at least one option')) });
export const menuScreen = z.looseObject({
  type: z.literal('menu'),
  header: z.optional(z.string()),
  body: text,
  button: text,
  sections: z.array(menuSection).check(z.minLength(1, 'a menu needs at least one section')),
});
export type MenuScreen = z.infer<typeof menuScreen>;

/** Screens of other types are not shown by the spec: only `type` is required, the rest passes through. */
const anyScreen = z.looseObject({ type: text });

const flowFields = {
  name: text,
  keyword: text,
  prefix: z.optional(z.string()),
  platform: z.optional(text),
  is_active: z.optional(z.boolean()),
  return_to: z.optional(text),
  greeting: z.optional(z.array(greetingStep)),
  screens: z.optional(z.record(z.string(), anyScreen)),
};

export const flow = z.looseObject(flowFields);
export type Flow = z.infer<typeof flow>;
export const flowPatch = z.partial(flow);
export type FlowPatch = z.infer<typeof flowPatch>;

export const deleteRequest = z.object({ confirm: z.literal(true, { error: 'must be true' }) });

export const testRequest = z.object({
  flow_id: text,
  test_data: z.object({ message: text, messageType: z.optional(text) }),
});

export const suggestRequest = z.object({
  businessName: z.optional(z.string()),
  language: z.optional(z.string()),
  industry: z.optional(z.string()),
  purpose: z.optional(z.string()),
  action: z.optional(z.string()),
  tone: z.optional(z.string()),
  occasion: z.optional(z.string()),
  additionalDetails: z.optional(z.string()),
  platform: z.optional(z.string()),
});
export type SuggestRequest = z.infer<typeof suggestRequest>;

export interface FlowCheck {
  /** The parsed flow (unknown screens and fields untouched), when there were no problems. */
  value?: FlowPatch;
  problems: Problem[];
  warnings: Problem[];
}

type Screens = Record<string, { type: string } & Record<string, unknown>>;

/** Where a triggered flow lands: the first greeting goto, else return_to, else `main`, else the first screen. */
export function entryScreen(f: Pick<FlowPatch, 'greeting' | 'return_to' | 'screens'>): string | undefined {
  const names = Object.keys(f.screens ?? {});
  const greet = f.greeting?.find((s): s is { goto: string } => 'goto' in s)?.goto;
  return greet ?? f.return_to ?? (names.includes('main') ? 'main' : names[0]);
}

/** Every `goto` string inside a screen of a type we do not know, for reachability only. */
function looseGotos(v: unknown, out: string[] = []): string[] {
  if (Array.isArray(v)) v.forEach((x) => looseGotos(x, out));
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'goto' && typeof x === 'string') out.push(x);
      else looseGotos(x, out);
    }
  }
  return out;
}

/**
 * Check a whole flow (`partial` false) or a patch. A patch without screens cannot be
 * graph-checked offline (its gotos point at the stored flow's screens): only its shape is.
 */
export function checkFlow(input: unknown, partial = false): FlowCheck {
  const r = parseWithInput(partial ? flowPatch : flow, input);
  if (!r.success) return { problems: problemsOf(r.error), warnings: [] };
  return checkParsedFlow(r.data as FlowPatch, partial);
}

/** checkFlow's checks beyond the shape, of a flow its schema already read (a workspace file's flows: not parsed twice). */
export function checkParsedFlow(f: FlowPatch, partial = false): FlowCheck {
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const screens = f.screens as Screens | undefined;

  const edges = new Map<string, string[]>();
  for (const [name, screen] of Object.entries(screens ?? {})) {
    if (screen.type !== 'menu') {
      edges.set(name, looseGotos(screen));
      continue;
    }
    const m = parseWithInput(menuScreen, screen);
    if (!m.success) {
      for (const p of problemsOf(m.error)) problems.push({ path: `screens.${name}${p.path ? `.${p.path}` : ''}`, message: p.message });
      continue;
    }
    const targets: string[] = [];
    m.data.sections.forEach((s, si) =>
      s.options.forEach((o, oi) => {
        if (o.goto === undefined) return;
        targets.push(o.goto);
        if (!(o.goto in screens!)) problems.push(dangling(`screens.${name}.sections[${si}].options[${oi}].goto`, o.goto, screens!));
      }),
    );
    edges.set(name, targets);
  }

  if (screens) {
    f.greeting?.forEach((s, i) => {
      if ('goto' in s && !(s.goto in screens)) problems.push(dangling(`greeting[${i}].goto`, s.goto, screens));
    });
    if (f.return_to !== undefined && !(f.return_to in screens)) problems.push(dangling('return_to', f.return_to, screens));
  } else if (!partial && (f.return_to !== undefined || f.greeting?.some((s) => 'goto' in s))) {
    const path = f.return_to !== undefined ? 'return_to' : `greeting[${f.greeting!.findIndex((s) => 'goto' in s)}].goto`;
    problems.push({ path, message: 'names a screen, but the flow has no screens' });
  }

  if (screens) {
    const roots = [...(f.greeting ?? []).flatMap((s) => ('goto' in s ? [s.goto] : [])), ...(f.return_to ? [f.return_to] : [])];
    const start = roots.length ? roots : [entryScreen(f)].filter((s): s is string => s !== undefined);
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const s = stack.pop()!;
      if (seen.has(s)) continue;
      seen.add(s);
      stack.push(...(edges.get(s) ?? []));
    }
    for (const name of Object.keys(screens)) if (!seen.has(name)) warnings.push({ path: `screens.${name}`, message: 'unreachable: no greeting step, return_to or option leads to it' });
  }
  return problems.length ? { problems, warnings } : { value: f, problems, warnings };
}

function dangling(path: string, target: string, screens: Screens): Problem {
  const names = Object.keys(screens);
  return { path, message: `no screen named "${target}" (screens: ${names.length ? names.join(', ') : 'none'})` };
}
