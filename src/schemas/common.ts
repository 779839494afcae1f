// Building blocks shared by the request schemas of every area.
import * as z from 'zod/mini';

export const required = (type: string) => ({ error: (i: { input: unknown }) => (i.input === undefined ? 'is required' : `must be ${type}`) });

/** A string that is not empty once trimmed. */
export const text = (what = 'must not be empty') => z.string(required('a string')).check(z.trim(), z.minLength(1, what));

/** A non-empty list of non-empty ids. */
export const idList = (what = 'id') =>
  z
    .array(text(`${what}s must not be empty`), { error: (i) => (i.input === undefined ? `is required: give at least one ${what}` : `must be a list of ${what}s`) })
    .check(z.minLength(1, `give at least one ${what}`));

/** Bodies the spec leaves open ("object") still have to say something. */
export const notEmpty = z.refine((v: unknown) => Object.keys(v as object).length > 0, 'nothing to send: give at least one field (flags or --data)');

/** Bulk operations: `{ ids: [...] }`. */
export const ids = z.object({ ids: idList('id') });
