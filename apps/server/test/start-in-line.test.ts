import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resources } from '@igs/contract/resources';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { buildServer } from '../src/app.ts';
import { loadConfig } from '../src/platform/config.ts';
import { type Db, openDatabase } from '../src/platform/db/database.ts';
import { indexNames } from '../src/platform/resources/storage.ts';
import { describeEachDb, scratchPostgres } from './support/server.ts';

/**
 * Every start brings the menus and the resource tables in line with the contract
 * (platform/menus/menu-sync.ts, platform/resources/storage.ts). A start on a database already in
 * line reads what is there and writes nothing: it rewrote every menu and its endpoints and buttons
 * and sent a `create index if not exists` for every index, some 2,500 statements on every start of
 * every instance. What is out of line is still put back.
 */

const MENU_TABLES = ['menus', 'menu_endpoints', 'menu_buttons'];
const INDEX = `${resources[0]!.table}_site_newest_idx`;

describeEachDb('a start on a database already in line', (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-start-in-line-'));
  let databaseUrl: string | undefined;
  let drop = async () => {};
  afterAll(async () => {
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Starts a server over the suite's database, runs `look` on its database, and closes it. */
  async function start<T>(look: (db: Db) => Promise<T>): Promise<T> {
    const db = openDatabase({ databaseUrl, dataDir, poolSize: 2 });
    const config = {
      ...loadConfig({ DATA_DIR: dataDir, GW_CAPTCHA: 'off', LOG_LEVEL: 'silent' }, []),
      databaseUrl,
      consoleDir: path.join(dataDir, 'no-console'),
    };
    const server = await buildServer({ config, db, logger: false });
    try {
      return await look(db);
    } finally {
      await server.close();
    }
  }

  it('writes no menu and builds no index; a menu, endpoint, button or index out of line is put back', async () => {
    if (kind === 'postgres') {
      const scratch = await scratchPostgres();
      databaseUrl = scratch.databaseUrl;
      drop = scratch.drop;
    }
    const first = await start(async (db) => ({
      indexes: (await indexNames(db.kysely, kind)).sort(),
      menus: await db.kysely.selectFrom('menus').selectAll().orderBy('id').execute(),
      endpoints: await db.kysely
        .selectFrom('menu_endpoints')
        .selectAll()
        .orderBy(['menu_id', 'path'])
        .execute(),
      buttons: await db.kysely.selectFrom('menu_buttons').selectAll().orderBy(['menu_id', 'key']).execute(),
    }));
    expect(first.indexes).toContain(INDEX);

    // Out of line: a menu's title, one endpoint gone, a button that is no menu's, an index dropped.
    const menu = first.menus.find((m) => m.name === 'Dashboard' && m.mode === 'full')!;
    const endpoint = first.endpoints[0]!;
    const buttonOf = first.buttons[0]!.menu_id;
    await start(async (db) => {
      await db.kysely
        .updateTable('menus')
        .set({ title_key: 'someone.elses' })
        .where('id', '=', menu.id)
        .execute();
      await db.kysely
        .deleteFrom('menu_endpoints')
        .where('menu_id', '=', endpoint.menu_id)
        .where('path', '=', endpoint.path)
        .execute();
      await db.kysely.insertInto('menu_buttons').values({ menu_id: buttonOf, key: 'stray:button' }).execute();
      await sql`drop index ${sql.id(INDEX)}`.execute(db.kysely);
    });

    const second = await start(async (db) => ({
      written: db.writes.count(MENU_TABLES),
      indexes: (await indexNames(db.kysely, kind)).sort(),
      menu: await db.kysely.selectFrom('menus').selectAll().where('id', '=', menu.id).executeTakeFirst(),
      endpoints: await db.kysely
        .selectFrom('menu_endpoints')
        .select('path')
        .where('menu_id', '=', endpoint.menu_id)
        .execute(),
      buttons: await db.kysely
        .selectFrom('menu_buttons')
        .select('key')
        .where('menu_id', '=', buttonOf)
        .execute(),
    }));
    expect(second.menu).toEqual(menu);
    expect(second.endpoints.map((e) => e.path)).toContain(endpoint.path);
    expect(second.buttons.map((b) => b.key)).not.toContain('stray:button');
    expect(second.buttons).toHaveLength(first.buttons.filter((b) => b.menu_id === buttonOf).length);
    expect(second.indexes).toEqual(first.indexes);
    expect(second.written).toBeGreaterThan(0);

    // In line now: the next start writes no menu and its tables and indexes are as they were.
    const third = await start(async (db) => ({
      written: db.writes.count(MENU_TABLES),
      indexes: (await indexNames(db.kysely, kind)).sort(),
      menus: await db.kysely.selectFrom('menus').selectAll().orderBy('id').execute(),
    }));
    expect(third.written).toBe(0);
    expect(third.indexes).toEqual(first.indexes);
    expect(third.menus).toEqual(first.menus);
  }, 60_000);
});
