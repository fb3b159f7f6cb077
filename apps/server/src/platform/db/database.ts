import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresDialect } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import pg from 'pg';
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
import { preparingPool } from './pg-prepared.ts';
import type { Database } from './schema.ts';
import { nodeSqliteDialect } from './sqlite-dialect.ts';
import { WriteCounter } from './write-counter.ts';

export type DialectKind = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  kind: DialectKind;
  /** Writes this process has made per table (caches of rows compare it, see write-counter.ts). */
  writes: WriteCounter;
  close(): Promise<void>;
}

// int8 (bigint) columns hold epoch milliseconds, which fit in a JS number.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens PostgreSQL when a URL is given, otherwise the embedded SQLite file under dataDir. */
export function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
}): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process.
    pool.on('error', (err) => console.error(`database connection lost: ${err.message}`));
    const writes = new WriteCounter();
    const kysely = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: preparingPool(pool) }),
      plugins: [writes],
    });
    return { kysely, kind: 'postgres', writes, close: () => kysely.destroy() };
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
    close: () => {
      clearInterval(optimizer);
      return kysely.destroy();
    },
  };
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
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
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
