import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Paths } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer } from '../src/app.ts';
import { signRequest } from '../src/features/hot-standby/sync-auth.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { until } from './support/waiting.ts';

/**
 * The configuration sync of hot standby between two real servers on loopback, each with its own
 * data folder and database: the master pushes after a change (debounced) and on sync_now; the
 * backup applies the snapshot and keeps its own hot-standby settings; forged, stale, replayed and
 * older pushes are refused and change nothing; the secrets appear in no reply.
 */

const HS = '/admin.php/system/hot_standby';
const PUSH = '/api/hot-standby/sync';
const STATE = '/api/hot-standby/sync-state';
const KEY = 'a-shared-sync-key-for-tests-0123';

// Short times for the test: the watch looks every 100 ms, pushes after 400 ms of quiet.
process.env.IGS_HS_SYNC_POLL_MS = '100';
process.env.IGS_HS_SYNC_DEBOUNCE_MS = '400';
process.env.IGS_HS_SYNC_BACKOFF_MS = '50';
process.env.IGS_HS_SYNC_RETRIES = '1';
process.env.IGS_HS_SYNC_RETRY_AFTER_MS = '500';

const IFACE = fs.readdirSync('/sys/class/net').find((n) => n !== 'lo') ?? 'eth0';

interface SyncLocal {
  version: number;
  pushed_version: number;
  last_push: { ok: boolean; version: number; reason: string; detail: string } | null;
  held_version: number;
  held_at: string;
}

describeEachDb('Hot standby configuration sync', (kind) => {
  let master: TestServer;
  let backup: TestServer;
  let mt: string;
  let bt: string;
  const hs = <T = Record<string, unknown>>(s: TestServer, token: string, body: Record<string, unknown>) =>
    s.call<T>(HS, body, { token });
  const settings = (peerIp: string, role: string, peerUrl: string) => ({
    method: 'form',
    enabled: 1,
    role,
    interface: IFACE,
    virtual_ip: '192.168.77.10/24',
    vrid: 51,
    advert_int: 1,
    auth_pass: 'secret1',
    peer_ip: peerIp,
    preempt: 1,
    sync_config: 1,
    peer_url: peerUrl,
    sync_key: KEY,
  });
  const keepCount = async (s: TestServer, token: string) =>
    (await s.call<{ keep_count: number }>(Paths.backupRestore, { method: 'config' }, { token })).data
      .keep_count;
  const setKeepCount = (s: TestServer, token: string, n: number) =>
    s.call(Paths.backupRestore, { method: 'config_form', auto_cron: '', keep_count: n }, { token });
  const localOf = async (s: TestServer, token: string) =>
    (await hs<{ sync: SyncLocal }>(s, token, { method: 'detail' })).data.sync;
  /** A request to the backup's push route as a master (or a forger) would make it. */
  const post = async (url: string, headers: Record<string, string>, body: Buffer) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(body),
    });
    const text = await res.text();
    expect(text).not.toContain(KEY);
    return JSON.parse(text) as { code: number; msg: string; data: { reason?: string } };
  };
  /** Signs in again: applying a snapshot ends the backup's sessions, as a restore does. */
  const backupToken = async () => {
    bt = await backup.login();
    return bt;
  };

  beforeAll(async () => {
    [master, backup] = await Promise.all([startServer(kind), startServer(kind)]);
    [mt, bt] = await Promise.all([master.login(), backup.login()]);
    const b = await hs(backup, bt, settings('192.168.77.1', 'backup', master.url));
    expect(b.code, b.msg).toBe(200);
    const m = await hs(master, mt, settings('192.168.77.2', 'master', backup.url));
    expect(m.code, m.msg).toBe(200);
  }, 60_000);
  afterAll(async () => {
    // A push the last tests set off (a master whose key no longer matches retries with growing
    // waits) ends at once when its server closes (sync-push.ts abortPushes), and a closing backup
    // starts no snapshot (sync-receive.ts). One apply already under way is a restore in one
    // transaction, left to finish: about 2 s here. Closing past 15 s is a failure.
    const closed = Promise.all([master?.close(), backup?.close()]);
    const late = await Promise.race([
      closed.then(() => false),
      new Promise<boolean>((r) => setTimeout(() => r(true), 15_000).unref()),
    ]);
    expect(late, 'the two servers had not closed after 15 s').toBe(false);
  }, 40_000);

  it('pushes a change to the backup after the debounce; the backup keeps its own hot standby', async () => {
    const ownBefore = (await hs(backup, bt, { method: 'detail' })).data;
    const confBefore = fs.readFileSync(
      path.join(backup.dataDir, 'etc', 'keepalived', 'keepalived.conf'),
      'utf8',
    );
    expect(await keepCount(backup, bt)).toBe(7);

    expect((await setKeepCount(master, mt, 4)).code).toBe(200);
    const version = (await localOf(master, mt)).version;
    const pushed = await until('the push', async () => {
      const s = await localOf(master, mt);
      return s.last_push && s.pushed_version >= version ? s : null;
    });
    expect(pushed.last_push).toMatchObject({ ok: true, reason: '' });

    await backupToken();
    expect(await keepCount(backup, bt)).toBe(4);
    const own = (await hs(backup, bt, { method: 'detail' })).data;
    for (const f of ['role', 'priority', 'priority_effective', 'peer_ip', 'peer_url', 'secret_set', 'vrid'])
      expect(own[f], f).toEqual(ownBefore[f]);
    expect(own).toMatchObject({ role: 'backup', peer_url: master.url, sync_push: false });
    expect((own.sync as SyncLocal).held_version).toBe(pushed.pushed_version);
    expect((own.sync as SyncLocal).held_at).not.toBe('');
    // Its keepalived files are its own, and its device secret never came from the master.
    expect(fs.readFileSync(path.join(backup.dataDir, 'etc', 'keepalived', 'keepalived.conf'), 'utf8')).toBe(
      confBefore,
    );
    const secret = (s: TestServer) =>
      s.app.db.kysely
        .selectFrom('device_secrets')
        .select('secret')
        .where('name', '=', 'backup-archives')
        .executeTakeFirstOrThrow();
    expect((await secret(backup)).secret).not.toBe((await secret(master)).secret);
  }, 60_000);

  it('pushes on sync_now, and the page shows both sides', async () => {
    expect((await setKeepCount(master, mt, 9)).code).toBe(200);
    const now = await hs<SyncLocal>(master, mt, { method: 'sync_now' });
    expect(now.code, now.msg).toBe(200);
    expect(now.data.last_push?.ok).toBe(true);
    expect(JSON.stringify(now)).not.toContain(KEY);
    await backupToken();
    expect(await keepCount(backup, bt)).toBe(9);

    const st = await hs<{
      local: SyncLocal;
      peer: { role: string; held_version: number; held_at: string } | null;
      peer_error: string;
    }>(master, mt, { method: 'sync_state' });
    expect(st.code, st.msg).toBe(200);
    expect(st.data.peer_error).toBe('');
    expect(st.data.peer).toMatchObject({ role: 'backup', held_version: st.data.local.pushed_version });
    expect(st.data.peer?.held_at).not.toBe('');
    expect(JSON.stringify(st)).not.toContain(KEY);

    // Nothing new: the peer holds this version already, which counts as done.
    const again = await hs<SyncLocal>(master, mt, { method: 'sync_now' });
    expect(again.data.last_push).toMatchObject({ ok: true, reason: 'already_held' });

    const detail = await hs(master, mt, { method: 'detail' });
    expect(detail.data).toMatchObject({ sync_push: true, sync_key: '', secret_set: { sync_key: true } });
    expect(JSON.stringify(detail)).not.toContain(KEY);
  }, 60_000);

  it('refuses unsigned, forged, stale, replayed and older pushes, changing nothing', async () => {
    await backupToken();
    const held = (await localOf(backup, bt)).held_version;
    const url = backup.url + PUSH;
    const body = Buffer.from('not an archive');
    const refusals: [Record<string, string>, string][] = [
      [{}, 'refused_key'],
      [signRequest('another-key-of-the-same-length!!', 'push', Date.now(), held + 10, body), 'refused_key'],
      [signRequest(KEY, 'state', Date.now(), held + 10, body), 'refused_key'],
      [signRequest(KEY, 'push', Date.now() - 10 * 60_000, held + 10, body), 'refused_time'],
      [signRequest(KEY, 'push', Date.now() + 10 * 60_000, held + 10, body), 'refused_time'],
      [signRequest(KEY, 'push', Date.now(), held, body), 'already_held'],
      [signRequest(KEY, 'push', Date.now(), held - 1, body), 'refused_older'],
    ];
    for (const [headers, reason] of refusals) {
      const r = await post(url, headers, body);
      expect(r.code, reason).not.toBe(200);
      expect(r.data.reason).toBe(reason);
    }
    // A signature over another body does not carry this one.
    const signed = signRequest(KEY, 'push', Date.now(), held + 10, Buffer.from('other'));
    expect((await post(url, signed, body)).data.reason).toBe('refused_key');
    // A signed push that is not a snapshot of this key is refused by the restore's checks.
    const garbage = await post(url, signRequest(KEY, 'push', Date.now(), held + 10, body), body);
    expect(garbage.data.reason).toBe('apply_failed');

    await backupToken();
    expect((await localOf(backup, bt)).held_version).toBe(held);
    expect(await keepCount(backup, bt)).toBe(9);
    expect((await hs(backup, bt, { method: 'detail' })).data).toMatchObject({ role: 'backup' });
  }, 60_000);

  it('a master takes no snapshot, and the state query needs the signature too', async () => {
    const body = Buffer.from('x');
    const r = await post(master.url + PUSH, signRequest(KEY, 'push', Date.now(), 10_000, body), body);
    expect(r.data.reason).toBe('refused_master');
    const unsigned = await post(backup.url + STATE, {}, Buffer.alloc(0));
    expect(unsigned.data.reason).toBe('refused_key');
    const ok = await post(
      backup.url + STATE,
      signRequest(KEY, 'state', Date.now(), 0, Buffer.alloc(0)),
      Buffer.alloc(0),
    );
    expect(ok.code).toBe(200);
    expect(ok.data).toMatchObject({ role: 'backup' });
  });

  it('refuses to post a snapshot larger than the limit, and records why', async () => {
    expect((await setKeepCount(master, mt, 6)).code).toBe(200);
    process.env.IGS_HS_SYNC_MAX_BYTES = '100';
    try {
      const r = await hs<SyncLocal>(master, mt, { method: 'sync_now' });
      expect(r.data.last_push).toMatchObject({ ok: false, reason: 'too_large' });
    } finally {
      delete process.env.IGS_HS_SYNC_MAX_BYTES;
    }
    const r = await hs<SyncLocal>(master, mt, { method: 'sync_now' });
    expect(r.data.last_push?.ok).toBe(true);
    await backupToken();
    expect(await keepCount(backup, bt)).toBe(6);
  }, 60_000);

  it.skipIf(kind !== 'postgres')(
    'keeps the sync state in the database: a second instance of the master sees it and pushes its changes',
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-test-'));
      const config = { ...master.app.config, dataDir, consoleDir: path.join(dataDir, 'no-console') };
      const db = openDatabase({ databaseUrl: config.databaseUrl, dataDir, poolSize: 2 });
      const second = await buildServer({ config, db, logger: false });
      try {
        await second.fastify.listen({ port: 0, host: '127.0.0.1' });
        const address = second.fastify.server.address();
        const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
        // Sessions live in the shared database too: the master's token works on either instance.
        const call = async <T>(p: string, body: Record<string, unknown>) => {
          const res = await fetch(url + p, {
            method: 'POST',
            headers: { 'content-type': 'application/json', IGSAuth: mt },
            body: JSON.stringify(body),
          });
          return (await res.json()) as { code: number; data: T };
        };
        const first = await localOf(master, mt);
        const seen = await call<{ local: SyncLocal; peer: { held_version: number } | null }>(HS, {
          method: 'sync_state',
        });
        expect(seen.data.local).toMatchObject({
          pushed_version: first.pushed_version,
          last_push: first.last_push,
        });
        expect(seen.data.peer?.held_version).toBe(first.pushed_version);

        expect(
          (await call(Paths.backupRestore, { method: 'config_form', auto_cron: '', keep_count: 3 })).code,
        ).toBe(200);
        await until('the change made on the second instance to reach the backup', async () => {
          // Both master instances may push (the second is answered "already held"): a sign-in made
          // while the backup replaces its accounts with the snapshot's can fail; it is tried again.
          const signedIn = await backupToken().catch(() => null);
          return signedIn !== null && (await keepCount(backup, bt)) === 3;
        });
      } finally {
        await second.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('a push that failed while the backup was unreachable is made again once it answers, unasked', async () => {
    // The backup is reached through a port nothing listens on yet (a peer down, a cable out).
    const relay = net.createServer((c) => {
      const upstream = net.connect(Number(new URL(backup.url).port), '127.0.0.1');
      c.pipe(upstream).pipe(c);
      const end = () => {
        c.destroy();
        upstream.destroy();
      };
      c.on('error', end);
      upstream.on('error', end);
    });
    await new Promise<void>((r) => relay.listen(0, '127.0.0.1', () => r()));
    const port = (relay.address() as net.AddressInfo).port;
    await new Promise<void>((r) => relay.close(() => r()));
    try {
      const moved = await hs(master, mt, { method: 'form', peer_url: `http://127.0.0.1:${port}` });
      expect(moved.code, moved.msg).toBe(200);
      // A change to push (the hot-standby settings themselves are this gateway's own, not pushed).
      expect((await setKeepCount(master, mt, 9)).code).toBe(200);
      let seen: unknown;
      await until('a failed push', async () => {
        const l = await localOf(master, mt);
        seen = l;
        return l.last_push && !l.last_push.ok && l.last_push.reason === 'unreachable';
      }).catch((e) => {
        throw new Error(`${(e as Error).message}: ${JSON.stringify(seen)}`);
      });
      // The backup answers again: no change, no Sync now; the next retry pushes.
      await new Promise<void>((r) => relay.listen(port, '127.0.0.1', () => r()));
      const pushed = await until('the retried push', async () => {
        const l = await localOf(master, mt);
        return l.last_push?.ok && l.pushed_version === l.version ? l : null;
      });
      expect((await localOf(backup, await backupToken())).held_version).toBe(pushed.version);
    } finally {
      relay.close();
      expect((await hs(master, mt, { method: 'form', peer_url: backup.url })).code).toBe(200);
    }
  }, 60_000);

  it('records a failed push with its reason when the peer refuses', async () => {
    // The master's key no longer matches the backup's.
    expect((await hs(master, mt, { method: 'form', sync_key: 'a-different-key-0123456789' })).code).toBe(200);
    const r = await hs<SyncLocal>(master, mt, { method: 'sync_now' });
    expect(r.data.last_push).toMatchObject({ ok: false, reason: 'refused_key' });
    expect(r.msg).toContain('failed');
    const st = await hs<{ peer: unknown; peer_error: string }>(master, mt, { method: 'sync_state' });
    expect(st.data).toMatchObject({ peer: null, peer_error: 'refused_key' });
    // Too short a key is refused when saved.
    const short = await hs(master, mt, { method: 'form', sync_key: 'short' });
    expect(short.code).toBe(422);
    expect(short.msg).toContain('16');
  }, 60_000);
});
