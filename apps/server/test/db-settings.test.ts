import net from 'node:net';
import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { dbPoolSettings, loadConfig } from '../src/platform/config.ts';
import { type Db, openDatabase } from '../src/platform/db/database.ts';
import { databaseUnavailable } from '../src/platform/db/unavailable.ts';
import { adminQuery, postgresUnavailable, scratchDatabase } from './support/postgres.ts';

/**
 * The PostgreSQL pool settings (DB_*, config.ts) and the shutdown grace: read from the
 * environment with their defaults, bad values refused by name, and each one taking effect on
 * the connections the server opens.
 */

describe('database settings from the environment', () => {
  it('has the documented defaults', () => {
    expect(dbPoolSettings({})).toEqual({
      size: 10,
      statementTimeoutMs: 30_000,
      idleInTransactionTimeoutMs: 60_000,
      connectTimeoutMs: 5_000,
      idleTimeoutMs: 30_000,
    });
    expect(loadConfig({}, []).shutdownGraceS).toBe(20);
  });

  it('reads each variable', () => {
    expect(
      dbPoolSettings({
        DB_POOL_SIZE: '25',
        DB_STATEMENT_TIMEOUT_MS: '5000',
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '7000',
        DB_CONNECT_TIMEOUT_MS: '1500',
        DB_IDLE_TIMEOUT_MS: '9000',
      }),
    ).toEqual({
      size: 25,
      statementTimeoutMs: 5000,
      idleInTransactionTimeoutMs: 7000,
      connectTimeoutMs: 1500,
      idleTimeoutMs: 9000,
    });
    expect(loadConfig({ GW_SHUTDOWN_GRACE_S: '45' }, []).shutdownGraceS).toBe(45);
  });

  it('refuses a bad value by naming the variable', () => {
    expect(() => dbPoolSettings({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE must be a positive number/);
    expect(() => dbPoolSettings({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
    expect(() => loadConfig({ GW_SHUTDOWN_GRACE_S: '-1' }, [])).toThrow(/GW_SHUTDOWN_GRACE_S/);
  });
});

const reason = await postgresUnavailable();
if (reason) console.warn(`SKIPPED "database settings [postgres]": ${reason}`);

describe.skipIf(reason !== null)('database settings [postgres]', () => {
  const opened: Db[] = [];
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const db of opened) await db.close().catch(() => {});
    for (const drop of drops) await drop().catch(() => {});
  });
  const open = async (pg: Parameters<typeof openDatabase>[0]['pg']) => {
    const scratch = await scratchDatabase();
    drops.push(scratch.drop);
    const db = openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir(), pg });
    opened.push(db);
    return { db, url: scratch.url, name: new URL(scratch.url).pathname.slice(1) };
  };

  it('cancels a statement past DB_STATEMENT_TIMEOUT_MS and sets the idle-in-transaction timeout', async () => {
    const { db } = await open({ statementTimeoutMs: 300, idleInTransactionTimeoutMs: 1500 });
    await expect(sql`select pg_sleep(2)`.execute(db.kysely)).rejects.toMatchObject({ code: '57014' });
    const shown = await sql<{
      idle_in_transaction_session_timeout: string;
    }>`show idle_in_transaction_session_timeout`.execute(db.kysely);
    expect(shown.rows[0]!.idle_in_transaction_session_timeout).toBe('1500ms');
  });

  it('opens at most DB_POOL_SIZE connections however many queries wait', async () => {
    const { db, url, name } = await open({ size: 2 });
    const running = Promise.all(
      Array.from({ length: 6 }, () => sql`select pg_sleep(0.4)`.execute(db.kysely)),
    );
    await new Promise((r) => setTimeout(r, 200));
    const seen = await adminQuery(
      url,
      `select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
      [name],
    );
    await running;
    expect(seen.rows[0].n).toBe(2);
  });

  it('gives up connecting after DB_CONNECT_TIMEOUT_MS, as "database unavailable"', async () => {
    // A "server" that takes the connection and never answers.
    const sockets: net.Socket[] = [];
    const silent = net.createServer((s) => sockets.push(s.on('error', () => {})));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    const db = openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/none`,
      dataDir: os.tmpdir(),
      pg: { connectTimeoutMs: 300 },
      onConnectionLost: () => {},
    });
    try {
      const failure = await sql`select 1`.execute(db.kysely).then(
        () => null,
        (e: unknown) => e,
      );
      expect(failure).not.toBeNull();
      expect(databaseUnavailable(failure)).toBe(true);
      await expect(db.ping(1000)).rejects.toThrow();
    } finally {
      await db.close().catch(() => {});
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
