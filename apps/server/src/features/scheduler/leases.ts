import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../platform/app-context.ts';

/**
 * The lease of a running scheduled task (docs/deployment/scheduler.md). The run row names the
 * instance running it and when that instance last renewed it; an instance renews the runs it is
 * running every heartbeat, and any instance that sees a run not renewed for two heartbeats takes
 * its instance for dead. The lease watch looks twice a heartbeat, so a dead instance's run ends
 * within two and a half heartbeats of its last one (50 s with the default 20 s).
 */

export interface LeaseTimes {
  /** How often a running job's lease is renewed. */
  heartbeatMs: number;
  /** A run whose lease is older than this is taken to have lost its instance: two heartbeats. */
  expiresAfterMs: number;
  /** How often the lease watch looks for such runs. */
  watchEveryMs: number;
}

export const DEFAULT_HEARTBEAT_S = 20;

export function leaseTimes(app: AppContext): LeaseTimes {
  const heartbeatMs = (app.config.schedulerHeartbeatS ?? DEFAULT_HEARTBEAT_S) * 1000;
  return { heartbeatMs, expiresAfterMs: 2 * heartbeatMs, watchEveryMs: heartbeatMs / 2 };
}

/**
 * A new id for one server process's scheduler: random, with the host name and process id in front
 * so that an operator reading "instance … stopped answering" knows which machine it was.
 */
export function newInstanceId(): string {
  const host =
    os
      .hostname()
      .replace(/[^A-Za-z0-9.-]/g, '')
      .slice(0, 40) || 'host';
  return `${host}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/** The `partial` column as a list, and back (one entry a line). */
export function partialEntries(column: string | null | undefined): string[] {
  return String(column ?? '')
    .split('\n')
    .filter(Boolean);
}
