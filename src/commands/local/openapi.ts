// openapi: the service as an OpenAPI 3.1 document, YAML by default or JSON with -o json.
import { UsageError } from '../../core/errors.js';
import { loadYaml } from '../../core/output/print.js';
import type { Run } from '../../runtime/command-types.js';
import type { OptsOf } from '../../runtime/options.js';

export const run: Run<OptsOf<[]>> = async (ctx, { commands }) => {
  const format = ctx.settings.output;
  if (format !== 'table' && format !== 'yaml' && format !== 'json') throw new UsageError(`-o: openapi prints yaml or json, not ${format}`);
  const { openApiDocument } = await import('../../describe/openapi.js');
  const doc = await openApiDocument(ctx.version, await commands(), ctx.settings.baseUrl);
  if (format === 'json') return ctx.io.out(JSON.stringify(doc, null, 2));
  const { stringify } = await loadYaml();
  ctx.io.out(stringify(doc, { aliasDuplicateObjects: false, lineWidth: 0 }).trimEnd());
};
