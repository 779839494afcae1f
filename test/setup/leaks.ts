// The suite leaves nothing running (issue 45, item 5). Vitest's global setup marks this run
// (RUN_VAR, inherited by every worker and so by every process a test starts: the CLI, a tmux
// server and the CLI in its pane, a spawned sandbox, npm); its teardown fails the run (exit
// code 1) when a process carrying this run's mark outlives it, naming each. Only this run's
// processes are looked at: other runs on the machine carry another mark (or none).
import { readdirSync, readFileSync } from 'node:fs';

export const RUN_VAR = 'VITEST_CHATCRM_RUN';

/** A guard for processes still ending (a tmux server just told to stop), not a measure. */
const SETTLE_MS = 10_000;

export default function setup(): () => Promise<void> {
  const run = `${process.pid}-${Date.now()}`;
  process.env[RUN_VAR] = run;
  return async () => {
    let left = marked(run);
    for (const until = Date.now() + SETTLE_MS; left.length > 0 && Date.now() < until; left = marked(run)) await new Promise((r) => setTimeout(r, 100));
    if (left.length === 0) return;
    // Vitest reports a teardown's error but keeps the exit code of the tests: set it here.
    console.error(`\nFAIL: the tests left ${left.length} process(es) running (a terminal, sandbox or CLI a test started and did not end):\n${left.join('\n')}`);
    process.exitCode = 1;
  };
}

/**
 * Live processes whose environment carries `run`: "pid command line". Not this process nor its
 * children: vitest's workers, which vitest ends itself (tests run in them, the forks pool, so
 * what a test starts is their child, or an orphan once they end).
 */
function marked(run: string): string[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p) && Number(p) !== process.pid);
  } catch {
    return []; // No /proc (macOS): nothing to look at.
  }
  const mark = `\0${RUN_VAR}=${run}\0`;
  const left: string[] = [];
  for (const pid of pids) {
    try {
      if (!`\0${readFileSync(`/proc/${pid}/environ`, 'latin1')}`.includes(mark)) continue;
      // /proc/<pid>/stat: "pid (command) state ppid ...", the command in brackets may hold spaces.
      if (Number(readFileSync(`/proc/${pid}/stat`, 'latin1').replace(/^.*\) /s, '').split(' ')[1]) === process.pid) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
      if (cmd !== '') left.push(`${pid} ${cmd.slice(0, 200)}`); // An empty command line: a zombie, already ended.
    } catch {
      // Ended while we looked, or not ours to read.
    }
  }
  return left;
}
