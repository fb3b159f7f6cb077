import { Code, JOB_TYPES } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../app-context.ts';

/**
 * The server's metrics in the Prometheus text format (served by metrics-route.ts), one registry
 * per server instance (several run in one process in the tests) plus one registry of the
 * process's own figures (prom-client's default metrics: event-loop lag, CPU, memory, GC), shared.
 *
 * Every label has a bounded set of values, so the number of series cannot grow with traffic: the
 * route is the pattern a request matched (an API path, `/admin.php/common/file/:id`, `/*` for the
 * console's files), never the URL as sent; methods, envelope codes, job types and run results
 * outside their known sets are counted as `other`. docs/deployment/metrics.md lists them all.
 */

/** Latency buckets (seconds): fine below 50 ms, where the lists' budget is (docs/performance.md). */
const LATENCY_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** How long one count of the terminals online serves scrapes (every instance counts the same rows). */
export const TERMINALS_ONLINE_TTL_MS = 5_000;
/** A count slower than this (a database in trouble) leaves the last figure in the scrape. */
const TERMINALS_ONLINE_WAIT_MS = 2_000;

const HTTP_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']);
const ENVELOPE_CODES = new Set<number>(Object.values(Code));
const JOB_TYPE_SET = new Set<string>(JOB_TYPES);
const RUN_RESULTS = new Set(['success', 'fail', 'skipped']);
const TERMINAL_TABLE = resourceByName('index:app_list').table;

export interface AppMetrics {
  readonly registry: Registry;
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly duration: Histogram<'method' | 'route'>;
  readonly envelopeCodes: Counter<'code'>;
  readonly schedulerRuns: Counter<'type' | 'result'>;
  readonly cwmpInforms: Counter;
  readonly cwmpSessions: Counter;
}

let processRegistry: Registry | undefined;

/** The process's own figures, collected once per process whatever the number of servers in it. */
export function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const BY_APP = new WeakMap<AppContext, AppMetrics>();

/** This server instance's metrics, made on first use (by the HTTP hooks, the scheduler or the ACS). */
export function metricsOf(app: AppContext): AppMetrics {
  let m = BY_APP.get(app);
  if (!m) {
    m = createMetrics(app);
    BY_APP.set(app, m);
  }
  return m;
}

function createMetrics(app: AppContext): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const metrics: AppMetrics = {
    registry,
    requests: new Counter({
      name: 'igs_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and HTTP status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    duration: new Histogram({
      name: 'igs_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its reply, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    envelopeCodes: new Counter({
      name: 'igs_http_envelope_codes_total',
      help: 'Codes of the JSON reply envelopes sent (200 ok; 1002, 1005, 403, 422, 503, 5000… refusals and errors)',
      labelNames: ['code'],
      registers,
    }),
    schedulerRuns: new Counter({
      name: 'igs_scheduler_runs_total',
      help: 'Scheduled-task runs this instance finished, by job type and result (success, fail, skipped)',
      labelNames: ['type', 'result'],
      registers,
    }),
    cwmpInforms: new Counter({
      name: 'igs_cwmp_informs_total',
      help: 'CWMP Inform messages received by this instance (accepted or not)',
      registers,
    }),
    cwmpSessions: new Counter({
      name: 'igs_cwmp_sessions_total',
      help: 'CWMP sessions this instance opened (an Inform accepted from a known or auto-registered CPE)',
      registers,
    }),
  };
  terminalsOnlineGauge(app, registry);
  poolGauges(app, registry);
  return metrics;
}

/**
 * Terminals online (the `online` flag the heartbeats and the offline sweep keep), counted when
 * scraped: one count query, kept TERMINALS_ONLINE_TTL_MS so frequent or concurrent scrapes cost
 * one query; a failing or slow count keeps the last figure rather than failing the whole scrape.
 */
function terminalsOnlineGauge(app: AppContext, registry: Registry): void {
  let value = 0;
  let countedAt = Number.NEGATIVE_INFINITY;
  let counting: Promise<void> | null = null;
  const count = async () => {
    const row = await sql<{
      n: number | string;
    }>`select count(*) as n from ${sql.table(TERMINAL_TABLE)} where online = 1`.execute(app.db.kysely);
    value = Number(row.rows[0]?.n ?? 0);
    countedAt = app.now();
  };
  new Gauge({
    name: 'igs_terminals_online',
    help: 'Terminals whose heartbeat is current (all sites; the same figure on every instance)',
    registers: [registry],
    async collect() {
      if (app.now() - countedAt >= TERMINALS_ONLINE_TTL_MS) {
        counting ??= count()
          .catch((err: unknown) => app.log.warn({ err }, 'metrics: terminals online not counted'))
          .finally(() => {
            counting = null;
          });
        await Promise.race([
          counting,
          new Promise((resolve) => setTimeout(resolve, TERMINALS_ONLINE_WAIT_MS).unref()),
        ]);
      }
      this.set(value);
    },
  });
}

/**
 * Pool-wait buckets (seconds): a free connection is handed out in well under a millisecond, a new
 * one opens in a few; anything in the upper buckets means calls queue for the pool, up to
 * DB_CONNECT_TIMEOUT_MS (5 s by default), where the call gives up with 503.
 */
const POOL_WAIT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The PostgreSQL pool's connections, read when scraped, and the time each query or transaction
 * waited for one. SQLite has no pool (one connection in the process, whose statements run one at
 * a time): these are then absent.
 */
function poolGauges(app: AppContext, registry: Registry): void {
  const pool = app.db.pool;
  if (!pool) return;
  const waits = new Histogram({
    name: 'igs_db_pool_wait_seconds',
    help: 'Time a query or transaction waited for a connection of the pool (a free one, a new one, or until DB_CONNECT_TIMEOUT_MS)',
    buckets: POOL_WAIT_BUCKETS,
    registers: [registry],
  });
  app.db.onPoolWait?.((seconds) => waits.observe(seconds));
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('igs_db_pool_max_connections', 'Connections the pool may open at most (DB_POOL_SIZE)', () =>
    Number(pool.options.max ?? 0),
  );
  gauge('igs_db_pool_connections', 'Connections open in the pool, in use or idle', () => pool.totalCount);
  gauge('igs_db_pool_idle_connections', 'Open connections not in use', () => pool.idleCount);
  gauge(
    'igs_db_pool_waiting_requests',
    'Queries waiting for a connection because every one is in use (above 0: the pool is the bottleneck)',
    () => pool.waitingCount,
  );
}

export const methodLabel = (method: string) => (HTTP_METHODS.has(method) ? method : 'OTHER');

/** The envelope code as a label: one of the contract's codes, or `other`. */
export const codeLabel = (code: number) => (ENVELOPE_CODES.has(code) ? String(code) : 'other');

/** One run of a scheduled task has ended (features/scheduler calls it where a run's result is recorded). */
export function countSchedulerRun(app: AppContext, type: string, result: string): void {
  metricsOf(app).schedulerRuns.inc({
    type: JOB_TYPE_SET.has(type) ? type : 'other',
    result: RUN_RESULTS.has(result) ? result : 'other',
  });
}

/** The ACS received an Inform (`inform`) or opened a session on one (`session`): features/cwmp. */
export function countCwmp(app: AppContext, what: 'inform' | 'session'): void {
  const m = metricsOf(app);
  (what === 'inform' ? m.cwmpInforms : m.cwmpSessions).inc();
}

/** The scrape: this instance's metrics, then the process's. */
export async function scrape(app: AppContext): Promise<{ contentType: string; body: string }> {
  const own = metricsOf(app).registry;
  const body = `${await own.metrics()}\n${await processMetrics().metrics()}`;
  return { contentType: own.contentType, body };
}
