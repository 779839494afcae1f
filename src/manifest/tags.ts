// Tags (docs/service-api.md 4.7): contact tags and their usage.
import { LIST_OPTIONS, PAGE_OPTIONS } from '../runtime/option-lists.js';
import { idArg, idsArg, LIST_QUERY, unpaged } from './common.js';
import type { CmdSpec } from './types.js';

export const tags: CmdSpec = {
  name: 'tags',
  summary: 'Contact tags and their usage',
  subcommands: [
    {
      name: 'create',
      summary: 'Create a tag',
      options: [
        { flags: '--name <name>', description: 'tag name (unique)' },
        { flags: '--color <hex>', description: 'colour as #RRGGBB' },
      ],
      op: { id: 'tags.create', data: true, fields: { name: 'name', color: 'color' } },
      examples: ["chatcrm tags create --name gold --color '#FFD700'"],
    },
    {
      name: 'list',
      summary: 'List tags',
      options: LIST_OPTIONS,
      op: { id: 'tags.list', query: LIST_QUERY, paged: true, view: { columns: ['_id', 'name', 'color', 'created_at'], drop: ['created_at', 'color'], cut: ['name'] } },
      examples: ['chatcrm tags list', 'chatcrm tags list --search vip -q', 'chatcrm tags list --all -o csv > tags.csv'],
    },
    {
      name: 'get',
      summary: 'Show a tag',
      args: [idArg('TAG_ID', 'tag id')],
      op: { id: 'tags.get' },
      examples: ['chatcrm tags get TAG_ID'],
    },
    {
      name: 'update',
      summary: 'Rename a tag or change its colour',
      args: [idArg('TAG_ID', 'tag id')],
      options: [
        { flags: '--name <name>', description: 'new name' },
        { flags: '--color <hex>', description: 'new colour as #RRGGBB' },
      ],
      op: { id: 'tags.update', data: true, fields: { name: 'name', color: 'color' } },
      examples: ['chatcrm tags update TAG_ID --name premium', "chatcrm tags update TAG_ID --color '#00FF00'"],
    },
    {
      name: 'delete',
      summary: 'Delete tags',
      aliases: ['delete-many'],
      args: [idsArg('tag ids')],
      op: { id: 'tags.deleteMany', list: { arg: 'IDS', field: 'ids' }, destructive: true },
      examples: ['chatcrm tags delete TAG_ID --yes', 'chatcrm tags delete TAG_ID TAG_ID --yes'],
    },
    {
      name: 'popular',
      summary: 'Most used tags',
      description: unpaged('Most used tags', 'its ranking'),
      op: { id: 'tags.popular', view: { columns: ['name', 'color', 'count'], drop: ['color'], cut: ['name'] } },
      examples: ['chatcrm tags popular'],
    },
    {
      name: 'usage',
      summary: 'How many contacts carry each tag',
      // One row per tag: as long as the tag list, which the service pages.
      options: PAGE_OPTIONS,
      op: { id: 'tags.usage', paged: true, view: { columns: ['tag_id', 'name', 'color', 'contacts_count', 'percentage'], drop: ['color', 'percentage'], cut: ['name'] } },
      examples: ['chatcrm tags usage --json', 'chatcrm tags usage --all -o csv'],
    },
  ],
};
