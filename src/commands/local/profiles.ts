import { UsageError } from '../../core/errors.js';
import type { Run } from '../../manifest/types.js';

const todo: Run = async () => {
  throw new UsageError('profiles: not implemented yet');
};
export const list = todo, show = todo, use = todo, set = todo, remove = todo;
