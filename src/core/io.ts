// Terminal facts and the policies derived from them: colour, prompting, spinners.
// Commands write through this object only, so tests can run them without a TTY. It is also
// the one chokepoint for what the CLI writes: server text cannot drive the terminal (every
// control character in a string is shown as a visible escape), and no registered secret (key,
// password, webhook secret) appears in any write, whichever command wrote it. The userinfo of a
// URL is hidden from what people and logs read (text, stderr); the data on stdout (json, jsonl,
// yaml, csv) carries the server's text as it is, or a dump piped into a sync would write `***`.
import type { Writable, Readable } from 'node:stream';
import type { Streams } from './host.js';
import { redactUrls, scrub } from './redact.js';
import { escapeC1, sanitizeCell, sanitizeText } from './sanitize.js';

/** Terminal control we compose ourselves (colour, redrawing a line): the only text written unsanitized. */
export class Styled {
  constructor(readonly text: string) {}
}

export type Part = string | Styled;

export interface IO {
  stdout: Writable;
  stderr: Writable;
  stdin: Readable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  stdinIsTTY: boolean;
  /** Colour on stdout/stderr (NO_COLOR, FORCE_COLOR, --no-color, TTY). */
  color: boolean;
  /** Prompts allowed: both ends are TTYs, and neither --no-input nor CI is set. */
  canPrompt: boolean;
  columns: number;
  /** One line of human text on stdout: string parts sanitized, secrets replaced by ***. */
  out(...parts: Part[]): void;
  /**
   * Many such lines on stdout in one write, each cleaned as out() cleans it: a plan of 10,000
   * records is ~28,000 lines, and a write each cost more than building them.
   */
  outLines(lines: Part[][]): void;
  /** The same on stderr (messages, errors, progress, warnings). */
  err(...parts: Part[]): void;
  /**
   * A progress line redrawn in place on stderr (a TTY only: the caller checks): the parts
   * cleaned as err() cleans them, without a newline; no parts erases the line.
   */
  redraw(...parts: Part[]): void;
  /** A spinner on stderr when it is a terminal, else undefined; its text is one cleaned line. */
  spinner(text: string): Promise<Spinner | undefined>;
  /**
   * Machine output (json, jsonl, yaml, csv) exactly as encoded: the registered secrets replaced,
   * and the C1 controls those encoders leave raw inside quoted strings written as `\u00XX`
   * escapes, which both formats read back as the same character (csv cells come sanitized). On
   * stdout unless told otherwise: a `--json` error on stderr is a log, its URL userinfo hidden too.
   */
  data(text: string, to?: 'stderr'): void;
  /** `text` in an SGR colour (31 red, 32 green, 33 yellow, 90 grey) when colour is on. */
  paint(color: number, text: string): Styled;
  /** Remember a secret (key, password, webhook secret) so that no write shows it; returns it. */
  secret(value: string): string;
  /** Secrets and URL userinfo replaced by ***: for text the CLI writes to files. */
  scrub(text: string): string;
}

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

export interface IOOptions {
  noColor?: boolean;
  noInput?: boolean;
  env: NodeJS.ProcessEnv;
  /** The host's streams (core/host.ts). */
  streams: Streams;
}

export function colorPolicy(isTTY: boolean, env: NodeJS.ProcessEnv, noColor?: boolean): boolean {
  if (noColor) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (env.TERM === 'dumb') return false;
  return isTTY;
}

const line = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);

export function createIO(opts: IOOptions): IO {
  const { env, streams: s } = opts;
  const { stdout, stderr } = s;
  const stdoutIsTTY = s.tty.stdout;
  const stderrIsTTY = s.tty.stderr;
  // stdin is read only by commands that read it or may prompt (the process host builds it then).
  const stdinTTY = () => s.tty.stdin;
  const ci = env.CI !== undefined && env.CI !== '' && env.CI !== 'false' && env.CI !== '0';
  const secrets: string[] = [];
  const exact = (text: string) => scrub(text, secrets);
  const clean = (text: string) => redactUrls(exact(text));
  const sanitized = (parts: Part[], sanitize: (s: string) => string) => parts.map((p) => (typeof p === 'string' ? sanitize(p) : p.text)).join('');
  const joined = (parts: Part[], sanitize: (s: string) => string) => clean(sanitized(parts, sanitize));
  const human = (parts: Part[]) => line(joined(parts, sanitizeText));
  const color = colorPolicy(stdoutIsTTY, env, opts.noColor);
  return {
    stdout,
    stderr,
    get stdin() {
      return s.stdin;
    },
    stdoutIsTTY,
    stderrIsTTY,
    get stdinIsTTY() {
      return stdinTTY();
    },
    color,
    get canPrompt() {
      return stdoutIsTTY && !opts.noInput && !ci && stdinTTY();
    },
    columns: s.columns || Number(env.COLUMNS) || 100,
    out: (...parts) => void stdout.write(human(parts)),
    // Cleaned once, whole: the same bytes as line by line (no secret holds a line break, and no URL's userinfo does).
    outLines: (lines) => void stdout.write(clean(lines.map((parts) => line(sanitized(parts, sanitizeText))).join(''))),
    err: (...parts) => void stderr.write(human(parts)),
    redraw: (...parts) => void stderr.write(`\r${joined(parts, sanitizeCell)}\u001b[K`),
    async spinner(text) {
      // A terminal that reports no width (some pseudo-terminals) makes ora clear lines forever.
      if (!stderrIsTTY || !((stderr as NodeJS.WriteStream).columns > 0)) return undefined;
      const { default: ora } = await import('ora');
      // ora writes its text as it is: cleaned here, like every other line.
      const spin = ora({ text: joined([text], sanitizeCell), stream: stderr, color: 'cyan', isEnabled: true }).start();
      return { update: (t) => void (spin.text = joined([t], sanitizeCell)), stop: () => void spin.stop() };
    },
    data: (text, to) => void (to === 'stderr' ? stderr.write(line(escapeC1(clean(text)))) : stdout.write(line(escapeC1(exact(text))))),
    paint: (code, text) => new Styled(color ? `\u001b[${code}m${text}\u001b[39m` : text),
    secret(value) {
      if (value && !secrets.includes(value)) secrets.push(value);
      return value;
    },
    scrub: clean,
  };
}
