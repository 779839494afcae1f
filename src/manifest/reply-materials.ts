// Reply materials (docs/service-api.md 4.16): files agents attach to replies (multipart create and update).
import { idArg, listCommand, getCommand, deleteManyCommand, deleteOneCommand } from './common.js';
import type { CmdSpec } from './types.js';
import { CREATE_OPTIONS, UPDATE_OPTIONS } from '../commands/reply-materials/options.js';

export const replyMaterials: CmdSpec = {
  name: 'reply-materials',
  summary: 'Reply materials: files agents attach to replies',
  subcommands: [
    listCommand('reply-materials', 'replyMaterials.list', 'reply materials', { columns: ['_id', 'title', 'file_name', 'file_type', 'file_size'], drop: ['file_size', 'file_type'], cut: ['title', 'file_name'] }),
    getCommand('reply-materials', 'replyMaterials.get', 'a reply material', 'MATERIAL_ID'),
    {
      name: 'create',
      summary: 'Upload a reply material (multipart: title, file)',
      options: CREATE_OPTIONS,
      load: () => import('../commands/reply-materials/save.js'),
      examples: ['chatcrm reply-materials create --title "Price list" --file ./prices.pdf', 'chatcrm reply-materials create --title Logo --file logo.png --json'],
    },
    {
      name: 'update',
      summary: 'Replace the file (and optionally the title) of a reply material',
      args: [idArg('MATERIAL_ID', 'reply material id')],
      options: UPDATE_OPTIONS,
      load: () => import('../commands/reply-materials/save.js'),
      examples: ['chatcrm reply-materials update MATERIAL_ID --file ./prices-2025.pdf --title "Price list 2025"'],
    },
    deleteOneCommand('reply-materials', 'replyMaterials.delete', 'a reply material', 'MATERIAL_ID'),
    deleteManyCommand('reply-materials', 'delete-many', 'replyMaterials.deleteMany', 'reply materials', 'MATERIAL_ID'),
  ],
};
