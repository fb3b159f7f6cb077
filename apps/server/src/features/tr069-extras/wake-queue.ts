import type { AppContext } from '../../platform/app-context.ts';
import type { Service } from '../../platform/feature.ts';
import { itmsConfig } from '../../platform/settings/itms-config.ts';
import { noteOnTask, TASKS } from '../device-tasks/index.ts';
import { connectionRequest, UnreachableError } from './connection-request.ts';

/**
 * The paced connection requests of a batch of tasks (issue 15 item 4): every CPE a batch names
 * is woken, at most ITMS `cr_per_second` requests starting in any second (a token bucket holding
 * one second's worth), so a batch of hundreds neither floods the LAN nor waits for the periodic
 * informs. The verb sends what the bucket allows at once (its answer tells how those went); the
 * rest wait here, in order, and each attempt's outcome is noted on its task (`wake`).
 *
 * Bounded: the queue holds MAX_QUEUED devices (beyond that a device is left to its periodic
 * inform, and its task says so), at most MAX_IN_FLIGHT requests are open at once, each with a
 * time-out, and a task not yet visible (its batch's transaction not committed) is tried
 * MAX_TRIES times. The queue lives in this process: a restart drops it, and the CPEs still take
 * their tasks at their next inform.
 */

export const MAX_QUEUED = 10_000;
const MAX_IN_FLIGHT = 64;
const MAX_TRIES = 5;
const RETRY_MS = 500;
export const KNOCK_TIMEOUT_MS = 3000;
const CACHE_KEY = 'tr069-wake-queue';

export interface WakeTarget {
  taskId: number;
  /** The CPE's device id, for the verb's answer. */
  deviceId: string;
  url: string;
}

export interface Knock {
  device_id: string;
  sent: boolean;
  http_status?: number;
  reason?: string;
  /** Waiting in the paced queue; its outcome is noted on the task. */
  queued?: boolean;
}

interface Waiting extends WakeTarget {
  tries: number;
}

/** One connection request, its outcome as the task keeps it. */
export async function knockOnce(url: string, user: string, pass: string): Promise<Omit<Knock, 'device_id'>> {
  try {
    const res = await connectionRequest(url, user, pass, KNOCK_TIMEOUT_MS);
    return { sent: res.status >= 200 && res.status < 300, http_status: res.status };
  } catch (e) {
    if (!(e instanceof UnreachableError)) throw e;
    return { sent: false, reason: e.reason };
  }
}

export class WakeQueue {
  private readonly waiting: Waiting[] = [];
  private tokens = 0;
  private refilledAt = 0;
  private rate = 10;
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Requests started since the queue was made (what a test counts). */
  started = 0;

  private readonly app: AppContext;
  private readonly clock: () => number;
  private readonly send: (w: WakeTarget) => Promise<void>;

  /** `send` wakes one device (default: check its task, knock, note the outcome); tests replace it. */
  constructor(app: AppContext, clock: () => number = Date.now, send?: (w: WakeTarget) => Promise<void>) {
    this.app = app;
    this.clock = clock;
    this.send = send ?? ((w) => this.wake(w as Waiting));
  }

  /** The pace, from ITMS; a new pace applies from the next request. */
  setRate(perSecond: number): void {
    const r = Math.min(1000, Math.max(1, Math.floor(perSecond) || 10));
    if (r !== this.rate) {
      this.rate = r;
      this.tokens = Math.min(this.tokens, r);
    }
  }

  private refill(): void {
    const now = this.clock();
    if (!this.refilledAt) this.tokens = this.rate;
    else this.tokens = Math.min(this.rate, this.tokens + ((now - this.refilledAt) * this.rate) / 1000);
    this.refilledAt = now;
  }

  /**
   * Takes the right to send up to `n` requests now: as many as the pace allows while nobody waits
   * before them (one reading of the clock, so a batch's share does not depend on how fast it asks).
   */
  take(n = 1): number {
    this.refill();
    if (this.waiting.length) return 0;
    const granted = Math.max(0, Math.min(n, Math.floor(this.tokens), MAX_IN_FLIGHT - this.inFlight));
    this.tokens -= granted;
    this.started += granted;
    return granted;
  }

  /** Queues devices to wake; returns those that did not fit (left to their periodic inform). */
  enqueue(targets: readonly WakeTarget[]): WakeTarget[] {
    const room = Math.max(0, MAX_QUEUED - this.waiting.length);
    for (const t of targets.slice(0, room)) this.waiting.push({ ...t, tries: 0 });
    this.pump();
    return targets.slice(room);
  }

  get length(): number {
    return this.waiting.length;
  }

  /** Starts what the pace allows now and sets a timer for the rest (the timer calls it again). */
  pump(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.refill();
    while (this.waiting.length && this.tokens >= 1 && this.inFlight < MAX_IN_FLIGHT) {
      this.tokens -= 1;
      this.started++;
      const next = this.waiting.shift()!;
      this.inFlight++;
      this.send(next)
        .catch((err: unknown) => this.app.log.error({ err }, 'connection request failed'))
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
    if (this.waiting.length && this.inFlight < MAX_IN_FLIGHT) {
      // The time until the bucket holds one request again.
      const wait = Math.max(5, Math.ceil(((1 - this.tokens) * 1000) / this.rate));
      this.timer = setTimeout(() => {
        this.timer = null;
        this.pump();
      }, wait);
      this.timer.unref();
    }
  }

  /** Wakes one device for a task that is (still) pending; the outcome is noted on the task. */
  private async wake(w: Waiting): Promise<void> {
    const db = this.app.db.kysely;
    const task = await db.selectFrom(TASKS).select('state').where('id', '=', w.taskId).executeTakeFirst();
    if (!task) {
      // Its batch's transaction is not committed yet (or was undone): try again a little later.
      // Spaced out (0.5 s, 1 s, …: at most RETRY_MS × 10 in all) so a slow commit is waited for.
      if (w.tries + 1 >= MAX_TRIES || this.stopped) return;
      setTimeout(
        () => {
          if (this.stopped) return;
          this.waiting.push({ ...w, tries: w.tries + 1 });
          this.pump();
        },
        RETRY_MS * (w.tries + 1),
      ).unref();
      return;
    }
    // Cancelled or already taken at an inform: nothing to wake the device for.
    if (task.state !== 'pending') return;
    const cfg = await itmsConfig(this.app);
    const outcome = await knockOnce(w.url, String(cfg.cr_username ?? ''), String(cfg.cr_password ?? ''));
    await noteOnTask(db, w.taskId, { wake: { at: this.app.now(), ...outcome } });
  }

  /** Drops what waits (the server stops, or a cache clear). */
  clear(): void {
    this.waiting.length = 0;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.clear();
  }
}

/** The app's wake queue, made by the tr069-extras service (bound to the app, not to a call's transaction). */
export function wakeQueueOf(app: AppContext): WakeQueue | undefined {
  return app.caches.get(CACHE_KEY) as WakeQueue | undefined;
}

/** The service that owns the queue while the server runs. */
export function startWakeQueue(app: AppContext): Service {
  // Paced by the wall clock: the app's clock may be moved by tests, the LAN's load may not.
  const queue = new WakeQueue(app);
  app.caches.set(CACHE_KEY, queue);
  return {
    stop() {
      queue.stop();
      if (app.caches.get(CACHE_KEY) === queue) app.caches.delete(CACHE_KEY);
    },
  };
}
