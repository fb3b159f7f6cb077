import os from 'node:os';
import type { AppContext } from '../app-context.ts';
import type { Service } from '../feature.ts';
import { VERSION } from '../version.ts';
import { machineOf } from './machine.ts';

/**
 * The instances of the deployment and the machines they run on (issue 17: a licence for a fleet).
 * Every instance writes its machine code, host name and version to `server_instances` (migration
 * 035) when it starts and every INSTANCE_BEAT_MS after; the row is the machine's, so two processes
 * on one machine share it. A row not renewed for INSTANCE_GONE_MS is shown as gone (its instance
 * stopped, crashed or lost the database), not deleted at once: it leaves when it has not been seen
 * for INSTANCE_FORGET_MS. The machine-code request names every current machine, and the licence
 * page says which of them the licence covers.
 */

export const INSTANCE_BEAT_MS = 30_000;
/** Four beats missed: the instance is gone. */
export const INSTANCE_GONE_MS = 4 * INSTANCE_BEAT_MS + 10_000;
/** A gone instance's row stays this long, for the licence page to show it. */
export const INSTANCE_FORGET_MS = 30 * 86_400_000;

export interface InstanceRow {
  machine_code: string;
  hostname: string;
  version: string;
  first_seen_at: number;
  last_seen_at: number;
  /** Seen within INSTANCE_GONE_MS. */
  current: boolean;
  /** The instance answering this call. */
  self: boolean;
}

/**
 * Writes this instance's row (inserted, or its host name, version and last_seen_at renewed) and
 * removes rows not seen for INSTANCE_FORGET_MS. An instance without a machine code writes nothing.
 */
export async function recordInstance(app: AppContext): Promise<void> {
  const machine = await machineOf(app);
  if (!machine.code) return;
  const now = app.now();
  const hostname = os.hostname().slice(0, 255);
  await app.db.kysely
    .insertInto('server_instances')
    .values({ machine_code: machine.code, hostname, version: VERSION, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) =>
      oc.column('machine_code').doUpdateSet({ hostname, version: VERSION, last_seen_at: now }),
    )
    .execute();
  await app.db.kysely
    .deleteFrom('server_instances')
    .where('last_seen_at', '<', now - INSTANCE_FORGET_MS)
    .execute();
}

/**
 * The instances known, current ones first (then by host name). The caller's own instance is
 * always there and current, even before its first beat has been written.
 */
export async function listInstances(app: AppContext): Promise<InstanceRow[]> {
  const now = app.now();
  const own = (await machineOf(app)).code;
  const rows = await app.db.kysely
    .selectFrom('server_instances')
    .select(['machine_code', 'hostname', 'version', 'first_seen_at', 'last_seen_at'])
    .execute();
  const out: InstanceRow[] = rows.map((r) => {
    const lastSeen = Number(r.last_seen_at);
    const self = r.machine_code === own;
    return {
      machine_code: r.machine_code,
      hostname: r.hostname,
      version: r.version,
      first_seen_at: Number(r.first_seen_at),
      last_seen_at: self ? Math.max(lastSeen, now) : lastSeen,
      current: self || now - lastSeen <= INSTANCE_GONE_MS,
      self,
    };
  });
  if (own && !out.some((r) => r.self))
    out.push({
      machine_code: own,
      hostname: os.hostname(),
      version: VERSION,
      first_seen_at: now,
      last_seen_at: now,
      current: true,
      self: true,
    });
  return out.sort(
    (a, b) =>
      Number(b.current) - Number(a.current) ||
      a.hostname.localeCompare(b.hostname) ||
      a.machine_code.localeCompare(b.machine_code),
  );
}

/** This instance's beat: a first write at once, then every INSTANCE_BEAT_MS; failures are logged. */
export function startInstanceBeat(app: AppContext): Service {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = recordInstance(app)
      .catch((err) => app.log.warn({ err }, 'recording this instance failed'))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, INSTANCE_BEAT_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
