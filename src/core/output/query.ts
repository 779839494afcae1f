// --query: a JMESPath expression (the aws CLI's flag), with the JMESPath Community
// implementation. Loaded only when the flag is given; checked before any request is sent.
import { UsageError } from '../errors.js';
import { isObj } from './shape.js';

type JmesPath = typeof import('@jmespath-community/jmespath');
let lib: Promise<JmesPath> | undefined;
const load = () => (lib ??= import('@jmespath-community/jmespath'));

const problem = (err: unknown) => new UsageError(`--query: ${String((err as Error)?.message ?? err).replace(/\s+/g, ' ').trim()}`);

/** Parse the expression now, so a typo is exit 2 with nothing sent. */
export async function checkQuery(expr: string): Promise<void> {
  const { compile } = await load();
  try {
    compile(expr);
  } catch (err) {
    throw problem(err);
  }
}

export async function applyQuery(value: unknown, expr: string): Promise<unknown> {
  const { search } = await load();
  try {
    return search((value ?? null) as Parameters<JmesPath['search']>[0], expr);
  } catch (err) {
    throw problem(err);
  }
}

/** Whether the expression reads the field `name` (not a key it makes, nor text inside a literal). */
function readsField(node: unknown, name: string): boolean {
  if (Array.isArray(node)) return node.some((n) => readsField(n, name));
  if (!isObj(node) || node.type === 'Literal') return false;
  if (node.type === 'Field' && node.name === name) return true;
  return Object.values(node).some((v) => readsField(v, name));
}

/**
 * A one-line hint when the expression reads `id` and the records carry theirs as `_id` only:
 * --fields maps `id` to the record's id, JMESPath cannot, and its answer (null) says nothing.
 */
export async function idHint(value: unknown, expr: string): Promise<string | undefined> {
  const sample = (Array.isArray(value) ? value : [value]).filter(isObj);
  if (!sample.some((r) => '_id' in r) || sample.some((r) => 'id' in r)) return undefined;
  const { compile } = await load();
  return readsField(compile(expr), 'id') ? 'Hint: --query reads "id", but these records carry their id as "_id": use _id' : undefined;
}
