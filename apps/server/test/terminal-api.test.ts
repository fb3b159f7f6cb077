import { createHash } from 'node:crypto';
import { storedText } from '@igs/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HEARTBEAT_S,
  purgeOldPlayRecords,
  startTerminalPresence,
  sweepOfflineTerminals,
} from '../src/features/terminal-api/presence.ts';
import { MAX_PENDING_PER_SITE } from '../src/features/terminal-api/register.ts';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * The terminal-facing API (/api/terminal/*) over real HTTP: register → pending → (authorised in the
 * database: the authorize verb is another feature's) → token → heartbeat, commands and acks, the
 * offline job, manifest, ads, play reports, upgrades, and the refusals.
 */

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
type AnyDb = Kysely<any>;
// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;

const API = '/api/terminal';
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from([0, 0, 0x01, 0x40, 0, 0, 0, 0xf0]),
  Buffer.alloc(64),
]);
const APK = Buffer.concat([
  Buffer.from('504b0304', 'hex'),
  Buffer.from('AndroidManifest.xml classes.dex'),
  Buffer.alloc(200, 7),
]);

const db = (s: TestServer) => s.app.db.kysely as unknown as AnyDb;

async function insert(s: TestServer, table: string, row: Record<string, unknown>, site = 0): Promise<number> {
  const now = Date.now();
  const out = await db(s)
    .insertInto(table)
    .values({ site_id: site, created_at: now, updated_at: now, ...row })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(out.id);
}

/** A type's terminal records, their details as an English reader sees them (they are kept as keys). */
const events = async (s: TestServer, type: string) =>
  (
    await db(s)
      .selectFrom('smart_terminal_event')
      .selectAll()
      .where('type', '=', type)
      .orderBy('id')
      .execute()
  ).map((r) => ({
    ...r,
    terminal: String(r.terminal ?? ''),
    detail: storedText(String(r.detail ?? ''), 'en'),
  }));

const authorise = (s: TestServer, id: number, state = 'authorized') =>
  db(s).updateTable('smart_terminal').set({ state }).where('id', '=', id).execute();

function client(s: TestServer) {
  const call = <T = Rec>(
    name: string,
    body: unknown = {},
    token?: string,
    headers: Record<string, string> = {},
  ) =>
    s.call<T>(`${API}/${name}`, body, {
      headers: {
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
    });
  /** Registers a MAC and, once authorised in the database, returns its token. */
  const enrol = async (mac: string, extra: Rec = {}) => {
    const first = await call('register', {
      mac,
      model: 'IPTV-4K-A1',
      app_version: '2.3.1',
      firmware: 'Android 9',
      ...extra,
    });
    expect(first.code, first.msg).toBe(200);
    await authorise(s, first.data.terminal_id);
    const again = await call('register', { mac, register_key: first.data.register_key, ...extra });
    expect(again.code, again.msg).toBe(200);
    return {
      id: first.data.terminal_id as number,
      key: first.data.register_key as string,
      token: again.data.token as string,
    };
  };
  return { call, enrol };
}

async function upload(
  s: TestServer,
  admin: string,
  kind: string,
  data: Buffer,
  name: string,
): Promise<string> {
  const fd = new FormData();
  fd.append('kind', kind);
  fd.append('file', new Blob([new Uint8Array(data)]), name);
  const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token: admin });
  expect(r.code, r.msg).toBe(200);
  return r.data.id;
}

describeEachDb('terminal API: registration, token, heartbeat, commands', (kind) => {
  let s: TestServer;
  let admin: string;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    api = client(s);
  });
  afterAll(async () => s.close());

  it('registers a new MAC as pending with an auth_request record, and answers only to its register key', async () => {
    const r = await api.call('register', {
      mac: '02-5E-60-00-00-0A',
      model: 'IPTV-4K-A1',
      firmware: 'Android 9',
      app_version: '2.3.1',
      sn: 'SN0001',
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ state: 'pending', retry_s: HEARTBEAT_S });
    expect(r.data.register_key).toMatch(/^[\w-]{43}$/);
    expect(r.data.token).toBeUndefined();
    const row = await db(s)
      .selectFrom('smart_terminal')
      .selectAll()
      .where('id', '=', r.data.terminal_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      mac: '02:5e:60:00:00:0a',
      state: 'pending',
      model: 'IPTV-4K-A1',
      os_version: 'Android 9',
      sn: 'SN0001',
    });
    const requests = await events(s, 'auth_request');
    expect(requests).toHaveLength(1);
    expect(requests[0]!.detail).toContain('02:5e:60:00:00:0a');
    // The key is stored hashed only.
    const cred = await s.app.db.kysely
      .selectFrom('terminal_credentials')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(cred.register_hash).toBe(createHash('sha256').update(r.data.register_key).digest('hex'));

    // Someone else with the same MAC: refused, nothing changes.
    const thief = await api.call('register', { mac: '02:5e:60:00:00:0a', model: 'EVIL' });
    expect(thief.code).toBe(409);
    expect(thief.msg).toMatch(/register_key/);
    // The device itself polls with its key: still pending, no second auth_request.
    const poll = await api.call('register', { mac: '025e6000000a', register_key: r.data.register_key });
    expect(poll.data).toMatchObject({ state: 'pending', terminal_id: r.data.terminal_id });
    expect(await events(s, 'auth_request')).toHaveLength(1);
    expect((await db(s).selectFrom('smart_terminal').select('model').executeTakeFirstOrThrow()).model).toBe(
      'IPTV-4K-A1',
    );
  });

  it('refuses bad input with a message naming the field, and stores nothing', async () => {
    const before = await db(s).selectFrom('smart_terminal').select('id').execute();
    for (const mac of [
      '',
      'zz:zz:zz:zz:zz:zz',
      '00:00:00:00:00:00',
      'ff:ff:ff:ff:ff:ff',
      '01:00:5e:00:00:01',
      '02:5e:60:00:00',
    ]) {
      const r = await api.call('register', { mac });
      expect(r.code, mac).toBe(422);
      expect(r.msg).toMatch(/mac/);
    }
    expect((await api.call('register', {})).msg).toMatch(/mac is required/);
    const long = await api.call('register', { mac: '02:5e:60:00:00:0b', model: 'x'.repeat(65) });
    expect(long.code).toBe(422);
    expect(long.msg).toMatch(/model/);
    const ctl = await api.call('register', { mac: '02:5e:60:00:00:0b', model: 'a\u0000b' });
    expect(ctl.code).toBe(422);
    expect(await db(s).selectFrom('smart_terminal').select('id').execute()).toEqual(before);
  });

  it('answers the token once authorised; the token is stored hashed and replaced by a new register', async () => {
    const first = await api.call('register', { mac: '02:5e:60:00:00:0c', model: 'IPTV-4K-A1' });
    await authorise(s, first.data.terminal_id);
    const r = await api.call('register', { mac: '02:5e:60:00:00:0c', register_key: first.data.register_key });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ state: 'authorized', heartbeat_s: HEARTBEAT_S });
    const token = r.data.token as string;
    const cred = await s.app.db.kysely
      .selectFrom('terminal_credentials')
      .selectAll()
      .where('terminal_id', '=', first.data.terminal_id)
      .executeTakeFirstOrThrow();
    expect(cred.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await db(s).selectFrom('smart_terminal').selectAll().execute())).not.toContain(
      token,
    );
    expect((await api.call('heartbeat', {}, token)).code).toBe(200);
    // Registering again (a reboot that lost the token) hands out a new one; the old one stops.
    const again = await api.call('register', {
      mac: '02:5e:60:00:00:0c',
      register_key: first.data.register_key,
    });
    expect(again.data.token).not.toBe(token);
    expect((await api.call('heartbeat', {}, token)).code).toBe(1002);
    expect((await api.call('heartbeat', {}, again.data.token)).code).toBe(200);
  });

  it('refuses calls without a token, with a wrong one, and from terminals no longer authorised', async () => {
    const t = await api.enrol('02:5e:60:00:00:0d');
    // Well-formed bodies: a body that fails its checks is answered 422 first, token or not.
    const bodies: Record<string, Rec> = {
      heartbeat: {},
      manifest: {},
      ads: {},
      upgrade: { package_name: 'com.example.app' },
      play: { content_type: 'live', start_at: formatDateTime(Date.now()) },
      ack: { command_id: 1, result: 'ok' },
    };
    for (const [name, body] of Object.entries(bodies)) {
      const none = await api.call(name, body);
      expect(none.code, name).toBe(1002);
      expect(none.msg).toMatch(/Bearer/);
      expect((await api.call(name, body, 'not-a-token')).code, name).toBe(1002);
    }
    expect((await s.call(`${API}/heartbeat`, {}, { headers: { authorization: t.token } })).code).toBe(1002);
    await authorise(s, t.id, 'disabled');
    const off = await api.call('heartbeat', {}, t.token);
    expect(off.code).toBe(403);
    expect(off.data).toEqual({ state: 'disabled' });
    const reg = await api.call('register', { mac: '02:5e:60:00:00:0d', register_key: t.key });
    expect(reg).toMatchObject({ code: 403, data: { state: 'disabled' } });
    await authorise(s, t.id, 'rejected');
    expect((await api.call('register', { mac: '02:5e:60:00:00:0d', register_key: t.key })).data).toEqual({
      state: 'rejected',
    });
    // Authorised again, with an expiry date in the past: refused as expired.
    await db(s)
      .updateTable('smart_terminal')
      .set({ state: 'authorized', expire_at: '2020-01-01' })
      .where('id', '=', t.id)
      .execute();
    expect((await api.call('manifest', {}, t.token)).data).toEqual({ state: 'expired' });
    // Set back to pending: the token waits.
    await db(s)
      .updateTable('smart_terminal')
      .set({ state: 'pending', expire_at: null })
      .where('id', '=', t.id)
      .execute();
    expect(await api.call('ads', {}, t.token)).toMatchObject({ code: 403, data: { state: 'pending' } });
  });

  it('a heartbeat marks the terminal online, takes its queued commands; the ack settles them as TerminalEvents', async () => {
    const t = await api.enrol('02:5e:60:00:00:0e');
    const area = await insert(s, 'system_area', { name: '0808', code: '0808', type: 'room' });
    await insert(s, 'smart_binding', { area_id: area, terminal_id: t.id });
    const onlineBefore = (await events(s, 'online')).length;
    const sent = await s.call<Rec>(
      '/admin.php/index/app_command',
      { method: 'send', ids: [t.id], type: 'show_message', args: { text: 'Hello' } },
      { token: admin },
    );
    expect(sent.code, sent.msg).toBe(200);
    const hb = await api.call('heartbeat', { app_version: '2.4.0' }, t.token);
    expect(hb.code, hb.msg).toBe(200);
    expect(hb.data).toMatchObject({ state: 'authorized', heartbeat_s: HEARTBEAT_S });
    expect(hb.data.commands).toEqual([
      { id: sent.data.command_ids[0], type: 'show_message', args: { text: 'Hello', duration_s: 10 } },
    ]);
    const row = await db(s)
      .selectFrom('smart_terminal')
      .selectAll()
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ online: 1, app_version: '2.4.0', ip: '127.0.0.1' });
    expect(row.last_seen >= formatDateTime(s.clock.now() - 5000)).toBe(true);
    // Taken once: the next heartbeat has none. The terminal came online at its register, so the
    // heartbeats add no `online` record.
    expect((await api.call('heartbeat', {}, t.token)).data.commands).toEqual([]);
    expect((await events(s, 'online')).length).toBe(onlineBefore);
    expect((await events(s, 'online')).filter((e) => e.terminal === '02:5e:60:00:00:0e')).toHaveLength(1);

    const ack = await api.call(
      'ack',
      { command_id: sent.data.command_ids[0], result: 'ok', detail: 'shown' },
      t.token,
    );
    expect(ack.code, ack.msg).toBe(200);
    expect(ack.data).toEqual({ command_id: sent.data.command_ids[0], state: 'acked', settled: true });
    const acks = await events(s, 'command_ack');
    expect(acks.at(-1)).toMatchObject({ read: 0 });
    expect(acks.at(-1)!.detail).toContain('show_message');
    const list = await s.call<Rec>('/admin.php/index/app_command', { method: 'list' }, { token: admin });
    expect(list.data.list.find((c: Rec) => c.id === sent.data.command_ids[0]).state).toBe('acked');
    // A repeated ack changes nothing; another terminal's command is not found.
    expect(
      (await api.call('ack', { command_id: sent.data.command_ids[0], result: 'ok' }, t.token)).data,
    ).toMatchObject({
      settled: false,
    });
    const other = await api.enrol('02:5e:60:00:00:0f');
    const theirs = await s.call<Rec>(
      '/admin.php/index/app_command',
      { method: 'send', ids: [other.id], type: 'reboot' },
      { token: admin },
    );
    const wrong = await api.call('ack', { command_id: theirs.data.command_ids[0], result: 'ok' }, t.token);
    expect(wrong.code).toBe(404);
    expect((await api.call('ack', { result: 'ok' }, t.token)).code).toBe(422);
    expect((await api.call('ack', { command_id: 1, result: 'maybe' }, t.token)).code).toBe(422);
  });

  it('an acked upgrade command also writes upgrade_ok / upgrade_fail', async () => {
    const t = await api.enrol('02:5e:60:00:00:10');
    const file = await upload(s, admin, 'apk', APK, 'launcher.apk');
    const rel = await insert(s, 'smart_app_release', {
      package_name: 'com.lakeside.launcher',
      version_name: '2.4.0',
      version_code: 240,
      file,
      state: 'published',
    });
    const sent = await s.call<Rec>(
      '/admin.php/index/app_command',
      { method: 'send', ids: [t.id], type: 'upgrade', args: { release_id: rel } },
      { token: admin },
    );
    expect(sent.code, sent.msg).toBe(200);
    await api.call('heartbeat', {}, t.token);
    const r = await api.call(
      'ack',
      { command_id: sent.data.command_ids[0], result: 'fail', detail: 'no space' },
      t.token,
    );
    expect(r.data.state).toBe('failed');
    const fail = await events(s, 'upgrade_fail');
    expect(fail.at(-1)!.detail).toContain(`release #${rel}`);
    expect(fail.at(-1)!.detail).toContain('no space');
  });

  it('heartbeats hand out the replies to the terminal’s messages once', async () => {
    const t = await api.enrol('02:5e:60:00:00:11');
    await api.call('heartbeat', {}, t.token);
    s.clock.advance(2000);
    const name = (
      await db(s).selectFrom('smart_terminal').select('mac').where('id', '=', t.id).executeTakeFirstOrThrow()
    ).mac;
    await insert(s, 'smart_message', {
      terminal: name,
      category: 'request',
      content: 'More towels please',
      state: 'replied',
      reply: 'On the way',
      replied_at: formatDateTime(s.clock.now()),
    });
    await insert(s, 'smart_message', {
      terminal: 'someone-else',
      content: 'x',
      state: 'replied',
      reply: 'not yours',
      replied_at: formatDateTime(s.clock.now()),
    });
    s.clock.advance(1000);
    const hb = await api.call('heartbeat', {}, t.token);
    expect(hb.data.replies).toEqual([
      expect.objectContaining({ content: 'More towels please', reply: 'On the way', category: 'request' }),
    ]);
    s.clock.advance(1000);
    expect((await api.call('heartbeat', {}, t.token)).data.replies).toEqual([]);
    expect(
      (await api.call('heartbeat', { replies_since: '2000-01-01 00:00:00' }, t.token)).data.replies,
    ).toHaveLength(1);
    expect((await api.call('heartbeat', { replies_since: 'yesterday' }, t.token)).code).toBe(422);
  });

  it('limits registers without a valid key per address; polling with a key counts per terminal', async () => {
    const fresh = await startServer(kind);
    try {
      const c = client(fresh);
      const first = await c.call('register', { mac: '02:5e:60:00:01:00' });
      for (let i = 0; i < 40; i++)
        expect(
          (await c.call('register', { mac: '02:5e:60:00:01:00', register_key: first.data.register_key }))
            .code,
        ).toBe(200);
      const codes: number[] = [];
      for (let i = 1; i <= 30; i++)
        codes.push((await c.call('register', { mac: `02:5e:60:00:02:${String(i).padStart(2, '0')}` })).code);
      expect(codes.filter((x) => x === 200)).toHaveLength(29);
      const last = await c.call('register', { mac: '02:5e:60:00:03:00' });
      expect(last.code).toBe(429);
      expect(last.data.retry_after_s).toBeGreaterThan(0);
      expect(
        await fresh.app.db.kysely.selectFrom('terminal_credentials').select('terminal_id').execute(),
      ).toHaveLength(30);
      // A minute later the address may register again.
      fresh.clock.advance(61_000);
      expect((await c.call('register', { mac: '02:5e:60:00:03:00' })).code).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describeEachDb('terminal API: offline job and dashboard cards', (kind) => {
  let s: TestServer;
  let admin: string;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    api = client(s);
  });
  afterAll(async () => s.close());

  const card = async (key: string, token = admin) => {
    const r = await s.call<{ cards: { key: string; value: number; total?: number }[] }>(
      '/admin.php/system/home',
      {},
      { token },
    );
    return r.data.cards.find((c) => c.key === key)!;
  };

  it('writes one offline record after 3 missed intervals, and online again on the next heartbeat', async () => {
    const a = await api.enrol('02:5e:60:00:02:01');
    const b = await api.enrol('02:5e:60:00:02:02');
    await api.call('register', { mac: '02:5e:60:00:02:03' }); // pending
    await api.call('heartbeat', {}, a.token);
    await api.call('heartbeat', {}, b.token);
    expect(await card('terminals_online')).toMatchObject({ value: 2, total: 2 });
    expect((await card('terminals_total')).value).toBe(3);
    expect((await card('terminals_pending')).value).toBe(1);

    s.clock.advance((3 * HEARTBEAT_S - 10) * 1000);
    await api.call('heartbeat', {}, b.token); // b keeps beating
    expect(await sweepOfflineTerminals(s.app)).toBe(0);
    s.clock.advance(20_000); // a: 100 s without a heartbeat
    // Two instances sweeping at once: one record.
    const [x, y] = await Promise.all([sweepOfflineTerminals(s.app), sweepOfflineTerminals(s.app)]);
    expect(x + y).toBe(1);
    const off = await events(s, 'offline');
    expect(off).toHaveLength(1);
    expect(off[0]!.detail).toMatch(/no heartbeat for 3 intervals/);
    expect(await sweepOfflineTerminals(s.app)).toBe(0);
    expect(
      (
        await db(s)
          .selectFrom('smart_terminal')
          .select('online')
          .where('id', '=', a.id)
          .executeTakeFirstOrThrow()
      ).online,
    ).toBe(0);
    expect(await card('terminals_online')).toMatchObject({ value: 1, total: 2 });

    const online = (await events(s, 'online')).length;
    await api.call('heartbeat', {}, a.token);
    expect(await events(s, 'online')).toHaveLength(online + 1);
    expect((await card('terminals_online')).value).toBe(2);
  });

  it('keeps no memory of its own: a terminal left online by a stopped server is recorded by the next one', async () => {
    // As a previous run left it: online, last heard 10 minutes ago, never swept.
    const t = await api.enrol('02:5e:60:00:02:04');
    await db(s)
      .updateTable('smart_terminal')
      .set({ online: 1, last_seen: formatDateTime(s.clock.now() - 600_000) })
      .where('id', '=', t.id)
      .execute();
    const before = (await events(s, 'offline')).length;
    // The job as the server runs it, on a timer (short here).
    const job = startTerminalPresence(s.app, 20);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await job.stop();
    const after = await events(s, 'offline');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.terminal).toBe('02:5e:60:00:02:04');
  });

  it('purges play records older than 180 days', async () => {
    const old = formatDateTime(s.clock.now() - 181 * 86_400_000);
    const recent = formatDateTime(s.clock.now() - 179 * 86_400_000);
    await insert(s, 'smart_play_record', {
      terminal: 'x',
      content_type: 'live',
      start_at: old,
      duration_s: 1,
    });
    await insert(s, 'smart_play_record', {
      terminal: 'x',
      content_type: 'live',
      start_at: recent,
      duration_s: 1,
    });
    expect(await purgeOldPlayRecords(s.app)).toBe(1);
    expect(
      (await db(s).selectFrom('smart_play_record').select('start_at').execute()).map((r) => r.start_at),
    ).toEqual([recent]);
  });

  it('stops taking new terminals while too many wait for authorisation', async () => {
    const now = Date.now();
    const waiting = (
      await db(s).selectFrom('smart_terminal').select('id').where('state', '=', 'pending').execute()
    ).length;
    await db(s)
      .insertInto('smart_terminal')
      .values(
        Array.from({ length: MAX_PENDING_PER_SITE - waiting }, (_, i) => ({
          site_id: 0,
          mac: `02:77:00:00:${String(Math.floor(i / 100)).padStart(2, '0')}:${String(i % 100).padStart(2, '0')}`,
          state: 'pending',
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    const r = await api.call('register', { mac: '02:5e:60:00:02:99' });
    expect(r.code).toBe(429);
    expect(r.msg).toMatch(/waiting for authorisation/);
    expect(
      await db(s).selectFrom('smart_terminal').select('id').where('mac', '=', '02:5e:60:00:02:99').execute(),
    ).toEqual([]);
    // Another site is not affected.
    expect((await api.call('register', { mac: '02:5e:60:00:02:99', site_id: 3 })).code).toBe(200);
    await db(s).deleteFrom('smart_terminal').where('mac', 'like', '02:77:%').execute();
  });

  it('operations home counts the terminals of each site', async () => {
    await api.call('register', { mac: '02:5e:60:00:02:05', site_id: 7 });
    await api.call('register', { mac: '02:5e:60:00:02:06', site_id: 6 });
    const ops = await s.login('admin', 'admin123', 1);
    // Registered sites only (site 0 is the gateway's own, no operations site).
    const r = await s.call<Rec>(
      '/operations/bulletin_board/home',
      {},
      { token: ops, headers: { 'igs-sids': '6,7' } },
    );
    expect(r.code, r.msg).toBe(200);
    const pending = r.data.sites.map((x: Rec) => [
      x.site_id,
      x.cards.find((c: Rec) => c.key === 'terminals_pending').value,
    ]);
    expect(pending).toEqual([
      [6, 1],
      [7, 1],
    ]);
  });
});

describeEachDb('terminal API: the day a terminal was heard, for the online trend', (kind) => {
  let s: TestServer;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    s = await startServer(kind);
    api = client(s);
  });
  afterAll(async () => s.close());

  it('a terminal’s first heartbeat of a day records its day for the online trend, once, without a sample', async () => {
    const days = (id: number) =>
      db(s).selectFrom('terminal_online_days').select('day').where('terminal_id', '=', id).execute();
    /** The row as a day-old heartbeat left it, and nothing recorded for today. */
    const heardYesterday = async (id: number) => {
      await db(s).deleteFrom('terminal_online_days').where('terminal_id', '=', id).execute();
      await db(s)
        .updateTable('smart_terminal')
        .set({ last_seen: formatDateTime(s.clock.now() - 86_400_000) })
        .where('id', '=', id)
        .execute();
    };
    const today = formatDateTime(s.clock.now()).slice(0, 10);
    const pending = await api.call('register', { mac: '02:5e:60:00:02:21' });
    expect(await days(pending.data.terminal_id)).toEqual([]);
    const t = await api.enrol('02:5e:60:00:02:20');
    // Authorised by its registration: its day is recorded at once.
    expect(await days(t.id)).toEqual([{ day: today }]);
    // Last heard yesterday, nothing recorded for today yet.
    await heardYesterday(t.id);
    expect((await api.call('heartbeat', {}, t.token)).code).toBe(200);
    expect(await days(t.id)).toEqual([{ day: today }]);
    // Two heartbeats at once and more later in the day: still one row.
    await heardYesterday(t.id);
    await Promise.all([api.call('heartbeat', {}, t.token), api.call('heartbeat', {}, t.token)]);
    await api.call('heartbeat', {}, t.token);
    expect(await days(t.id)).toEqual([{ day: today }]);
  });
});

describeEachDb('terminal API: manifest, ads, play, upgrade', (kind) => {
  let s: TestServer;
  let admin: string;
  let api: ReturnType<typeof client>;
  let guest: { id: number; token: string };
  let other: { id: number; token: string };
  let unbound: { id: number; token: string };
  let icon: string;
  let apk: string;
  const ids: Record<string, number> = {};
  const dt = (offsetMs: number) => formatDateTime(Date.now() + offsetMs);
  const day = (offsetDays: number) => dt(offsetDays * 86_400_000).slice(0, 10);
  const hm = (offsetMs: number) => dt(offsetMs).slice(11, 16);
  const H = 3_600_000;

  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    api = client(s);
    icon = await upload(s, admin, 'image', PNG, 'icon.png');
    apk = await upload(s, admin, 'apk', APK, 'launcher.apk');
    guest = await api.enrol('02:5e:60:00:03:01', { language: 'en' });
    unbound = await api.enrol('02:5e:60:00:03:02');
    other = await api.enrol('02:5e:60:00:03:03', { site_id: 2 });

    // Site 0: a tower with a room bound to the guest's terminal; a lobby elsewhere.
    ids.tower = await insert(s, 'system_area', { name: 'Tower', type: 'building' });
    ids.room = await insert(s, 'system_area', {
      name: 'Room 1501',
      code: '1501',
      type: 'room',
      parent_id: ids.tower,
    });
    ids.lobby = await insert(s, 'system_area', { name: 'Lobby', type: 'zone' });
    await insert(s, 'smart_binding', { area_id: ids.room, terminal_id: guest.id, bed_no: 'B' });
    await s.app.db.kysely
      .insertInto('area_occupancy')
      .values({
        site_id: 0,
        area_id: ids.room,
        code: '1501',
        state: 'occupied',
        guest_name: 'Ms Smith',
        source: 'fias',
        interface_id: 1,
        updated_at: Date.now(),
      })
      .execute();

    // App menu: a top item with a child, an English-only item, a hidden one, one for the lobby.
    ids.live = await insert(s, 'smart_app_menu', {
      name: '电视',
      name_en: 'TV',
      type: 'live',
      target: '1',
      icon,
      visible: 1,
      sort: 1,
    });
    ids.settings = await insert(s, 'smart_app_menu', {
      name: '设置',
      name_en: 'Settings',
      type: 'builtin',
      target: 'settings',
      icon,
      visible: 1,
      sort: 2,
    });
    ids.wifi = await insert(s, 'smart_app_menu', {
      name: '网络',
      name_en: 'Wi-Fi',
      type: 'builtin',
      target: 'wifi',
      icon,
      parent_id: ids.settings,
      visible: 1,
    });
    ids.english = await insert(s, 'smart_app_menu', {
      name: '英文',
      name_en: 'English news',
      type: 'url',
      target: 'https://example.com',
      icon,
      languages: JSON.stringify(['en']),
      visible: 1,
      sort: 3,
    });
    ids.hidden = await insert(s, 'smart_app_menu', {
      name: '隐藏',
      type: 'mall',
      target: '1',
      icon,
      visible: 0,
    });
    ids.lobbyOnly = await insert(s, 'smart_app_menu', {
      name: '大堂',
      type: 'intro',
      target: '1',
      icon,
      visible: 1,
      area_ids: JSON.stringify([ids.lobby]),
    });
    ids.template = await insert(s, 'smart_easy_template', {
      name: 'Grid',
      layout: 'grid_3x2',
      orientation: 'landscape',
      tiles: JSON.stringify([
        { slot: 2, app_menu_id: ids.settings },
        { slot: 1, app_menu_id: ids.live },
        { slot: 3, app_menu_id: ids.hidden },
      ]),
      background: icon,
      enabled: 1,
    });
    ids.defaultScene = await insert(s, 'smart_scene', {
      name: 'Default',
      industry: 'hotel',
      template_id: ids.template,
      welcome_title: '欢迎',
      is_default: 1,
      enabled: 1,
    });
    ids.towerScene = await insert(s, 'smart_scene', {
      name: 'Tower',
      industry: 'hotel',
      template_id: ids.template,
      welcome_title: '{guest_name}，欢迎入住',
      welcome_title_en: 'Welcome, {guest_name}',
      welcome_text_en: 'You are in room {room}, bed {bed}.',
      logo: icon,
      area_ids: JSON.stringify([ids.tower]),
      enabled: 1,
    });
    await insert(s, 'smart_scene', {
      name: 'Lobby',
      industry: 'hotel',
      template_id: ids.template,
      area_ids: JSON.stringify([ids.lobby]),
      enabled: 1,
    });
    await insert(s, 'smart_scene_resource', {
      scene_id: ids.towerScene,
      file: icon,
      duration_s: 8,
      title: 'Lake',
      sort: 1,
    });
    // Holiday themes: one in force for every scene, a higher one for another scene, one finished.
    ids.theme = await insert(s, 'system_theme', {
      name: 'Spring',
      festival: 'spring_festival',
      start_date: day(-1),
      end_date: day(1),
      greeting: '新春快乐',
      greeting_en: 'Happy new year',
      overlay: icon,
      priority: 5,
      enabled: 1,
    });
    await insert(s, 'system_theme', {
      name: 'Other scene',
      festival: 'custom',
      start_date: day(-1),
      end_date: day(1),
      scene_ids: JSON.stringify([ids.defaultScene]),
      priority: 50,
      enabled: 1,
    });
    await insert(s, 'system_theme', {
      name: 'Over',
      festival: 'custom',
      start_date: day(-9),
      end_date: day(-2),
      priority: 99,
      enabled: 1,
    });

    // Site 2: its own default scene and menu, which site 0 must never see (and the reverse).
    await insert(s, 'smart_app_menu', { name: '站点二', type: 'live', target: '1', icon, visible: 1 }, 2);
    await insert(
      s,
      'smart_scene',
      { name: 'Site two', industry: 'hotel', template_id: ids.template, is_default: 1, enabled: 1 },
      2,
    );
  });
  afterAll(async () => s.close());

  it('manifest: the scene of the area above the room, its template tiles, menu, theme and filled welcome text', async () => {
    const r = await api.call('manifest', {}, guest.token);
    expect(r.code, r.msg).toBe(200);
    const m = r.data;
    expect(m.terminal).toMatchObject({
      id: guest.id,
      language: 'en',
      area: { id: ids.room, code: '1501', bed_no: 'B' },
    });
    expect(m.guest).toEqual({ name: 'Ms Smith', occupied: true });
    expect(m.scene).toMatchObject({
      id: ids.towerScene,
      source: 'area',
      welcome_title: 'Welcome, Ms Smith',
      welcome_text: 'You are in room 1501, bed B.',
    });
    expect(m.scene.logo).toMatch(/\/admin\.php\/common\/file\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    expect(m.scene.carousel).toEqual([{ file: expect.stringContaining(icon), duration_s: 8, title: 'Lake' }]);
    // The signed link opens without a session.
    const res = await fetch(m.scene.logo);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    // Tiles in slot order; the hidden item's slot is left out.
    expect(m.template).toMatchObject({ id: ids.template, layout: 'grid_3x2' });
    expect(m.template.tiles.map((x: Rec) => [x.slot, x.app.id, x.app.name])).toEqual([
      [1, ids.live, 'TV'],
      [2, ids.settings, 'Settings'],
    ]);
    // Menu: two levels, English names, the English-only item, not the hidden or lobby ones, not site 2's.
    expect(m.menu.map((x: Rec) => x.name)).toEqual(['TV', 'Settings', 'English news']);
    expect(m.menu[1].children.map((x: Rec) => x.name)).toEqual(['Wi-Fi']);
    expect(m.theme).toMatchObject({ id: ids.theme, greeting: 'Happy new year' });
    expect(m.theme.overlay).toContain(icon);
  });

  it('manifest: the scene naming the room itself wins over the building’s', async () => {
    const roomScene = await insert(s, 'smart_scene', {
      name: 'Room',
      industry: 'hotel',
      template_id: ids.template,
      area_ids: JSON.stringify([ids.room]),
      enabled: 1,
    });
    expect((await api.call('manifest', {}, guest.token)).data.scene).toMatchObject({
      id: roomScene,
      source: 'area',
    });
    await db(s).updateTable('smart_scene').set({ enabled: 0 }).where('id', '=', roomScene).execute();
    expect((await api.call('manifest', {}, guest.token)).data.scene.id).toBe(ids.towerScene);
  });

  it('manifest: an unbound terminal gets the default scene, no placeholders filled, and only unrestricted items', async () => {
    const m = (await api.call('manifest', {}, unbound.token)).data;
    expect(m.terminal.area).toBeNull();
    expect(m.guest).toEqual({ name: '', occupied: false });
    expect(m.scene).toMatchObject({ id: ids.defaultScene, source: 'default', welcome_title: '欢迎' });
    // Chinese names; the English-only item is not shown to a Chinese terminal.
    expect(m.menu.map((x: Rec) => x.name)).toEqual(['电视', '设置']);
    // The default scene is named by the higher theme.
    expect(m.theme.name).toBe('Other scene');
  });

  it('manifest: a terminal of another site sees only its site', async () => {
    const m = (await api.call('manifest', {}, other.token)).data;
    expect(m.scene.name).toBe('Site two');
    expect(m.menu.map((x: Rec) => x.name)).toEqual(['站点二']);
    // The template is the gateway's (shared with every site), the theme too.
    expect(m.template.id).toBe(ids.template);
  });

  it('ads: only active, targeted, approved items, by priority', async () => {
    const approved = await insert(s, 'advert_material', {
      name: 'Approved',
      kind: 'image',
      file: icon,
      audit_state: 'approved',
    });
    const pending = await insert(s, 'advert_material', {
      name: 'Pending',
      kind: 'image',
      file: icon,
      audit_state: 'pending',
    });
    const otherSite = await insert(
      s,
      'advert_material',
      { name: 'Other', kind: 'image', file: icon, audit_state: 'approved' },
      2,
    );
    const week = JSON.stringify([1, 2, 3, 4, 5, 6, 7]);
    const active = { start_at: dt(-H), end_at: dt(H), weekdays: week, enabled: 1 };
    const todayWeekday = ((new Date().getDay() + 6) % 7) + 1;
    const boot = (name: string, extra: Rec, site = 0) =>
      insert(
        s,
        'advert_boot',
        { name, material_id: approved, show_s: 5, priority: 50, ...active, ...extra },
        site,
      );
    await boot('low', { priority: 10 });
    await boot('high', { priority: 90, area_ids: JSON.stringify([ids.tower]) });
    await boot('lobby only', { area_ids: JSON.stringify([ids.lobby]) });
    await boot('pending material', { material_id: pending });
    await boot('expired', { start_at: dt(-3 * H), end_at: dt(-H) });
    await boot('upcoming', { start_at: dt(H), end_at: dt(3 * H) });
    await boot('disabled', { enabled: 0 });
    await boot('not today', { weekdays: JSON.stringify([(todayWeekday % 7) + 1]) });
    await boot('later today', { time_from: hm(H), time_to: hm(2 * H) });
    await boot('this hour', { time_from: hm(-H), time_to: hm(H) });
    await boot('other terminal', { terminal_ids: JSON.stringify([unbound.id]) });
    await boot('this terminal', { terminal_ids: JSON.stringify([guest.id]) });
    ids.pkg = await insert(s, 'media_live_package', { name: 'Sports', code: 'SP', enabled: 1 });
    await boot('package holders', { package_ids: JSON.stringify([ids.pkg]) });
    await boot('site two', { material_id: otherSite }, 2);
    await insert(s, 'advert_homepage', {
      name: 'Banner',
      position: 'banner',
      items: JSON.stringify([
        { material_id: pending, duration_s: 5 },
        { material_id: approved, duration_s: 7, link_type: 'url', link_target: 'https://example.com' },
      ]),
      ...active,
    });
    await insert(s, 'advert_homepage', {
      name: 'Nothing approved',
      items: JSON.stringify([{ material_id: pending }]),
      ...active,
    });
    await insert(s, 'advert_live', {
      name: 'Corner',
      kind: 'corner',
      material_id: approved,
      program_ids: JSON.stringify([3]),
      ...active,
    });
    await insert(s, 'advert_text', { content: '晚餐', content_en: 'Dinner', position: 'bottom', ...active });
    await insert(s, 'advert_text', { content: 'Old', ...active, end_at: dt(-1000), start_at: dt(-H) });

    const r = await api.call('ads', {}, guest.token);
    expect(r.code, r.msg).toBe(200);
    expect(r.data.boot.map((a: Rec) => a.name)).toEqual(['high', 'this hour', 'this terminal', 'low']);
    expect(r.data.boot[0].material).toMatchObject({
      id: approved,
      kind: 'image',
      url: expect.stringContaining(icon),
    });
    expect(r.data.homepage).toHaveLength(1);
    expect(r.data.homepage[0].items).toEqual([
      expect.objectContaining({
        duration_s: 7,
        link_type: 'url',
        material: expect.objectContaining({ id: approved }),
      }),
    ]);
    expect(r.data.live.map((a: Rec) => [a.name, a.program_ids])).toEqual([['Corner', [3]]]);
    expect(r.data.text.map((a: Rec) => a.content)).toEqual(['Dinner']);

    // A subscription of the terminal's room brings the package ad; another site sees its own only.
    await insert(s, 'media_user_package', {
      target_type: 'area',
      target_id: ids.room,
      package_id: ids.pkg,
      start_at: dt(-H),
      end_at: dt(24 * H),
      state: 'active',
    });
    expect((await api.call('ads', {}, guest.token)).data.boot.map((a: Rec) => a.name)).toContain(
      'package holders',
    );
    expect((await api.call('ads', {}, unbound.token)).data.boot.map((a: Rec) => a.name)).toEqual([
      'this hour',
      'other terminal',
      'low',
    ]);
    const two = (await api.call('ads', {}, other.token)).data;
    expect(two.boot.map((a: Rec) => a.name)).toEqual(['site two']);
    expect(two.text).toEqual([]);
  });

  it('upgrade: the newest published release for the model and area, with URL and MD5', async () => {
    const rel = (version_code: number, extra: Rec = {}) =>
      insert(s, 'smart_app_release', {
        package_name: 'com.lakeside.launcher',
        version_name: `v${version_code}`,
        version_code,
        file: apk,
        state: 'published',
        ...extra,
      });
    const v1 = await rel(100);
    const v2 = await rel(200, { area_ids: JSON.stringify([ids.tower]), force: 1 });
    await rel(300, { models: JSON.stringify(['OTHER-MODEL']) });
    await rel(400, { state: 'draft' });
    await rel(500, { state: 'withdrawn' });
    await rel(600, { area_ids: JSON.stringify([ids.lobby]) });
    await rel(700, { package_name: 'com.other.app' });

    const r = await api.call(
      'upgrade',
      { package_name: 'com.lakeside.launcher', version_code: 150 },
      guest.token,
    );
    expect(r.code, r.msg).toBe(200);
    expect(r.data.update).toBe(true);
    expect(r.data.release).toMatchObject({
      id: v2,
      version_code: 200,
      force: 1,
      size: APK.length,
      md5: createHash('md5').update(APK).digest('hex'),
      sha256: createHash('sha256').update(APK).digest('hex'),
    });
    const got = Buffer.from(await (await fetch(r.data.release.url)).arrayBuffer());
    expect(got.equals(APK)).toBe(true);
    // Already on it: nothing to do. Outside the tower only v1 applies.
    expect(
      (await api.call('upgrade', { package_name: 'com.lakeside.launcher', version_code: 200 }, guest.token))
        .data.update,
    ).toBe(false);
    expect(
      (await api.call('upgrade', { package_name: 'com.lakeside.launcher' }, unbound.token)).data.release.id,
    ).toBe(v1);
    // Another site has none; a bad package name is refused.
    expect((await api.call('upgrade', { package_name: 'com.lakeside.launcher' }, other.token)).data).toEqual({
      update: false,
      release: null,
    });
    expect((await api.call('upgrade', { package_name: '../etc' }, guest.token)).code).toBe(422);
    // The outcome comes back as a TerminalEvent.
    const ack = await api.call('ack', { release_id: v2, result: 'ok' }, guest.token);
    expect(ack.code, ack.msg).toBe(200);
    const ok = await events(s, 'upgrade_ok');
    expect(ok.at(-1)).toMatchObject({ area: '1501' });
    expect(ok.at(-1)!.detail).toContain('com.lakeside.launcher v200 (200)');
    // Another site's release is not found for this terminal.
    const theirs = await insert(
      s,
      'smart_app_release',
      { package_name: 'com.x.y', version_name: '1', version_code: 1, state: 'published' },
      2,
    );
    expect((await api.call('ack', { release_id: theirs, result: 'ok' }, guest.token)).code).toBe(404);
  });

  it('play: stores reports once (single or batch), named by terminal and room; refuses bad ones whole', async () => {
    const start = dt(-10 * 60_000);
    const one = await api.call(
      'play',
      { content_type: 'live', content_id: 3, content_name: 'CCTV-5', started_at: start, duration: 300 },
      guest.token,
    );
    expect(one.code, one.msg).toBe(200);
    expect(one.data).toEqual({ stored: 1, duplicates: 0 });
    // Epoch seconds and milliseconds are read too.
    const startS = Math.floor((Date.now() - 60_000) / 1000);
    const batch = await api.call(
      'play',
      {
        records: [
          { content_type: 'live', content_id: 3, start_at: start, duration_s: 300 },
          {
            content_type: 'ad',
            content_id: 9,
            start_at: startS,
            end_at: startS * 1000 + 10_000,
          },
        ],
      },
      guest.token,
    );
    expect(batch.data).toEqual({ stored: 1, duplicates: 1 });
    const rows = await db(s).selectFrom('smart_play_record').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      terminal: '02:5e:60:00:03:01',
      area: '1501',
      content_type: 'live',
      content_name: 'CCTV-5',
      start_at: start,
      duration_s: 300,
    });
    expect(rows[1]).toMatchObject({ content_type: 'ad', duration_s: 10 });

    const bad = [
      {
        records: [
          { content_type: 'live', start_at: start },
          { content_type: 'film', start_at: start },
        ],
      },
      { content_type: 'live', start_at: dt(H) },
      { content_type: 'live', start_at: '2000-01-01 00:00:00' },
      { content_type: 'live', start_at: 'soon' },
      { content_type: 'live', start_at: start, end_at: dt(-H) },
      { records: [] },
      { records: Array.from({ length: 201 }, () => ({ content_type: 'live', start_at: start })) },
    ];
    for (const body of bad)
      expect((await api.call('play', body, guest.token)).code, JSON.stringify(body).slice(0, 80)).toBe(422);
    expect(await db(s).selectFrom('smart_play_record').select('id').execute()).toHaveLength(2);
  });
});

describe('terminal API documentation', () => {
  it('is listed in the OpenAPI document', async () => {
    const { allActions } = await import('../src/app.ts');
    const paths = allActions.filter((a) => a.path.startsWith(API)).map((a) => a.path.slice(API.length + 1));
    expect(paths.sort()).toEqual(
      ['ack', 'ads', 'heartbeat', 'manifest', 'play', 'upgrade', 'register'].sort(),
    );
  });
});
