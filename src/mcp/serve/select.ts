// Which tools `chatcrm mcp serve` offers, from its flags: names checked against the catalog
// before the server starts, so a typo is exit 2 with a suggestion, not an empty tool list.
import { UsageError } from '../../core/errors.js';
import { didYouMean } from '../schema.js';
import type { ToolDef } from '../../describe/catalog.js';
import type { OptsOf } from '../../runtime/options.js';
import type { SERVE_OPTIONS } from './options.js';

/** Offered when no --toolsets (and no --tools) is given: everyday messaging and CRM work. */
export const DEFAULT_TOOLSETS = ['chat', 'templates', 'flows', 'contacts', 'segments', 'tags'] as const;

/** One line per toolset, for list_toolsets and the docs. */
export const TOOLSET_INFO: Record<string, string> = {
  chat: 'senders, sending messages, groups',
  templates: 'create message templates; preview them offline',
  flows: 'automation flows: list, create, toggle, test; validate offline',
  auth: 'the profile and permissions of the key (no password operations)',
  mcp: 'health of the service tool endpoint',
  segments: 'contact segments and their members',
  tags: 'contact tags and their usage',
  custom_fields: 'custom contact fields',
  contacts: 'list and create contacts, statistics, funnels, segments, exports',
  currencies: 'currencies and exchange rates',
  subscription: 'plan, usage, checkout, cancel and resume',
  teams: 'teams and their permissions',
  taxes: 'taxes',
  quick_replies: 'quick replies',
  chatbots: 'chatbots and their knowledge',
  message_status: 'delivery and read status of messages',
  reply_materials: 'reply materials (list, show, delete)',
  notifications: 'notifications',
  campaigns: 'send campaigns; insights, reports, publishing, recurrence',
};

export interface Selection {
  toolsets: Set<string>;
  tools: Set<string>;
  exclude: Set<string>;
  readOnly: boolean;
  allowDestructive: boolean;
}

/** The options of `mcp serve` that choose the tools; --read-only may be false, set so by its variable. */
export type ToolChoice = Pick<OptsOf<typeof SERVE_OPTIONS>, 'toolsets' | 'tools' | 'excludeTools' | 'allowDestructive'> & { readOnly?: boolean };

const list = (v: string | undefined) =>
  v !== undefined
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];

function known(names: string[], candidates: string[], label: string, kind: string): void {
  for (const n of names) if (!candidates.includes(n)) throw new UsageError(`${label}: unknown ${kind} ${n}${didYouMean(n, candidates)}`);
}

/**
 * --toolsets a,b | all | default (and combinations such as default,teams); --tools adds single
 * tools (alone, it offers only them); --exclude-tools removes tools. Dynamic mode starts with
 * only the toolsets named explicitly.
 */
export function selectTools(catalog: ToolDef[], opts: ToolChoice, dynamic: boolean, labels: Partial<Record<keyof ToolChoice, string>> = {}): Selection {
  const label = (opt: keyof ToolChoice) => labels[opt] ?? `--${opt.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
  const toolsetNames = [...new Set(catalog.map((t) => t.toolset))];
  const toolNames = catalog.map((t) => t.name);
  const asked = list(opts.toolsets);
  if (opts.toolsets !== undefined && asked.length === 0) throw new UsageError(`${label('toolsets')}: give at least one toolset, \`default\` or \`all\``);
  known(asked.filter((s) => s !== 'all' && s !== 'default'), toolsetNames, label('toolsets'), 'toolset');
  const tools = list(opts.tools);
  const exclude = list(opts.excludeTools);
  known(tools, toolNames, label('tools'), 'tool');
  known(exclude, toolNames, label('excludeTools'), 'tool');
  const toolsets = new Set(
    asked.flatMap((s) => (s === 'all' ? toolsetNames : s === 'default' ? [...DEFAULT_TOOLSETS] : [s])),
  );
  if (opts.toolsets === undefined && tools.length === 0 && !dynamic) for (const s of DEFAULT_TOOLSETS) toolsets.add(s);
  return { toolsets, tools: new Set(tools), exclude: new Set(exclude), readOnly: opts.readOnly === true, allowDestructive: opts.allowDestructive === true };
}
