// Automation flows (docs/service-api.md 4.3). The spec leaves states open; the sandbox uses:
//   status: draft | active | paused  (is_active / is_paused mirror it)
//   toggle:        draft → active;  active or paused → draft
//   toggle-pause:  active → paused; paused → active; draft → 400 (activate it first)
// `test` runs the flow on the message and records an execution; executions and
// statistics are computed from those records.
import { created, fail, notFound, ok, paged, type AreaModule, type Handler, invalid } from '../http.js';
import type { Store } from '../store.js';
import { checkFlow, deleteRequest, entryScreen, suggestRequest, testRequest, type FlowPatch, type MenuScreen } from '../../schemas/flows.js';
import { problemsOf } from '../../schemas/problems.js';

const STATUSES = ['active', 'draft', 'paused', 'all'];
const liveFlow = (store: Store, id: string) => store.get('flows', id);
const stateFields = (status: string) => ({ status, is_active: status !== 'draft', is_paused: status === 'paused' });

const keywordTaken = (store: Store, keyword: unknown, except?: string) =>
  typeof keyword === 'string' && store.list('flows', (f) => f._id !== except && String(f.keyword).toLowerCase() === keyword.toLowerCase()).length > 0;

const list: Handler = (req, { store }) => {
  const status = req.query.status ?? 'all';
  if (!STATUSES.includes(status)) return fail(400, `Invalid status "${status}"; use one of ${STATUSES.join(', ')}`);
  const flows = store.list('flows', (f) => status === 'all' || f.status === status);
  return paged(flows, req.query, { searchFields: ['name', 'keyword'], message: 'Flows fetched successfully' });
};

const get: Handler = (req, { store }) => {
  const flow = liveFlow(store, req.params.flow_id);
  return flow ? ok(flow, 'Flow fetched successfully') : notFound('Flow');
};

const create: Handler = (req, { store }) => {
  const { value, problems } = checkFlow(req.body);
  if (!value) return invalid(problems);
  if (keywordTaken(store, value.keyword)) return fail(409, `A flow with keyword "${value.keyword}" already exists`);
  const doc = store.insert('flows', { platform: 'chat', ...value, ...stateFields(value.is_active ? 'active' : 'draft') });
  return created(doc, 'Flow created successfully');
};

const update: Handler = (req, { store }) => {
  const flow = liveFlow(store, req.params.flow_id);
  if (!flow) return notFound('Flow');
  const patch = checkFlow(req.body, true);
  if (!patch.value) return invalid(patch.problems);
  const merged = checkFlow({ ...flow, ...patch.value });
  if (!merged.value) return invalid(merged.problems);
  if (keywordTaken(store, patch.value.keyword, flow._id)) return fail(409, `A flow with keyword "${patch.value.keyword}" already exists`);
  const state = patch.value.is_active === undefined ? {} : stateFields(patch.value.is_active ? (flow.status === 'paused' ? 'paused' : 'active') : 'draft');
  return ok(store.update('flows', flow._id, { ...patch.value, ...state }), 'Flow updated successfully');
};

const remove: Handler = (req, { store }) => {
  const r = deleteRequest.safeParse(req.body ?? {});
  if (!r.success) return fail(400, 'Deleting a flow requires {"confirm": true}; nothing was deleted');
  const flow = store.softDelete('flows', req.params.flow_id);
  return flow ? ok({ _id: flow._id, deleted: true }, 'Flow deleted successfully') : notFound('Flow');
};

const toggle: Handler = (req, { store }) => {
  const flow = liveFlow(store, req.params.flow_id);
  if (!flow) return notFound('Flow');
  const next = flow.status === 'draft' ? 'active' : 'draft';
  return ok(store.update('flows', flow._id, stateFields(next)), `Flow ${next === 'active' ? 'activated' : 'deactivated'}`);
};

const togglePause: Handler = (req, { store }) => {
  const flow = liveFlow(store, req.params.flow_id);
  if (!flow) return notFound('Flow');
  if (flow.status === 'draft') return fail(400, 'Only an active or paused flow can be paused or resumed; activate it with toggle first');
  const next = flow.status === 'paused' ? 'active' : 'paused';
  return ok(store.update('flows', flow._id, stateFields(next)), `Flow ${next === 'paused' ? 'paused' : 'resumed'}`);
};

interface Step {
  index: number;
  type: string;
  [k: string]: unknown;
}

/** What the flow does with one incoming message: trigger match, greeting steps, the screen it lands on. */
export function runFlow(flow: FlowPatch, message: string, messageType = 'text') {
  const text = message.trim().toLowerCase();
  const keyword = String(flow.keyword ?? '').toLowerCase();
  const prefix = String(flow.prefix ?? '').toLowerCase();
  const matched_by =
    messageType !== 'text' ? undefined : text === keyword || text.startsWith(`${keyword} `) ? 'keyword' : prefix && text.startsWith(prefix) ? 'prefix' : undefined;
  const steps: Step[] = [];
  const step = (type: string, fields: Record<string, unknown>) => steps.push({ index: steps.length, type, ...fields, at: new Date().toISOString() });
  if (!matched_by) return { matched: false, matched_by: null, steps, final_screen: null, replies: [] as string[] };
  step('trigger', { matched_by, value: matched_by === 'keyword' ? flow.keyword : flow.prefix });
  const replies: string[] = [];
  let target: string | undefined;
  for (const g of flow.greeting ?? []) {
    if ('text' in g) {
      step('text', { text: g.text });
      replies.push(g.text);
    } else {
      target = g.goto;
      step('goto', { screen: g.goto });
      break;
    }
  }
  target ??= entryScreen(flow);
  const screen = target ? flow.screens?.[target] : undefined;
  if (target && screen?.type === 'menu') {
    const m = screen as unknown as MenuScreen;
    const options = m.sections.flatMap((s) => s.options.map((o) => o.title));
    step('menu', { screen: target, header: m.header, body: m.body, button: m.button, options });
    replies.push([m.header, m.body, ...options.map((o) => `• ${o}`)].filter(Boolean).join('\n'));
  } else if (target && screen) step(screen.type, { screen: target, note: 'screen type not simulated by the sandbox' });
  return { matched: true, matched_by, steps, final_screen: screen ? target! : null, replies };
}

const test: Handler = (req, { store }) => {
  const flow = liveFlow(store, req.params.flow_id);
  if (!flow) return notFound('Flow');
  const r = testRequest.safeParse(req.body);
  if (!r.success) return invalid(problemsOf(r.error));
  if (r.data.flow_id !== flow._id) return fail(400, 'flow_id in the body does not match the flow in the path');
  const { message, messageType = 'text' } = r.data.test_data;
  const started = Date.now();
  const result = runFlow(flow as FlowPatch, message, messageType);
  const exec = store.insert('executions', {
    flow_id: flow._id,
    flow_name: flow.name,
    trigger: 'test',
    message,
    message_type: messageType,
    flow_status: flow.status,
    status: result.matched ? 'completed' : 'no_match',
    ...result,
    duration_ms: Date.now() - started,
  });
  const { _id, matched, matched_by, final_screen, replies, steps } = exec;
  return ok({ execution_id: _id, flow_id: flow._id, matched, matched_by, final_screen, replies, steps }, matched ? 'Flow test completed' : 'The message does not trigger this flow');
};

const executions: Handler = (req, { store }) => {
  const flow = liveFlow(store, req.params.flow_id);
  if (!flow) return notFound('Flow');
  const rows = store.list('executions', (e) => e.flow_id === flow._id).reverse();
  return paged(rows, req.query, { message: 'Executions fetched successfully' });
};

const execution: Handler = (req, { store }) => {
  const e = store.get('executions', req.params.execution_id);
  return e ? ok(e, 'Execution fetched successfully') : notFound('Execution');
};

const statistics: Handler = (_req, { store }) => {
  const flows = store.list('flows');
  const runs = store.list('executions');
  const count = (s: string) => flows.filter((f) => f.status === s).length;
  const completed = runs.filter((e) => e.status === 'completed').length;
  const byFlow = flows.map((f) => {
    const mine = runs.filter((e) => e.flow_id === f._id);
    return {
      flow_id: f._id,
      name: f.name,
      status: f.status,
      executions: mine.length,
      completed: mine.filter((e) => e.status === 'completed').length,
      last_execution_at: mine.length ? mine[mine.length - 1].created_at : null,
    };
  });
  return ok(
    {
      total_flows: flows.length,
      active_flows: count('active'),
      draft_flows: count('draft'),
      paused_flows: count('paused'),
      total_executions: runs.length,
      completed_executions: completed,
      no_match_executions: runs.length - completed,
      match_rate: runs.length ? Math.round((completed / runs.length) * 1000) / 10 : 0,
      by_flow: byFlow,
    },
    'Statistics fetched successfully',
  );
};

export const NODE_TYPES = [
  { type: 'text', kind: 'step', description: 'greeting step: send a text message', fields: ['text'] },
  { type: 'goto', kind: 'step', description: 'greeting step: show a screen (ends the greeting)', fields: ['goto'] },
  { type: 'menu', kind: 'screen', description: 'list menu: header, body, button and sections of options that go to screens', fields: ['header', 'body', 'button', 'sections[].title', 'sections[].options[].title', 'sections[].options[].description', 'sections[].options[].goto'] },
];

const nodeTypes: Handler = () => ok(NODE_TYPES, 'Node types fetched successfully');

const slug = (s: string | undefined, fallback: string) => (s ?? '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim().split(' ')[0] || fallback;

/** A deterministic flow from the suggest inputs: same inputs, same flow. */
export function suggestFlow(input: Record<string, string | undefined>) {
  const business = input.businessName?.trim() || 'Our business';
  const purpose = input.purpose?.trim() || 'customer support';
  const action = input.action?.trim() || 'Talk to us';
  const friendly = /friendly|casual|warm|fun/i.test(input.tone ?? '');
  const hello = friendly ? `Hi there! 👋 Welcome to ${business}.` : `Welcome to ${business}.`;
  const occasion = input.occasion?.trim() ? ` Happy ${input.occasion.trim()}!` : '';
  const back = { title: 'Back to menu', description: 'See all options', goto: 'main' };
  return {
    name: `${business} – ${purpose}`,
    keyword: slug(input.purpose, 'menu'),
    platform: input.platform?.trim() || 'chat',
    is_active: false,
    return_to: 'main',
    greeting: [{ text: `${hello}${occasion}` }, { goto: 'main' }],
    screens: {
      main: {
        type: 'menu',
        header: business,
        body: `How can we help you with ${purpose}?${input.additionalDetails?.trim() ? ` ${input.additionalDetails.trim()}` : ''}`,
        button: 'Options',
        sections: [
          {
            title: input.industry?.trim() || 'Menu',
            options: [
              { title: action.slice(0, 24), description: `Start: ${purpose}`, goto: 'action' },
              { title: 'About us', description: `Learn about ${business}`, goto: 'about' },
            ],
          },
        ],
      },
      action: { type: 'menu', header: action, body: `Tell us what you need and our team will reply shortly.`, button: 'Options', sections: [{ title: 'More', options: [back] }] },
      about: { type: 'menu', header: 'About us', body: `${business}${input.industry ? ` (${input.industry})` : ''}.`, button: 'Options', sections: [{ title: 'More', options: [back] }] },
    },
  };
}

const suggest: Handler = (req) => {
  const r = suggestRequest.safeParse(req.body ?? {});
  if (!r.success) return invalid(problemsOf(r.error));
  return ok(
    { flow: suggestFlow(r.data), source: 'sandbox', note: 'Sandbox suggestion: built from your inputs by a fixed template, not by an AI model.' },
    'Sandbox suggestion (deterministic, not AI generated)',
  );
};

function seed(store: Store): void {
  store.insert('flows', {
    name: 'Welcome menu',
    keyword: 'menu',
    prefix: '#help',
    platform: 'chat',
    return_to: 'main',
    greeting: [{ text: 'Hello! 👋' }, { goto: 'main' }],
    screens: {
      main: {
        type: 'menu',
        header: 'Main menu',
        body: 'What would you like to do?',
        button: 'Choose',
        sections: [
          {
            title: 'Shop',
            options: [
              { title: 'Prices', description: 'Our price list', goto: 'prices' },
              { title: 'Support', description: 'Talk to a person', goto: 'support' },
            ],
          },
        ],
      },
      prices: { type: 'menu', body: 'Plans start at $9/month.', button: 'Back', sections: [{ options: [{ title: 'Main menu', goto: 'main' }] }] },
      support: { type: 'menu', body: 'An agent will reply soon.', button: 'Back', sections: [{ options: [{ title: 'Main menu', goto: 'main' }] }] },
    },
    ...stateFields('active'),
  });
  store.insert('flows', { name: 'Holiday hours', keyword: 'hours', platform: 'chat', greeting: [{ text: 'We are closed on public holidays.' }], ...stateFields('draft') });
}

/** `--seed-records N`: N more draft flows, and N executions of the first flow. */
function bulk(store: Store, n: number): void {
  const first = store.list('flows')[0];
  for (let i = 0; i < n; i++) {
    const seq = String(i + 1).padStart(6, '0');
    store.insert('flows', { name: `Flow ${seq}`, keyword: `kw${seq}`, platform: 'chat', greeting: [{ text: `Flow ${i + 1}` }], ...stateFields('draft') });
    if (first) store.insert('executions', { flow_id: first._id, flow_name: first.name, trigger: 'seed', message: first.keyword, message_type: 'text', status: 'completed', matched: true, steps: [] });
  }
}

export const area: AreaModule = {
  handlers: {
    'flows.list': list,
    'flows.get': get,
    'flows.create': create,
    'flows.update': update,
    'flows.delete': remove,
    'flows.toggle': toggle,
    'flows.togglePause': togglePause,
    'flows.test': test,
    'flows.nodeTypes': nodeTypes,
    'flows.suggest': suggest,
    'flows.executions': executions,
    'flows.execution': execution,
    'flows.statistics': statistics,
  },
  seed,
  bulk,
};
