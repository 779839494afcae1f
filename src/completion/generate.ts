// Everything generated, by file: the command reference from the command tree, and the
// completion scripts (which ask the tree at run time). scripts/gen.mjs writes these files and
// test/unit/generated-sync.test.ts fails when one on disk differs.
import { loadCommands } from '../manifest/index.js';
import type { CmdSpec } from '../manifest/types.js';
import { commandReference } from './reference.js';
import { completionScript, SHELLS, type Shell } from './scripts.js';
import { rootNode } from './tree.js';

export { SHELLS, type Shell };

export const COMPLETION_FILES: Record<Shell, string> = {
  bash: 'completions/chatcrm.bash',
  zsh: 'completions/_chatcrm',
  fish: 'completions/chatcrm.fish',
  powershell: 'completions/chatcrm.ps1',
};

export function reference(tree: CmdSpec[]): string {
  return commandReference(rootNode(tree));
}

/** Relative path → content of every generated file. */
export async function generatedFiles(tree?: CmdSpec[]): Promise<Record<string, string>> {
  const files: Record<string, string> = { 'docs/commands.md': reference(tree ?? (await loadCommands())) };
  for (const shell of SHELLS) files[COMPLETION_FILES[shell]] = completionScript(shell);
  return files;
}
