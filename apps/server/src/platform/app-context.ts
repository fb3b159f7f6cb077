import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { FileStore } from './files/store.ts';
import type { MachineIdentity } from './licence/machine.ts';

/** What every feature needs: the database, the configuration, a logger and the clock. */
export interface AppContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** Injectable clock so tests can move time (session expiry, lockout windows). */
  now: () => number;
  /** Caches that clear_cache empties; each feature registers its own. */
  caches: Map<string, { clear(): void }>;
  /** Draws a captcha: its text and SVG. Injectable so tests know the code. */
  makeCaptcha: () => { text: string; data: string };
  /** Where files are kept (uploads, exports, backups, the licence, packages): platform/files. */
  files: FileStore;
  /** This instance's machine when it is not read from the host (tests: each instance its own). */
  machine?: Promise<MachineIdentity>;
}
