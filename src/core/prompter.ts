// Questions on a terminal, for every command that asks one (login, confirmations, missing
// values): drawn on stderr, since stdout carries results only; Ctrl-C (or the command's
// signal) is an interruption (exit 130), not a crash. The four prompts load on first use, each
// package on its own: @inquirer/prompts would bundle its editor prompt too, and with it iconv-lite
// and chardet (550 KB, half the packed tarball's compressed size of code no question uses).
import { InterruptedError } from './errors.js';
import type { IO } from './io.js';

type Config<P> = P extends (config: infer C, ...rest: never[]) => unknown ? C : never;

export interface Prompter {
  input(c: Config<typeof import('@inquirer/input').default>): Promise<string>;
  password(c: Config<typeof import('@inquirer/password').default>): Promise<string>;
  select(c: { message: string; default?: string; choices: { name: string; value: string }[] }): Promise<string>;
  confirm(c: Config<typeof import('@inquirer/confirm').default>): Promise<boolean>;
}

export async function createPrompter(io: IO, signal: AbortSignal): Promise<Prompter> {
  const [{ default: input }, { default: password }, { default: select }, { default: confirm }] = await Promise.all([
    import('@inquirer/input'),
    import('@inquirer/password'),
    import('@inquirer/select'),
    import('@inquirer/confirm'),
  ]);
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
    input: (c) => ask(input(c, context)),
    password: (c) => ask(password(c, context)),
    select: (c) => ask(select<string>(c, context)),
    confirm: (c) => ask(confirm(c, context)),
  };
}
