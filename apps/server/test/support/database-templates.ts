import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resources } from '@igs/contract/resources';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type Db, migrateToLatest, openDatabase } from '../../src/platform/db/database.ts';
import { seed } from '../../src/platform/db/seed.ts';
import { syncResourceTables } from '../../src/platform/resources/storage.ts';

/**
 * The server suite's global set-up: one database of each kind brought to what a first start
 * leaves (every migration, the resource tables and their indexes, the seed: built-in roles, menus,
 * the default admin), from which every test server's database is copied (support/server.ts): a
 * PostgreSQL database with `CREATE DATABASE … TEMPLATE`, a SQLite file by copying it. A server
 * started on an empty database did all of that for each suite (PostgreSQL: some 2,500 statements,
 * 2.3 s; SQLite 0.35 s); on the copy its start finds the work done and changes nothing. Nothing else
 * a start makes (the deployment's keys, the services' rows) is in the copies.
 *
 * Suites that test the start itself on an empty database (support/postgres.ts's scratchDatabase:
 * concurrent start, outages) do not use them.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template PostgreSQL database's name, or '' when PostgreSQL is not reachable. */
    pgTemplate: string;
    /** The template SQLite file. */
    sqliteTemplate: string;
  }
}

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Migrates, synchronises and seeds a database as a first start does, then closes it. */
async function firstStart(db: Db): Promise<void> {
  try {
    await db.underSchemaLock(async (schema) => {
      await migrateToLatest(schema);
      await syncResourceTables(schema.kysely as never, schema.kind, resources);
      await seed({ db: { ...db, kysely: schema.kysely }, now: Date.now });
    });
  } finally {
    // A PostgreSQL template may not have connections open while it is copied; SQLite folds its
    // write-ahead log into the file when the last connection closes.
    await db.close();
  }
}

async function postgresTemplate(): Promise<{ name: string; drop(): Promise<void> } | null> {
  const name = `igs_tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  try {
    await admin((c) => c.query(`create database ${name}`));
  } catch {
    // No PostgreSQL here: the suites' PostgreSQL halves skip and say why (support/server.ts).
    return null;
  }
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  await firstStart(openDatabase({ databaseUrl: url.toString(), dataDir: os.tmpdir() }));
  return {
    name,
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-template-'));
  await firstStart(openDatabase({ dataDir: sqliteDir }));
  project.provide('sqliteTemplate', path.join(sqliteDir, 'gateway.sqlite'));
  const postgres = await postgresTemplate();
  project.provide('pgTemplate', postgres?.name ?? '');
  return async () => {
    await postgres?.drop();
    fs.rmSync(sqliteDir, { recursive: true, force: true });
  };
}
