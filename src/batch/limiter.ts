// Token bucket for --rate: at most `rate` requests a second, bursts of at most `burst`.
import { InterruptedError } from '../core/errors.js';

export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly rate: number,
    private readonly burst = 1,
    private readonly now = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Milliseconds to wait before a token is available (0 = take it now), and takes it. */
  reserve(): number {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.rate) / 1000);
    this.last = t;
    this.tokens -= 1;
    return this.tokens >= 0 ? 0 : (-this.tokens * 1000) / this.rate;
  }

  /** Wait for a token; rejects when `signal` aborts (its listener is removed either way). */
  async take(signal?: AbortSignal): Promise<void> {
    const wait = this.reserve();
    if (wait <= 0) return;
    await new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(new InterruptedError());
      const onAbort = () => (clearTimeout(t), reject(new InterruptedError()));
      const t = setTimeout(() => (signal?.removeEventListener('abort', onAbort), resolve()), wait);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
