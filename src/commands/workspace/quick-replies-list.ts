// quick-replies list [--admin]: the same listing from one of two endpoints.
import type { Run } from '../../manifest/types.js';
import { opRunner } from '../op.js';

const view = { columns: ['_id', 'title', 'message', 'is_favorite'] };
const query = { search: 'search' };

export const run: Run = (ctx, input) =>
  opRunner({
    name: 'list',
    summary: 'List quick replies',
    op: { id: input.opts.admin ? 'quickReplies.admin' : 'quickReplies.list', query, view, paged: true },
  })(ctx, input);
