// The tool catalog of `mcp serve`: one tool per operation (or a stated reason why not), named
// like the CLI command, destructive exactly where the CLI asks for confirmation.
import { describe, expect, it } from 'vitest';
import { operations, pathParams, type OperationId } from '../../src/api/operations.js';
import { loadCommands } from '../../src/manifest/index.js';
import type { CmdSpec } from '../../src/manifest/types.js';
import { buildCatalog, NOT_TOOLS } from '../../src/describe/catalog.js';
import { DEFAULT_TOOLSETS, selectTools } from '../../src/mcp/serve/select.js';

const commands = await loadCommands();

const catalog = await buildCatalog(commands);

function destructiveOps(list: CmdSpec[] = commands, out = new Set<string>()): Set<string> {
  for (const c of list) {
    if (c.op?.destructive) out.add(c.op.id);
    if (c.subcommands) destructiveOps(c.subcommands, out);
  }
  return out;
}

describe('mcp serve catalog', () => {
  it('has a tool for every operation except those it names a reason for', () => {
    const ops = catalog.filter((t) => t.op).map((t) => t.op);
    for (const id of Object.keys(operations) as OperationId[]) expect(ops.includes(id) !== Boolean(NOT_TOOLS[id]), id).toBe(true);
    expect(new Set(catalog.map((t) => t.name)).size).toBe(catalog.length);
    for (const t of catalog) expect(t.name).toMatch(/^[a-z][a-z0-9_]{0,63}$/);
  });

  it('names tools like the CLI commands', () => {
    const byOp = Object.fromEntries(catalog.filter((t) => t.op).map((t) => [t.op, t.name]));
    expect(byOp).toMatchObject({
      'chat.send': 'chat_send',
      'flows.toggle': 'flows_toggle',
      'flows.togglePause': 'flows_toggle_pause',
      'flows.statistics': 'flows_stats',
      'segments.addContacts': 'segments_add_contacts',
      'customFields.deleteMany': 'custom_fields_delete',
      'chat.groupMembers': 'chat_groups_members',
    });
  });

  it('marks destructive the operations the CLI asks to confirm, every DELETE, and campaign sends; requires confirm for them', () => {
    const destructive = catalog.filter((t) => t.destructive);
    const deletes = (Object.keys(operations) as OperationId[]).filter((id) => operations[id].method === 'DELETE');
    const audience = ['campaigns.publish', 'campaigns.setupRecurring'];
    expect(new Set(destructive.filter((t) => t.op).map((t) => t.op))).toEqual(new Set([...destructiveOps(), ...deletes, ...audience]));
    expect(destructive.filter((t) => !t.op).map((t) => t.name)).toEqual(['campaigns_send']);
    expect(deletes).toContain('segments.removeContacts');
    expect(destructive.map((t) => t.op)).toEqual(expect.arrayContaining(['subscription.cancel', 'segments.deleteMany', 'flows.delete']));
    for (const t of destructive) expect(t.inputSchema.required).toContain('confirm');
  });

  it('gives every tool of a list command the paging and search flags that command takes', () => {
    const paged: string[] = [];
    const walk = (list: CmdSpec[], path: string[]) => {
      for (const c of list) {
        const name = [...path, c.name].join('_').replace(/-/g, '_');
        if (c.options?.some((o) => o.flags.startsWith('--page '))) paged.push(name);
        if (c.subcommands) walk(c.subcommands, [...path, c.name]);
      }
    };
    walk(commands, []);
    expect(paged).toEqual(expect.arrayContaining(['flows_list', 'flows_executions', 'quick_replies_list', 'chat_groups_list', 'chat_groups_members', 'tags_list']));
    for (const name of [...paged, 'quick_replies_list_admin']) {
      const tool = catalog.find((t) => t.name === name);
      if (!tool) continue; // a relay to the service's tool endpoint (contacts_list): its own arguments
      expect(Object.keys(tool.inputSchema.properties), name).toEqual(expect.arrayContaining(['page', 'limit']));
    }
    expect(Object.keys(catalog.find((t) => t.name === 'quick_replies_list_admin')!.inputSchema.properties)).toContain('search');
  });

  it('gives every path parameter as a required string; reads are GETs (or a read-only POST)', () => {
    for (const t of catalog.filter((x) => x.op)) {
      for (const p of pathParams(operations[t.op!].path)) {
        expect(t.inputSchema.properties[p]).toMatchObject({ type: 'string' });
        expect(t.inputSchema.required).toContain(p);
      }
      if (t.readOnly) expect(operations[t.op!].method === 'GET' || t.op === 'messageStatus.get', t.name).toBe(true);
    }
  });

  it('selects toolsets like GitHub: default set, all, default plus more, tools alone, dynamic starts empty', () => {
    expect([...selectTools(catalog, {}, false).toolsets]).toEqual([...DEFAULT_TOOLSETS]);
    expect(selectTools(catalog, { toolsets: 'all' }, false).toolsets.size).toBe(new Set(catalog.map((t) => t.toolset)).size);
    expect([...selectTools(catalog, { toolsets: 'default,teams' }, false).toolsets]).toEqual([...DEFAULT_TOOLSETS, 'teams']);
    expect(selectTools(catalog, { tools: 'teams_list' }, false).toolsets.size).toBe(0);
    expect(selectTools(catalog, {}, true).toolsets.size).toBe(0);
    expect(() => selectTools(catalog, { toolsets: 'flow' }, false)).toThrow(/--toolsets: unknown toolset flow \(did you mean flows\?\)/);
  });
});
