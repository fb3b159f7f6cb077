import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Envelope, hashPassword } from '@igs/contract';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { type BuildOptions, buildServer, type Server } from '../../src/app.ts';
import { type Config, loadConfig } from '../../src/platform/config.ts';
import { openDatabase } from '../../src/platform/db/database.ts';
import { registerSites, TEST_SITES } from './sites.ts';

export type DbKind = 'sqlite' | 'postgres';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why the PostgreSQL half cannot run here, or null when it can. Checked once per test file. */
async function postgresUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (e) {
    return `PostgreSQL at ${PG_URL.replace(/:[^:@/]*@/, ':***@')} is not reachable (${(e as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}
const pgReason = await postgresUnavailable();

/**
 * Runs a suite once on SQLite and once on PostgreSQL. The PostgreSQL half is skipped, with the
 * reason printed, only when the database cannot be reached (CI always has it).
 */
export function describeEachDb(title: string, body: (kind: DbKind) => void): void {
  describe(`${title} [sqlite]`, () => body('sqlite'));
  if (pgReason) console.warn(`SKIPPED "${title} [postgres]": ${pgReason}`);
  describe.skipIf(pgReason !== null)(`${title} [postgres]`, () => body('postgres'));
}

export interface Clock {
  now(): number;
  advance(ms: number): void;
}

export function testClock(): Clock {
  let offset = 0;
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms;
    },
  };
}

export interface TestServer extends Server {
  url: string;
  clock: Clock;
  dataDir: string;
  /** POST (or GET) a call and return the envelope. */
  call<T = unknown>(
    path: string,
    body?: unknown,
    opts?: CallOptions,
  ): Promise<Envelope<T> & Record<string, unknown>>;
  /** Signs in (captcha off) and returns the token. */
  login(username?: string, password?: string, isOperations?: 0 | 1): Promise<string>;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** Send as urlencoded form instead of JSON. */
  form?: boolean;
  /** A raw body sent as is (malformed input tests). */
  raw?: string | Buffer | FormData;
  contentType?: string;
}

/**
 * A fresh PostgreSQL database for one test file (or one fleet of instances), and how to drop it: a
 * copy of the run's template (support/database-templates.ts), so the server's start finds its first
 * start's work done.
 */
export async function scratchPostgres(): Promise<{ databaseUrl: string; drop(): Promise<void> }> {
  const name = `igs_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = inject('pgTemplate');
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const u = new URL(PG_URL);
  u.pathname = `/${name}`;
  return {
    databaseUrl: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Starts a real server on an ephemeral port over a fresh database of the given kind. */
export async function startServer(
  kind: DbKind,
  overrides: Partial<Config> = {},
  extra: Partial<BuildOptions> = {},
): Promise<TestServer> {
  if (kind === 'sqlite') return withTestSites(await startInstance(undefined, overrides, extra));
  const scratch = await scratchPostgres();
  const server = await withTestSites(await startInstance(scratch.databaseUrl, overrides, extra));
  return {
    ...server,
    async close() {
      await server.close();
      await scratch.drop();
    },
  };
}

/** The small registered fleet every test server starts with (support/sites.ts). */
async function withTestSites(server: TestServer): Promise<TestServer> {
  await registerSites(server, TEST_SITES);
  return server;
}

export interface Fleet {
  instances: TestServer[];
  databaseUrl: string;
  /** Closes every instance still open, then drops the database. */
  close(): Promise<void>;
}

/**
 * Several server instances over one fresh PostgreSQL database, each with its own data folder and
 * port: the fleet deployment (several stateless instances behind a load balancer). They start
 * one after another unless `together` is set, which starts them all at once (a concurrent start).
 */
export async function startInstances(
  count: number,
  overrides: Partial<Config> = {},
  extra: Partial<BuildOptions> = {},
  opts: { together?: boolean } = {},
): Promise<Fleet> {
  const scratch = await scratchPostgres();
  const instances: TestServer[] = [];
  try {
    if (opts.together) {
      const started = await Promise.allSettled(
        Array.from({ length: count }, () => startInstance(scratch.databaseUrl, overrides, extra)),
      );
      for (const r of started) if (r.status === 'fulfilled') instances.push(r.value);
      const failed = started.find((r) => r.status === 'rejected');
      if (failed) throw (failed as PromiseRejectedResult).reason;
    } else {
      for (let i = 0; i < count; i++)
        instances.push(await startInstance(scratch.databaseUrl, overrides, extra));
    }
  } catch (e) {
    await Promise.allSettled(instances.map((s) => s.close()));
    await scratch.drop();
    throw e;
  }
  return {
    instances,
    databaseUrl: scratch.databaseUrl,
    async close() {
      await Promise.allSettled(instances.map((s) => s.close()));
      await scratch.drop();
    },
  };
}

/** One server over the given PostgreSQL database, or over SQLite in its own data folder. */
async function startInstance(
  databaseUrl: string | undefined,
  overrides: Partial<Config>,
  extra: Partial<BuildOptions>,
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-test-'));
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, GW_CAPTCHA: 'off', LOG_LEVEL: 'silent', CHECK_REPLIES: '1' }, []),
    databaseUrl,
    consoleDir: path.join(dataDir, 'no-console'),
    ...overrides,
  };
  const clock = testClock();
  // SQLite: a copy of the run's template (support/database-templates.ts), as scratchPostgres does.
  if (!databaseUrl) fs.copyFileSync(inject('sqliteTemplate'), path.join(dataDir, 'gateway.sqlite'));
  const db = openDatabase({ databaseUrl, dataDir, poolSize: overrides.dbPool?.size ?? 4 });
  // Suites sign in many times a second from 127.0.0.1: per-address limits only where a test sets them.
  const edges = { loginPerMin: 1e6, captchaPerMin: 1e6, anonymousPerMin: 1e6, ...extra.edges };
  const server = await buildServer({ config, db, now: clock.now, logger: false, ...extra, edges });
  await server.fastify.listen({ port: 0, host: '127.0.0.1' });
  const address = server.fastify.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const call: TestServer['call'] = async (p, body, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.IGSAuth = opts.token;
    let payload: RequestInit['body'] | undefined;
    if (opts.raw !== undefined) {
      payload = opts.raw as RequestInit['body'];
      if (opts.contentType) headers['content-type'] = opts.contentType;
    } else if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined && opts.method !== 'GET') {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(body as Record<string, string>).toString();
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
    }
    const res = await fetch(url + p, { method: opts.method ?? 'POST', headers, body: payload });
    const text = await res.text();
    try {
      return JSON.parse(text);
    } catch {
      throw new Error(`HTTP ${res.status} non-JSON reply from ${p}: ${text.slice(0, 200)}`);
    }
  };

  const login: TestServer['login'] = async (username = 'admin', password = 'admin123', isOperations = 0) => {
    const r = await call<{ token: string; weak_psw: number }>('/admin.php/common/login', {
      username,
      password: hashPassword(password),
      code: '',
      is_operations: isOperations,
    });
    if (r.code !== 200) throw new Error(`login ${username} failed: ${r.code} ${r.msg}`);
    // A weak password (the seeded admin's, any account an administrator made) allows nothing but
    // changing it (auth/weak-password-gate.ts). Tests sign in to test something else, so the
    // helper stands for the user who changed it; tests of the gate sign in with call() instead.
    if (r.data.weak_psw)
      await db.kysely.updateTable('users').set({ weak_psw: 0 }).where('username', '=', username).execute();
    return r.data.token;
  };

  return {
    ...server,
    url,
    clock,
    dataDir,
    call,
    login,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
