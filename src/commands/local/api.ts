import { UsageError } from '../../core/errors.js';
import type { Run } from '../../manifest/types.js';

export const run: Run = async () => {
  throw new UsageError('api: not implemented yet');
};
