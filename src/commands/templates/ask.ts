// templates create on a terminal: the values the flags and the file left out are asked for,
// each question naming the flag that answers it (gh pr create's way), each answer checked
// by the request schema's own rule for its field.
import type { Context } from '../../runtime/context.js';
import { parseWithInput, problemsOf } from '../../schemas/problems.js';
import { CATEGORIES, createRequest, variablesOf } from '../../schemas/templates.js';

const check = (field: keyof typeof createRequest.shape) => (v: string) => {
  const r = parseWithInput(createRequest.shape[field], v.trim());
  return r.success || problemsOf(r.error)[0].message;
};
const given = (v: string) => v.trim() !== '' || 'is required';

/** Fills `body` in place; asks nothing when nothing is missing. */
export async function askMissing(ctx: Context, body: Record<string, unknown>): Promise<void> {
  // ctx.prompter() loads the prompts once, on the first question.
  const ask = () => ctx.prompter();
  const text = async (message: string, validate: (v: string) => true | string, def?: string) => (await (await ask()).input({ message, validate, default: def })).trim();

  body.template_name ??= await text('Template name (--name)', check('template_name'));
  body.category ??= await (await ask()).select({ message: 'Category (--category)', choices: CATEGORIES.map((c) => ({ name: c, value: c })) });
  body.language ??= await text('Language (--language)', check('language'), 'en_US');
  if (String(body.category).toUpperCase() !== 'AUTHENTICATION') body.message_body ??= await text('Body, variables as {{1}}, {{2}}, ... (--body)', given);
  const examples: unknown[] = Array.isArray(body.variable_examples) ? [...body.variable_examples] : [];
  const have = new Set(examples.map((e) => String((e as { key?: unknown })?.key ?? '').trim()));
  for (const n of new Set(variablesOf(String(body.message_body ?? '')).filter((v) => /^\d+$/.test(v) && !have.has(v)))) {
    examples.push({ key: n, example: await text(`Example for {{${n}}} (--example ${n}=TEXT)`, given) });
  }
  if (examples.length) body.variable_examples = examples;
  if (body.business_account_id === undefined) {
    const { chooseAccount } = await import('../accounts/list.js');
    body.business_account_id = await chooseAccount(await ctx.api(), await ask(), { message: 'Business account (--account)' });
  }
}
