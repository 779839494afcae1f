// Draft campaigns put straight into a test sandbox's store, for the tests of what a send of one
// asks first (the CLI's confirmation, mcp serve's guards and elicitation): text = the name.
import type { TestSandbox } from './sandbox.js';

/** `count` phone numbers from `first` up. */
export const numbers = (first: number, count: number) => Array.from({ length: count }, (_, i) => String(first + i));

/** `recipients`: a list of numbers, or an audience of another shape (a segment). */
export function draftCampaign(sb: TestSandbox, name: string, recipients: unknown) {
  return sb.store.insert('campaigns', { name, status: 'draft', recipients, message: { type: 'text', text: { body: name } } });
}

/** Drafts to recipients of their own (each draft's numbers follow the last one's, from `first`): what each received is countable. */
export function freshDrafts(first: number) {
  let next = first;
  return (sb: TestSandbox, name: string, size = 3) => {
    const recipients = numbers(next, size);
    next += size;
    return { c: draftCampaign(sb, name, recipients), recipients };
  };
}
