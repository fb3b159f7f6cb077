import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { texts } from '@igs/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { dbPoolSettings } from '../src/platform/config.ts';
import { ADMINISTRATOR } from './support/admin-api.ts';
import {
  adminQuery,
  type Instance,
  postgresUnavailable,
  scratchDatabase,
  startOver,
} from './support/postgres.ts';
import { freePort } from './support/server-process.ts';

/**
 * Issue 17 point 1: losing PostgreSQL never ends the server. Connections cut under load
 * (pg_terminate_backend, what a restart or failover does) and a database stopped and started
 * again: calls answer 503 "database unavailable" meanwhile, never 5000, and work again afterwards
 * without a restart. PostgreSQL only. The server runs in this test's process, so an unhandled
 * 'error' event or rejection (what crashed the instances) fails the run.
 */

const reason = await postgresUnavailable();
if (reason) console.warn(`SKIPPED "database outage [postgres]": ${reason}`);

const UNAVAILABLE = texts('http.databaseUnavailable').en;
/** Short timeouts so that every wait of the test stays bounded. */
const FAST_DB = { ...dbPoolSettings({}), connectTimeoutMs: 2_000 };

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
}, 60_000);

const list = (s: Instance, token: string) => s.post(ADMINISTRATOR, { method: 'list' }, token);

/** Calls until one answers 200, at most `ms`; the codes seen on the way. */
async function untilServed(s: Instance, token: string, ms: number): Promise<number[]> {
  const seen: number[] = [];
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const r = await list(s, token).catch(() => ({ code: -1 }));
    seen.push(r.code);
    if (r.code === 200) return seen;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`not served again within ${ms} ms: ${seen.join(', ')}`);
}

describe.skipIf(reason !== null)('database outage [postgres]', () => {
  it('connections terminated while calls are in flight: the server stays up, and calls work afterwards', async () => {
    const db = await scratchDatabase();
    cleanups.push(db.drop);
    const s = await startOver(db.url, { dbPool: FAST_DB });
    cleanups.push(() => s.close());
    const { token } = await s.signIn();
    expect((await list(s, token)).code).toBe(200);
    const name = new URL(db.url).pathname.slice(1);

    const codes: number[] = [];
    for (let round = 0; round < 5; round++) {
      const inFlight = Array.from({ length: 12 }, () => list(s, token).then((r) => r.code));
      // Every connection of the server to its database, in use or idle.
      await adminQuery(
        db.url,
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      codes.push(...(await Promise.all(inFlight)));
    }
    // Each call either made it or was told the database was unavailable: never a 5000.
    expect(codes.filter((c) => c !== 200 && c !== 503)).toEqual([]);

    await untilServed(s, token, 10_000);
    for (let i = 0; i < 5; i++) expect((await list(s, token)).code).toBe(200);
    const health = await fetch(`${s.url}/healthz`);
    expect(health.status).toBe(200);
    expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
  }, 120_000);

  const initdb = findInitdb();
  if (!initdb)
    console.warn('SKIPPED "PostgreSQL stopped and started": no initdb in /usr/lib/postgresql/*/bin');
  const notRoot = process.getuid?.() !== 0;
  if (initdb && notRoot)
    console.warn('SKIPPED "PostgreSQL stopped and started": runs as root only (runuser)');

  it.skipIf(!initdb || notRoot)(
    'PostgreSQL stopped: calls answer 503 with the message and /readyz 503; started again: calls work',
    async () => {
      // A private cluster: the shared PostgreSQL on 5432 is never stopped.
      const cluster = await PrivateCluster.create(initdb!);
      cleanups.push(() => cluster.destroy());
      await cluster.start();
      const s = await startOver(cluster.url, { dbPool: FAST_DB });
      cleanups.push(() => s.close());
      const { token } = await s.signIn();
      expect((await list(s, token)).code).toBe(200);

      await cluster.stop();
      for (const lang of ['en', 'zh_CN'] as const) {
        const language = { 'accept-language': lang === 'en' ? 'en' : 'zh-CN' };
        const r = await s.post(ADMINISTRATOR, { method: 'list' }, token, language);
        expect(r).toMatchObject({ code: 503, data: null });
        expect(r.msg).toBe(texts('http.databaseUnavailable')[lang]);
      }
      // Sign-in, which reads and writes the database, answers the same.
      expect((await s.signIn()).msg).toBe(UNAVAILABLE);
      const ready = await fetch(`${s.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { data: { reason: string } }).data.reason).toBe('database_unreachable');
      // The background loops every 10 s (scheduler tick, terminal presence sweep) run at least once
      // against the stopped database: a failed pass is logged, never an unhandled rejection (which
      // would fail this run), and the process answers on.
      await new Promise((resolve) => setTimeout(resolve, 10_500));
      // The process is alive: a load balancer must not restart it for the database's sake.
      expect((await fetch(`${s.url}/healthz`)).status).toBe(200);

      await cluster.start();
      await untilServed(s, token, 30_000);
      expect((await s.signIn()).code).toBe(200);
      expect((await fetch(`${s.url}/readyz`)).status).toBe(200);
    },
    180_000,
  );
});

function findInitdb(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  for (const v of fs.readdirSync(root).sort().reverse()) {
    const bin = path.join(root, v, 'bin', 'initdb');
    if (fs.existsSync(bin)) return bin;
  }
  return null;
}

/** A throw-away PostgreSQL cluster in a temporary folder, run as the postgres OS user. */
class PrivateCluster {
  private readonly bin: string;
  private readonly dir: string;
  readonly port: number;
  private constructor(bin: string, dir: string, port: number) {
    this.bin = bin;
    this.dir = dir;
    this.port = port;
  }

  static async create(initdb: string): Promise<PrivateCluster> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-pg-'));
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    fs.chownSync(dir, uid, gid);
    const cluster = new PrivateCluster(path.dirname(initdb), dir, await freePort());
    cluster.asPostgres(initdb, ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
    return cluster;
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private asPostgres(cmd: string, args: string[]): void {
    execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe', timeout: 60_000 });
  }

  private pgCtl(args: string[]): void {
    this.asPostgres(path.join(this.bin, 'pg_ctl'), ['-D', path.join(this.dir, 'data'), ...args]);
  }

  async start(): Promise<void> {
    this.pgCtl([
      '-o',
      `-p ${this.port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      '-t',
      '30',
      'start',
    ]);
  }

  async stop(): Promise<void> {
    this.pgCtl(['-m', 'fast', '-w', '-t', '30', 'stop']);
  }

  async destroy(): Promise<void> {
    try {
      this.pgCtl(['-m', 'immediate', '-w', '-t', '30', 'stop']);
    } catch {
      // Already stopped.
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
