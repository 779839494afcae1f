// chat groups list | members | send: every group command first checks, with the sender
// list, that the sender may use groups (the operations' guard in ops/behaviour.ts, the one
// the tools of `mcp serve` pass too), so a refused sender never reaches a group endpoint.
import { UsageError } from '../../core/errors.js';
import { checkPathId, requestOf } from '../../api/operations.js';
import type { Context } from '../../runtime/context.js';
import type { View } from '../../core/output/print.js';
import { MAX_LIMIT, morePages, shapeOf } from '../../core/output/shape.js';
import { sanitizeCell } from '../../core/sanitize.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { GROUPS_LIST_OPTIONS, GROUPS_SEND_OPTIONS } from './options.js';
import { pageFlags, runList } from '../list.js';
import { groupRequest } from '../../schemas/chat.js';
import { guard, prepared } from '../../ops/pipeline.js';
import { resolveSender } from '../../ops/recipient.js';
import { finishSend, waitSpec } from '../wait/wait.js';

export const GROUPS_VIEW: View = { id: 'group_id', columns: ['group_id', 'name', 'member_count', 'description'], drop: ['member_count'], cut: ['description', 'name'] };
export const MEMBERS_VIEW: View = { id: 'phone_number', columns: ['phone_number', 'name', 'is_admin'], drop: ['is_admin'], cut: ['name'] };

export const list: Run<OptsOf<typeof GROUPS_LIST_OPTIONS>> = async (ctx, { opts }) => {
  pageFlags(opts);
  const sender_id = resolveSender(ctx, opts.sender);
  await guard(ctx, 'chat.groups', { query: { sender_id } });
  const api = await ctx.api();
  await runList(ctx, opts, {
    what: requestOf('chat.groups'),
    view: GROUPS_VIEW,
    fetch: async (page, limit) => {
      const res = await api.call('chat.groups', { query: { sender_id, page, limit } });
      return res.dryRun ? undefined : res.body;
    },
  });
};

export const members: Run<OptsOf<typeof GROUPS_LIST_OPTIONS>> = async (ctx, { args, opts }) => {
  // Before the sender lookup: a bad id is refused with nothing sent.
  const group_id = checkPathId('GROUP_ID', args.GROUP_ID as string | undefined);
  pageFlags(opts);
  const sender_id = resolveSender(ctx, opts.sender);
  await guard(ctx, 'chat.groupMembers', { query: { sender_id } });
  const api = await ctx.api();
  await runList(ctx, opts, {
    what: requestOf('chat.groupMembers', { group_id }),
    view: MEMBERS_VIEW,
    fetch: async (page, limit) => {
      const res = await api.call('chat.groupMembers', { params: { group_id }, query: { sender_id, page, limit } });
      return res.dryRun ? undefined : res.body;
    },
  });
};

/** A few pages at most: a sender in more groups than this is named by --group-id. */
const MAX_GROUP_PAGES = 10;

/**
 * The group's name as the service spells it: the service matches names exactly, so "sales
 * team" finds "Sales Team" here when it is the only group of that name in any case.
 */
async function groupNamed(ctx: Context, sender_id: string, name: string): Promise<string> {
  const api = await ctx.api();
  const groups: Record<string, unknown>[] = [];
  for (let page = 1; page <= MAX_GROUP_PAGES; page++) {
    const shape = shapeOf((await api.call('chat.groups', { query: { sender_id, page, limit: MAX_LIMIT } })).body);
    groups.push(...(shape.records ?? []));
    if (!shape.records?.length || !morePages(shape.pagination, groups.length)) break;
  }
  if (groups.some((g) => g.name === name)) return name;
  const alike = groups.filter((g) => typeof g.name === 'string' && g.name.toLowerCase() === name.toLowerCase());
  if (alike.length > 1) throw new UsageError(`--group-name: "${name}" matches ${alike.length} groups in different case (${alike.map((g) => `"${sanitizeCell(String(g.name))}"`).join(', ')}); give the exact name or --group-id`);
  return alike.length === 1 ? String(alike[0].name) : name;
}

export const send: Run<OptsOf<typeof GROUPS_SEND_OPTIONS>> = async (ctx, { opts }) => {
  const hasId = opts.groupId !== undefined;
  if (hasId === (opts.groupName !== undefined)) {
    throw new UsageError(hasId ? '--group-id and --group-name: give only one of them' : '--group-id or --group-name: one is required');
  }
  if (opts.text === undefined) throw new UsageError('--text: required (groups take text messages)');
  const mentions = opts.mention ?? [];
  const sender_id = resolveSender(ctx, opts.sender);
  const wait = waitSpec(opts);
  const flags = { sender_id: '--sender', group_id: '--group-id', group_name: '--group-name', 'message.text.body': '--text', mentions: '--mention' };
  const typed = {
    sender_id,
    ...(hasId ? { group_id: String(opts.groupId) } : { group_name: String(opts.groupName) }),
    message: { type: 'text', text: { body: opts.text } },
    ...(mentions.length ? { mentions } : {}),
  };
  // normalise (the mentions' digits) → schema → check → guard, as the chat_groups_send tool does.
  const body = await prepared('chat.groupSend', groupRequest, typed, flags);
  await guard(ctx, 'chat.groupSend', { query: {}, json: body });
  if (body.group_name !== undefined && !ctx.settings.dryRun) body.group_name = await groupNamed(ctx, sender_id, body.group_name);
  const res = await (await ctx.api()).call('chat.groupSend', { json: body });
  if (!res.dryRun) await finishSend(ctx, res.body, wait, `Sent to group ${body.group_id ?? body.group_name}`);
};
