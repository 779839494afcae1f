// Questions on a terminal, for every command that asks one (login, confirmations, missing
// values): drawn on stderr, since stdout carries results only; Ctrl-C (or the command's
// signal) is an interruption (exit 130), not a crash. @inquirer/prompts loads on first use.
import { InterruptedError } from './errors.js';
import type { IO } from './io.js';

type Inquirer = typeof import('@inquirer/prompts');

export interface Prompter {
  input(c: Parameters<Inquirer['input']>[0]): Promise<string>;
  password(c: Parameters<Inquirer['password']>[0]): Promise<string>;
  select(c: { message: string; default?: string; choices: { name: string; value: string }[] }): Promise<string>;
  confirm(c: Parameters<Inquirer['confirm']>[0]): Promise<boolean>;
}

export async function createPrompter(io: IO, signal: AbortSignal): Promise<Prompter> {
  const p = await import('@inquirer/prompts');
  const context = { output: io.stderr, signal };
  const ask = async <T>(answer: Promise<T>): Promise<T> => {
    try {
      return await answer;
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new InterruptedError();
      throw err;
    }
  };
  return {
    input: (c) => ask(p.input(c, context)),
    password: (c) => ask(p.password(c, context)),
    select: (c) => ask(p.select<string>(c, context)),
    confirm: (c) => ask(p.confirm(c, context)),
  };
}
