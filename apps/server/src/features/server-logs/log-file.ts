import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../platform/config.ts';
import type { Db } from '../../platform/db/database.ts';
import { DEFAULT_KEEP_DAYS, localDate, purgeOldLogs } from './log-files.ts';

/**
 * The server's own pino log, written to stdout as before and also to
 * `${DATA_DIR}/logs/server-YYYY-MM-DD.log`, one file per local day. Writes are synchronous (as
 * pino's stdout is): a line is on disk before the next one is taken, and nothing is lost on exit.
 */

export interface DailyLogOptions {
  dir: string;
  /** Where the lines go besides the file (stdout in production, nothing in tests). */
  echo?: { write(line: string): unknown } | null;
  now?: () => number;
  /** Days kept, asked at every change of day; older files are deleted then. */
  keepDays?: () => Promise<number>;
}

export interface DailyLogStream {
  write(line: string): void;
  /** The file being written, or null when it could not be opened. */
  currentFile(): string | null;
  close(): void;
}

export function createDailyLogStream(opts: DailyLogOptions): DailyLogStream {
  const now = opts.now ?? Date.now;
  const echo = opts.echo === undefined ? process.stdout : opts.echo;
  let day = '';
  let fd: number | null = null;
  let file: string | null = null;
  let reported = false;

  function open(newDay: string): void {
    if (fd !== null) fs.closeSync(fd);
    fd = null;
    day = newDay;
    file = path.join(opts.dir, `server-${newDay}.log`);
    try {
      fs.mkdirSync(opts.dir, { recursive: true });
      fd = fs.openSync(file, 'a', 0o640);
    } catch (e) {
      file = null;
      // The log still goes to stdout; say once why the file is missing.
      if (!reported)
        process.stderr.write(`server log file not writable in ${opts.dir}: ${(e as Error).message}\n`);
      reported = true;
    }
    const keep = opts.keepDays ?? (async () => DEFAULT_KEEP_DAYS);
    void keep()
      .catch(() => DEFAULT_KEEP_DAYS)
      .then((n) => purgeOldLogs(opts.dir, n, now()))
      .catch(() => {});
  }

  return {
    write(line: string) {
      echo?.write(line);
      const today = localDate(now());
      if (today !== day) open(today);
      if (fd === null) return;
      try {
        fs.writeSync(fd, line);
      } catch {
        // Disk full or file removed under us: stdout still has the line; reopen next day.
      }
    },
    currentFile: () => file,
    close() {
      if (fd !== null) fs.closeSync(fd);
      fd = null;
    },
  };
}

/** Days kept, from the settings table (system/logging server_log_config_form). */
export function keepDaysFrom(db: Db): () => Promise<number> {
  return async () => {
    const row = await db.kysely
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'server_log_keep_days')
      .executeTakeFirst();
    const n = Number(row?.value);
    return Number.isInteger(n) && n >= 1 ? n : DEFAULT_KEEP_DAYS;
  };
}

/** Fastify's logger options: the configured level, lines to stdout and to the daily file. */
export function serverLogger(config: Config, db: Db) {
  return {
    level: config.logLevel,
    stream: createDailyLogStream({ dir: path.join(config.dataDir, 'logs'), keepDays: keepDaysFrom(db) }),
  };
}
