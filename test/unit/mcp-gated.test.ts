// `mcp call` asks before the tools `mcp serve` gates; it learns which from gatedTools, worked out
// without building the catalog's schemas. Both must name the same tools, gated the same way.
import { expect, it } from 'vitest';
import { loadCommands } from '../../src/manifest/index.js';
import { buildCatalog, gatedTools } from '../../src/describe/catalog.js';

const commands = await loadCommands();

const gating = (t: { name: string; relay?: string; destructive: boolean; sends: boolean; audience?: boolean }) => ({
  name: t.name,
  relay: t.relay,
  destructive: t.destructive,
  sends: t.sends,
  audience: t.audience ?? false,
});

it('names exactly the catalog tools that are destructive or send, with the same gating', async () => {
  const catalog = (await buildCatalog(commands)).filter((t) => t.destructive || t.sends);
  const cheap = gatedTools(commands);
  expect(cheap.map(gating)).toEqual(catalog.map(gating));
  // The set is the one that matters: deletes, sends, both kinds of campaign audience, the relayed send.
  expect(cheap.map((t) => t.name)).toEqual(expect.arrayContaining(['chat_send', 'chat_send_file', 'chat_groups_send', 'campaigns_publish', 'campaigns_recurring', 'campaigns_send', 'segments_delete']));
  expect(cheap.map((t) => t.name)).not.toContain('contacts_create');
});

it('`mcp serve --allow-destructive`\'s help names exactly the tools it unlocks (the destructive ones, campaign sends included)', () => {
  const serve = commands.find((c) => c.name === 'mcp')!.subcommands!.find((c) => c.name === 'serve')!;
  const help = serve.options!.find((o) => o.flags === '--allow-destructive')!.description;
  const named = help.slice(help.indexOf('confirm: true: ') + 'confirm: true: '.length).split(', ');
  expect(named).toEqual(gatedTools(commands).filter((t) => t.destructive).map((t) => t.name).sort());
});
