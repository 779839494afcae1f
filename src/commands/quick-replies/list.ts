// quick-replies list [--admin]: the same listing from one of two endpoints.
import type { View } from '../../core/output/print.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';
import type { LIST_REPLIES_OPTIONS } from './options.js';
import { opRunner } from '../op.js';

export const VIEW: View = { columns: ['_id', 'title', 'message', 'is_favorite'], drop: ['is_favorite'], cut: ['message', 'title'] };
const query = { search: 'search' };

export const run: Run<OptsOf<typeof LIST_REPLIES_OPTIONS>> = (ctx, input) =>
  opRunner({
    name: 'list',
    summary: 'List quick replies',
    op: { id: input.opts.admin ? 'quickReplies.admin' : 'quickReplies.list', query, view: VIEW, paged: true },
  })(ctx, input);
