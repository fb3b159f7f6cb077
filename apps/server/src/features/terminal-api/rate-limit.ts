import { Code, texts } from '@igs/contract';
import { ApiError } from '../../platform/http/errors.ts';

/**
 * A fixed-window counter per key (an address for register, a terminal for the other calls), kept
 * in memory: it only has to stop a runaway or hostile box from flooding the database, so each
 * instance counting its own share is enough. Old windows are dropped as new ones start.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly maxKeys: number;
  constructor(limit: number, windowMs: number, maxKeys = 10_000) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.maxKeys = maxKeys;
  }

  /** Counts a call; throws 429 (with the seconds to wait) once the key is over its limit. */
  take(key: string, now: number, what: string): void {
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      if (!w && this.windows.size >= this.maxKeys) this.prune(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (w.count > this.limit) {
      const retry = Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000));
      throw new ApiError(
        Code.rateLimited,
        texts('terminal.tooManyCalls', { what, limit: this.limit, seconds: this.windowMs / 1000, retry }),
        { retry_after_s: retry },
      );
    }
  }

  private prune(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(k);
    // Still full (a flood of distinct keys): start over rather than grow without bound.
    if (this.windows.size >= this.maxKeys) this.windows.clear();
  }
}
