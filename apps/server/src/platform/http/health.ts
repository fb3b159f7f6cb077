import { Code, Paths } from '@igs/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';

/**
 * The two probes a load balancer or orchestrator asks, outside sign-in and the rate limits (their
 * paths are under no API prefix, http/rate-limits.ts):
 * - `/healthz`: the process is alive and serving HTTP. 200 even when the database is down, so that
 *   an outage does not get every instance restarted (restarting would not bring the database back).
 * - `/readyz`: this instance can serve calls now: its schema step is done, it is not shutting
 *   down, and the database answers a `select 1` within a short time. 503 with the reason otherwise,
 *   so the balancer sends calls elsewhere until it answers 200 again.
 */

export interface Readiness {
  /** Migrations and the resource tables are done (buildServer sets it before listening). */
  schemaReady: boolean;
  /** Set by a shutdown (SIGTERM): the balancer should stop sending calls at once. */
  shuttingDown: boolean;
}

/** The readiness check's wait for the database, in ms (GW_READY_DB_TIMEOUT_MS, default 2000). */
function readyTimeoutMs(): number {
  const v = Number(process.env.GW_READY_DB_TIMEOUT_MS);
  return Number.isFinite(v) && v > 0 ? v : 2_000;
}

export function registerHealthRoutes(
  fastify: FastifyInstance,
  db: Db,
  readiness: Readiness,
  version: string,
): void {
  fastify.get(Paths.health, async () => ({
    code: Code.ok,
    msg: 'ok',
    data: { version, database: db.kind },
  }));
  fastify.get(Paths.ready, async (_req, reply) => {
    const notReady = (reason: string, detail?: string) =>
      reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({
          code: Code.unavailable,
          msg: reason,
          data: { ready: false, reason, ...(detail ? { detail } : {}), database: db.kind },
        });
    if (readiness.shuttingDown) return notReady('shutting_down');
    if (!readiness.schemaReady) return notReady('migrating');
    try {
      await db.ping(readyTimeoutMs());
    } catch (e) {
      return notReady('database_unreachable', (e as Error).message.slice(0, 200));
    }
    return reply
      .header('cache-control', 'no-store')
      .send({ code: Code.ok, msg: 'ready', data: { ready: true, version, database: db.kind } });
  });
}
