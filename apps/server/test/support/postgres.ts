import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '@igs/contract';
import pg from 'pg';
import { buildServer, type Server } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/platform/config.ts';
import { openDatabase } from '../../src/platform/db/database.ts';

/**
 * PostgreSQL-only suites (concurrent start, database outages): the shared test server, scratch
 * databases on it, and server instances over a database the test chooses.
 */

export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL cannot be used here, or null when it can. */
export async function postgresUnavailable(url = PG_URL): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return `PostgreSQL at ${url.replace(/:[^:@/]*@/, ':***@')} is not reachable (${(e as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs SQL on a database as the admin, on a connection of its own. */
export async function adminQuery(url: string, text: string, values: unknown[] = []) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  c.on('error', () => {});
  await c.connect();
  try {
    return await c.query(text, values);
  } finally {
    await c.end().catch(() => {});
  }
}

/** A fresh database on the server of `url`, and how to drop it. */
export async function scratchDatabase(url = PG_URL): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `igs_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(url, `create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: () => adminQuery(url, `drop database if exists ${name} with (force)`).then(() => {}),
  };
}

export interface Instance extends Server {
  url: string;
  /** POST a call as JSON and return the envelope. */
  post(
    p: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<{ code: number; msg: string; data: unknown }>;
  /** Signs in as the seeded admin; the envelope's code and the token. */
  signIn(): Promise<{ code: number; msg: string; token: string }>;
}

/** A server instance over `databaseUrl`, with its own data folder, listening on a free port. */
export async function startOver(databaseUrl: string, overrides: Partial<Config> = {}): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-test-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, GW_CAPTCHA: 'off', LOG_LEVEL: 'silent' }, []),
    databaseUrl,
    consoleDir: path.join(dataDir, 'no-console'),
    ...overrides,
  };
  const db = openDatabase({
    databaseUrl,
    dataDir,
    pg: { ...config.dbPool!, size: 4 },
    onConnectionLost: () => {},
  });
  const edges = { loginPerMin: 1e6, captchaPerMin: 1e6, anonymousPerMin: 1e6 };
  let server: Server;
  try {
    server = await buildServer({ config, db, logger: false, edges });
  } catch (e) {
    await db.close().catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw e;
  }
  await server.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = server.fastify.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const post: Instance['post'] = async (p, body = {}, token, headers = {}) => {
    const res = await fetch(url + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { IGSAuth: token } : {}), ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    return (await res.json()) as { code: number; msg: string; data: unknown };
  };
  return {
    ...server,
    url,
    post,
    async signIn() {
      const r = await post('/admin.php/common/login', {
        username: 'admin',
        password: hashPassword('admin123'),
        code: '',
        is_operations: 0,
      });
      const data = r.data as { token?: string; weak_psw?: number } | null;
      // The seeded admin's weak password allows nothing but changing it (auth/weak-password-gate.ts):
      // these tests stand for the administrator who changed it, as support/server.ts does.
      if (data?.weak_psw)
        await db.kysely.updateTable('users').set({ weak_psw: 0 }).where('username', '=', 'admin').execute();
      return { code: r.code, msg: r.msg, token: data?.token ?? '' };
    },
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
