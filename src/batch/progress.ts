// Progress on stderr: a redrawn bar with rate and ETA on a TTY, a status line every few
// seconds otherwise (logs stay readable and small).
import { Styled, type IO } from '../core/io.js';

export interface Counts {
  sent: number;
  failed: number;
  uncertain: number;
  skipped: number;
}

export function formatDuration(s: number): string {
  if (!Number.isFinite(s)) return '?';
  s = Math.round(s);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

export function progressBar(done: number, total: number | undefined, rate: number, width = 24): string {
  const ratio = total ? Math.min(1, done / total) : 0;
  const filled = Math.round(ratio * width);
  const eta = total && rate > 0 ? formatDuration((total - done) / rate) : '?';
  const of = total ? `/${total} ${Math.floor(ratio * 100)}%` : '';
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}${of} ${rate.toFixed(0)}/s ETA ${eta}`;
}

export function statusLine(label: string, c: Counts, rate: number, elapsedS: number): string {
  const done = c.sent + c.failed + c.uncertain;
  return `${label}: ${done} done (${c.sent} sent, ${c.failed} failed, ${c.uncertain} uncertain${c.skipped ? `, ${c.skipped} skipped` : ''}) in ${formatDuration(elapsedS)}, ${rate.toFixed(0)}/s`;
}

export class Progress {
  private timer?: NodeJS.Timeout;
  private readonly started = performance.now();
  total?: number;

  constructor(
    private readonly io: IO,
    private readonly label: string,
    private readonly counts: Counts,
    private readonly intervalMs = io.stderrIsTTY ? 200 : 5000,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.draw(), this.intervalMs);
    this.timer.unref();
  }

  elapsedS(): number {
    return (performance.now() - this.started) / 1000;
  }

  rate(): number {
    const c = this.counts;
    return (c.sent + c.failed + c.uncertain) / Math.max(this.elapsedS(), 0.001);
  }

  /** A message above the bar (the bar is redrawn on the next tick). */
  note(line: string): void {
    this.io.err(new Styled(this.io.stderrIsTTY ? '\r\u001b[K' : ''), line);
  }

  private draw(): void {
    const c = this.counts;
    if (this.io.stderrIsTTY) {
      const done = c.sent + c.failed + c.uncertain + c.skipped;
      this.io.redraw(`${this.label} ${progressBar(done, this.total, this.rate())}`);
    } else {
      this.io.err(statusLine(this.label, c, this.rate(), this.elapsedS()));
    }
  }

  stop(): void {
    clearInterval(this.timer);
    if (this.io.stderrIsTTY) this.io.redraw();
  }
}
