import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { hashPassword } from '@igs/contract';
import { afterAll, expect, it } from 'vitest';
import { startServerProcess } from './support/server-process.ts';
import { until } from './support/waiting.ts';

/**
 * Graceful shutdown of the real server process (main.ts) on SIGTERM: /readyz stops answering 200
 * at once, the call in flight still completes with its reply, and the process exits 0 within the
 * grace. The slow call is a genuine one: the hot-standby peer check (sync_state) against a "peer"
 * on loopback that accepts the connection and never answers, which takes the check's 5 s timeout.
 */

const GRACE_S = 15;
const IFACE = fs.readdirSync('/sys/class/net').find((n) => n !== 'lo') ?? 'eth0';

const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await Promise.resolve(c()).catch(() => {});
});

/** A TCP "peer" that takes connections and never answers; resolves `reached` on the first one. */
async function silentPeer(): Promise<{ url: string; reached: Promise<void>; close(): void }> {
  const sockets: net.Socket[] = [];
  let reachedResolve: () => void = () => {};
  const reached = new Promise<void>((r) => {
    reachedResolve = r;
  });
  const srv = net.createServer((s) => {
    sockets.push(s);
    s.on('error', () => {});
    reachedResolve();
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    reached,
    close: () => {
      for (const s of sockets) s.destroy();
      srv.close();
    },
  };
}

async function bounded<T>(what: string, work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

it('SIGTERM: /readyz stops answering 200 at once, the call in flight completes, the process exits 0', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-shutdown-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
    GW_SHUTDOWN_GRACE_S: String(GRACE_S),
  });
  const { child, url: base } = server;
  cleanups.push(() => child.exitCode === null && child.kill('SIGKILL'));
  // Ready: /readyz answers 200 once the database is open and migrated.
  await until(
    'the server to be ready',
    async () => (await fetch(`${base}/readyz`).catch(() => null))?.status === 200,
  );

  const post = async (p: string, body: unknown, token?: string) => {
    const res = await fetch(base + p, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { IGSAuth: token } : {}) },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { code: number; msg: string; data: Record<string, unknown> },
    };
  };
  const login = await post('/admin.php/common/login', {
    username: 'admin',
    password: hashPassword('admin123'),
    code: '',
    is_operations: 0,
  });
  expect(login.body.code, login.body.msg).toBe(200);
  // The seeded admin's weak password allows nothing else: this test stands for one who changed it.
  const sqlite = new DatabaseSync(path.join(dataDir, 'gateway.sqlite'), { timeout: 5000 });
  sqlite.exec(`update users set weak_psw = 0 where username = 'admin'`);
  sqlite.close();
  const token = login.body.data.token as string;

  const peer = await silentPeer();
  cleanups.push(() => peer.close());
  const HS = '/admin.php/system/hot_standby';
  const saved = await post(
    HS,
    {
      method: 'form',
      enabled: 1,
      role: 'backup',
      interface: IFACE,
      virtual_ip: '192.168.77.10/24',
      vrid: 51,
      advert_int: 1,
      auth_pass: 'secret1',
      peer_ip: '192.168.77.1',
      preempt: 1,
      sync_config: 1,
      peer_url: peer.url,
      sync_key: 'a-shared-sync-key-for-tests-0123',
    },
    token,
  );
  expect(saved.body.code, saved.body.msg).toBe(200);

  // The slow call: in flight once the server has reached the silent peer.
  const slow = post(HS, { method: 'sync_state' }, token);
  await bounded('the slow call to reach the peer', peer.reached, 10_000);

  child.kill('SIGTERM');
  await bounded(
    'the signal to be handled',
    (async () => {
      while (!server.log().includes('SIGTERM: shutting down')) await new Promise((r) => setTimeout(r, 20));
    })(),
    5_000,
  );
  // Readiness is withdrawn at once: 503, or no new connection taken at all.
  const ready = await bounded(
    '/readyz after SIGTERM',
    fetch(`${base}/readyz`).then(
      (r) => r.status,
      () => 'refused',
    ),
    5_000,
  );
  expect([503, 'refused']).toContain(ready);

  // The call in flight still gets its whole reply (the peer check's own timeout, 5 s).
  const reply = await bounded('the call in flight', slow, GRACE_S * 1000);
  expect(reply.status).toBe(200);
  expect(reply.body.code).toBe(200);
  expect(reply.body.data.peer_error).toBe('timeout');

  // And the process ends by itself, with 0, within the grace.
  const code = await bounded('the process to exit', server.exited, GRACE_S * 1000);
  expect(code, server.log()).toBe(0);
  expect(server.log()).toContain('shut down');
}, 120_000);
