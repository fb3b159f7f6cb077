import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
import { LOCK_KEYS } from './lock-keys.ts';
import { initial } from './migrations/001-initial.ts';
import { uploads } from './migrations/002-uploads.ts';
import { logIndexes } from './migrations/003-log-indexes.ts';
import { diskRoles } from './migrations/004-disk-roles.ts';
import { accountsScheduler } from './migrations/005-accounts-scheduler.ts';
import { backupsUpgrades } from './migrations/006-backups-upgrades.ts';
import { configDocs } from './migrations/008-config-docs.ts';
import { voiceSettings } from './migrations/009-voice-settings.ts';
import { moduleExtras } from './migrations/010-module-extras.ts';
import { logCoveringIndex } from './migrations/011-log-covering-index.ts';
import { outreach } from './migrations/012-outreach.ts';
import { dropEarlyCountTables } from './migrations/013-drop-early-count-tables.ts';
import { appMenuChoices } from './migrations/014-app-menu-choices.ts';
import { explorer } from './migrations/015-explorer.ts';
import { deviceTasks } from './migrations/019-device-tasks.ts';
import { terminalCredentials } from './migrations/020-terminal-credentials.ts';
import { credentialsThatEnd } from './migrations/021-credentials-that-end.ts';
import { signInGuards } from './migrations/022-sign-in-guards.ts';
import { deviceSecrets } from './migrations/023-device-secrets.ts';
import { uploadOwnerIndex } from './migrations/024-upload-owner-index.ts';
import { explicitAllSites } from './migrations/025-explicit-all-sites.ts';
import { handoffSession } from './migrations/026-handoff-session.ts';
import { terminalOnlineDays } from './migrations/027-terminal-online-days.ts';
import { tr069Parameters } from './migrations/028-tr069-parameters.ts';
import { acApClients } from './migrations/029-ac-ap-clients.ts';
import { schedulerLeases } from './migrations/030-scheduler-leases.ts';
import { cwmpFleet } from './migrations/031-cwmp-fleet.ts';
import { fileStore } from './migrations/032-file-store.ts';
import { siteRegistry } from './migrations/033-site-registry.ts';
import { homeSiteFigures } from './migrations/034-home-site-figures.ts';
import { serverInstances } from './migrations/035-server-instances.ts';
import { preparingPool } from './pg-prepared.ts';
import type { Database } from './schema.ts';
import { nodeSqliteDialect } from './sqlite-dialect.ts';
import { WriteCounter } from './write-counter.ts';

export type DialectKind = 'sqlite' | 'postgres';

/** The tables and dialect a schema step works on (migrations, resource tables). */
export interface SchemaDb {
  kysely: Kysely<Database>;
  kind: DialectKind;
}

export interface Db extends SchemaDb {
  /** Writes this process has made per table (caches of rows compare it, see write-counter.ts). */
  writes: WriteCounter;
  /** The PostgreSQL pool, whose counts GET /metrics reports (platform/observability); none on SQLite. */
  readonly pool?: pg.Pool;
  /**
   * Calls `listener` with the seconds each query or transaction waited for a connection of the
   * pool (GET /metrics' igs_db_pool_wait_seconds); none on SQLite.
   */
  onPoolWait?(listener: (seconds: number) => void): void;
  /**
   * Answers once the database runs a `select 1` within `timeoutMs` (the readiness check); throws
   * otherwise. On PostgreSQL it uses a connection of its own, so a busy pool does not fail it.
   */
  ping(timeoutMs: number): Promise<void>;
  /**
   * Runs a schema step (migrations, the resource tables) so that no other instance runs one at
   * the same time: on PostgreSQL under a session advisory lock held by a connection of its own for
   * the whole step, with no statement timeout (a migration may take long); the step's queries go
   * through that connection. SQLite has one instance per file: the step simply runs.
   */
  underSchemaLock<T>(step: (schema: SchemaDb) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PostgreSQL settings (config.ts DbPoolSettings); defaults when unset. */
export interface PgSettings {
  size: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
}

const PG_DEFAULTS: PgSettings = {
  size: 10,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
  connectTimeoutMs: 5_000,
  idleTimeoutMs: 30_000,
};

// int8 (bigint) columns hold epoch milliseconds, which fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * Every pg Client must have an 'error' listener all its life: the pool listens only while a
 * client is idle, and a connection lost while a client is checked out (a restart or failover of
 * PostgreSQL, pg_terminate_backend) would otherwise be an unhandled 'error' event that ends the
 * process. The query in flight gets the error too and its caller handles it; the pool drops the
 * client when it comes back broken, and opens new ones as they are needed.
 */
function listenForLoss(client: pg.Client, lost: (err: Error) => void): void {
  client.on('error', lost);
}

function watchedPool(config: pg.PoolConfig, lost: (err: Error) => void): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('connect', (client) => listenForLoss(client, lost));
  // pg-pool re-emits an idle client's error on the pool: handled here as well.
  pool.on('error', lost);
  return pool;
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded SQLite file under dataDir. */
export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  pg?: Partial<PgSettings> | undefined;
  /** Where a lost connection is reported (one line each); stderr when unset. */
  onConnectionLost?: (err: Error) => void;
}): Db {
  if (opts.databaseUrl) {
    const connectionString = opts.databaseUrl;
    const s: PgSettings = { ...PG_DEFAULTS, ...opts.pg, ...(opts.poolSize ? { size: opts.poolSize } : {}) };
    const lost =
      opts.onConnectionLost ?? ((err: Error) => console.error(`database connection lost: ${err.message}`));
    const pool = watchedPool(
      {
        connectionString,
        max: s.size,
        connectionTimeoutMillis: s.connectTimeoutMs,
        idleTimeoutMillis: s.idleTimeoutMs,
        statement_timeout: s.statementTimeoutMs,
        idle_in_transaction_session_timeout: s.idleInTransactionTimeoutMs,
        // TCP keepalive: a connection to a server that vanished (failover) is found dead.
        keepAlive: true,
      },
      lost,
    );
    // The readiness check's own connection: a pool busy with slow calls does not make it fail.
    const probe = watchedPool(
      {
        connectionString,
        max: 1,
        connectionTimeoutMillis: s.connectTimeoutMs,
        idleTimeoutMillis: s.idleTimeoutMs,
        keepAlive: true,
      },
      lost,
    );
    const writes = new WriteCounter();
    const waitListeners: ((seconds: number) => void)[] = [];
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: preparingPool(pool, (ms) => {
          for (const listener of waitListeners) listener(ms / 1000);
        }),
      }),
      plugins: [writes],
    });
    return {
      kysely,
      kind: 'postgres',
      writes,
      pool,
      onPoolWait(listener) {
        waitListeners.push(listener);
      },
      async ping(timeoutMs) {
        await withTimeout(probe.query('select 1'), timeoutMs, 'database');
      },
      underSchemaLock: (step) =>
        underAdvisoryLock({ connectionString, connectTimeoutMs: s.connectTimeoutMs, lost, writes }, step),
      async close() {
        await kysely.destroy();
        await probe.end();
      },
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'gateway.sqlite');
  const sqlite = new DatabaseSync(file, { timeout: 5000 });
  // WAL lets readers run beside the writer; foreign keys are off by default in SQLite.
  sqlite.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON;');
  // Planner statistics, as SQLite recommends for long-lived connections: at open and then hourly.
  // Without them a filtered, sorted list may pick the wrong index (docs/performance.md).
  sqlite.exec('PRAGMA optimize = 0x10002;');
  const optimizer = setInterval(() => sqlite.exec('PRAGMA optimize;'), 3_600_000);
  optimizer.unref();
  const writes = new WriteCounter();
  const kysely = new Kysely<Database>({ dialect: nodeSqliteDialect(sqlite), plugins: [writes] });
  return {
    kysely,
    kind: 'sqlite',
    writes,
    async ping() {
      await sql`select 1`.execute(kysely);
    },
    underSchemaLock: (step) => step({ kysely, kind: 'sqlite' }),
    close: () => {
      clearInterval(optimizer);
      return kysely.destroy();
    },
  };
}

/**
 * Runs `step` while holding the schema advisory lock on a dedicated connection: every instance
 * starting at once waits here for the one ahead of it, then finds the work done (each step is
 * idempotent). The lock is a session lock, so it is released when the step ends or, should this
 * process die, when PostgreSQL closes its connection.
 */
async function underAdvisoryLock<T>(
  opts: {
    connectionString: string;
    connectTimeoutMs: number;
    lost: (err: Error) => void;
    writes: WriteCounter;
  },
  step: (schema: SchemaDb) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({
    connectionString: opts.connectionString,
    connectionTimeoutMillis: opts.connectTimeoutMs,
  });
  listenForLoss(client, opts.lost);
  await client.connect();
  // Kysely over this one connection: its "pool" hands out the same client and never releases it.
  const session = {
    connect: async () => ({ query: client.query.bind(client), release() {} }),
    end: async () => {},
  };
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: session as never }),
    plugins: [opts.writes],
  });
  try {
    await client.query('select pg_advisory_lock($1)', [LOCK_KEYS.schema]);
    return await step({ kysely, kind: 'postgres' });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [LOCK_KEYS.schema]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/** Every migration in order; each is written once for both dialects. */
export function migrations(kind: DialectKind): Record<string, Migration> {
  return {
    '001-initial': initial(kind),
    '002-uploads': uploads(kind),
    '003-log-indexes': logIndexes,
    '004-disk-roles': diskRoles(kind),
    '005-accounts-scheduler': accountsScheduler(kind),
    '006-backups-upgrades': backupsUpgrades(kind),
    '008-config-docs': configDocs(kind),
    '009-voice-settings': voiceSettings(kind),
    '010-module-extras': moduleExtras(kind),
    '011-log-covering-index': logCoveringIndex,
    '013-drop-early-count-tables': dropEarlyCountTables,
    '012-outreach': outreach(kind),
    '014-app-menu-choices': appMenuChoices,
    '015-explorer': explorer(kind),
    '019-device-tasks': deviceTasks(kind),
    '020-terminal-credentials': terminalCredentials(kind),
    '021-credentials-that-end': credentialsThatEnd(kind),
    '022-sign-in-guards': signInGuards(kind),
    '023-device-secrets': deviceSecrets(kind),
    '024-upload-owner-index': uploadOwnerIndex,
    '025-explicit-all-sites': explicitAllSites,
    '026-handoff-session': handoffSession,
    '027-terminal-online-days': terminalOnlineDays,
    '028-tr069-parameters': tr069Parameters(kind),
    '029-ac-ap-clients': acApClients(kind),
    '030-scheduler-leases': schedulerLeases(kind),
    '031-cwmp-fleet': cwmpFleet(kind),
    '032-file-store': fileStore(kind),
    '033-site-registry': siteRegistry(kind),
    '034-home-site-figures': homeSiteFigures(kind),
    '035-server-instances': serverInstances(kind),
  };
}

export async function migrateToLatest(db: SchemaDb): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(db.kind) };
  // Features add their own numbered migrations and may land in any order; each is independent of the
  // others' tables, so one applied after a higher-numbered one is fine.
  const migrator = new Migrator({ db: db.kysely, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
