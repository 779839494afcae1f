// --query: a JMESPath expression (the aws CLI's flag), with the JMESPath Community
// implementation. Loaded only when the flag is given; checked before any request is sent.
import { UsageError } from '../errors.js';

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
