import { storedText } from '@igs/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ackCommand, takeCommands } from '../src/features/smart-extras/app-command.ts';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const STAT = '/admin.php/smart/terminal_stat';
const CMD = '/admin.php/index/app_command';
const OPS_CMD = '/operations/index/app_command';
const OTHER = '/admin.php/index/scenario_other';
const OPS_OTHER = '/operations/index/scenario_other';
const SHOP = '/admin.php/shop/config';
const OPS_SHOP = '/operations/shop/config';

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
type AnyDb = Kysely<any>;
type List<T = Record<string, unknown>> = { list: T[]; total: number };
// Replies read loosely in assertions.
// biome-ignore lint/suspicious/noExplicitAny: assertions read replies of many shapes
type Rec = Record<string, any>;
type Tree = { value: number; label: string; children?: Tree[] };

async function insert(s: TestServer, table: string, rows: Record<string, unknown>[]): Promise<number[]> {
  const now = Date.now();
  const out = await (s.app.db.kysely as unknown as AnyDb)
    .insertInto(table)
    .values(rows.map((r) => ({ site_id: 0, created_at: now, updated_at: now, ...r })))
    .returning('id')
    .execute();
  return out.map((r) => Number(r.id));
}

describeEachDb('terminal statistics', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = Record<string, unknown>>(body: unknown, t = token) => s.call<T>(STAT, body, { token: t });
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('an empty database gives zeros and empty lists, every day of the range present', async () => {
    const r = await call<Rec>({ method: 'stats', from: '2026-03-01', to: '2026-03-03' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.summary).toEqual({
      total: 0,
      online: 0,
      offline: 0,
      pending: 0,
      authorized: 0,
      rejected: 0,
      disabled: 0,
    });
    expect(r.data.by_area).toEqual([]);
    expect(r.data.top_channels).toEqual([]);
    expect(r.data.totals).toEqual({ plays: 0, hours: 0 });
    expect(r.data.daily).toEqual([
      { date: '2026-03-01', plays: 0, hours: 0, active_terminals: 0 },
      { date: '2026-03-02', plays: 0, hours: 0, active_terminals: 0 },
      { date: '2026-03-03', plays: 0, hours: 0, active_terminals: 0 },
    ]);
  });

  it('counts terminals by state, area, model and version, and plays by day and content', async () => {
    const now = s.clock.now();
    const fresh = formatDateTime(now - 30_000);
    const stale = formatDateTime(now - 600_000);
    const [a1, a2, a3] = await insert(s, 'system_area', [
      { name: '0801', type: 'room' },
      { name: '0802', type: 'room' },
      { name: '0901', type: 'room' },
    ]);
    const [t1, t2, , t4] = await insert(s, 'smart_terminal', [
      { mac: '00:11:22:33:44:01', state: 'authorized', last_seen: fresh, model: 'X1', app_version: '2.0' },
      { mac: '00:11:22:33:44:02', state: 'authorized', last_seen: stale, model: 'X1', app_version: '1.9' },
      { mac: '00:11:22:33:44:03', state: 'pending', model: 'X2', app_version: '2.0' },
      { mac: '00:11:22:33:44:04', state: 'authorized', last_seen: fresh, model: 'X2', app_version: '2.0' },
      { mac: '00:11:22:33:44:05', state: 'rejected' },
      // another site's terminal never counts here
      { mac: '00:11:22:33:44:06', state: 'authorized', last_seen: fresh, site_id: 3 },
    ]);
    await insert(s, 'smart_binding', [
      { area_id: a1, terminal_id: t1 },
      { area_id: a2, terminal_id: t2 },
      { area_id: a3, terminal_id: t4 },
    ]);
    await insert(s, 'smart_play_record', [
      {
        terminal: 'T1',
        content_type: 'live',
        content_name: 'CCTV-1',
        start_at: '2026-03-01 20:00:00',
        duration_s: 3600,
      },
      {
        terminal: 'T1',
        content_type: 'live',
        content_name: 'CCTV-1',
        start_at: '2026-03-02 20:00:00',
        duration_s: 1800,
      },
      {
        terminal: 'T2',
        content_type: 'live',
        content_name: 'Hunan',
        start_at: '2026-03-02 21:00:00',
        duration_s: 900,
      },
      {
        terminal: 'T2',
        content_type: 'vod',
        content_name: 'Film A',
        start_at: '2026-03-02 22:00:00',
        duration_s: 7200,
      },
      {
        terminal: 'T2',
        content_type: 'ad',
        content_name: 'Boot ad',
        start_at: '2026-03-03 08:00:00',
        duration_s: 5,
      },
      // outside the range, and of another site
      {
        terminal: 'T1',
        content_type: 'live',
        content_name: 'CCTV-1',
        start_at: '2026-03-04 00:00:00',
        duration_s: 99999,
      },
      {
        terminal: 'T9',
        content_type: 'live',
        content_name: 'Other',
        start_at: '2026-03-02 20:00:00',
        duration_s: 99999,
        site_id: 3,
      },
    ]);
    const r = await call<Rec>({ method: 'stats', from: '2026-03-01', to: '2026-03-03' });
    expect(r.data.summary).toEqual({
      total: 5,
      online: 2,
      offline: 1,
      pending: 1,
      authorized: 3,
      rejected: 1,
      disabled: 0,
    });
    expect(r.data.by_area).toEqual([
      { key: '', total: 2, online: 0, offline: 0, pending: 1 },
      { key: '0801', total: 1, online: 1, offline: 0, pending: 0 },
      { key: '0802', total: 1, online: 0, offline: 1, pending: 0 },
      { key: '0901', total: 1, online: 1, offline: 0, pending: 0 },
    ]);
    expect(r.data.by_model).toContainEqual({ key: 'X1', total: 2, online: 1, offline: 1, pending: 0 });
    expect(r.data.by_app_version[0]).toEqual({ key: '2.0', total: 3, online: 2, offline: 0, pending: 1 });
    expect(r.data.daily).toEqual([
      { date: '2026-03-01', plays: 1, hours: 1, active_terminals: 1 },
      { date: '2026-03-02', plays: 3, hours: 2.75, active_terminals: 2 },
      { date: '2026-03-03', plays: 1, hours: 0, active_terminals: 1 },
    ]);
    expect(r.data.top_channels).toEqual([
      { name: 'CCTV-1', plays: 2, hours: 1.5 },
      { name: 'Hunan', plays: 1, hours: 0.25 },
    ]);
    expect(r.data.top_films).toEqual([{ name: 'Film A', plays: 1, hours: 2 }]);
    expect(r.data.totals.plays).toBe(5);
    // A heartbeat older than 90 s is offline.
    s.clock.advance(120_000);
    token = await s.login();
    const later = await call<Rec>({ method: 'stats', from: '2026-03-01', to: '2026-03-01' });
    expect(later.data.summary).toMatchObject({ online: 0, offline: 3 });
  });

  it('exports the same figures as CSV', async () => {
    const r = await call<{ url: string }>({ method: 'export', from: '2026-03-01', to: '2026-03-03' });
    expect(r.code, r.msg).toBe(200);
    const csv = Buffer.from(await (await fetch(s.url + r.data.url)).arrayBuffer()).toString('utf8');
    expect(csv.split('\r\n')[0]).toBe(
      '\uFEFFsection,key,total,online,offline,pending,plays,hours,active_terminals',
    );
    expect(csv).toContain('day,2026-03-02,,,,,3,2.75,2');
    expect(csv).toContain('top_channel,CCTV-1,,,,,2,1.5,');
    expect(csv).toContain('area,0802,1,0,1,0,,,');
  });

  it('refuses bad ranges, and callers without the menu or the export key', async () => {
    expect((await call({ method: 'stats', from: '2026-13-01' })).code).toBe(422);
    expect((await call({ method: 'stats', from: '2026-03-05', to: '2026-03-01' })).code).toBe(422);
    expect((await call({ method: 'stats', from: '2020-01-01', to: '2026-01-01' })).msg).toContain('366');
    const none = await accountWith(s, 'stat_none', ['/admin.php/system/logging'], []);
    expect((await call({ method: 'stats' }, none)).code).toBe(403);
    const reader = await accountWith(s, 'stat_reader', [STAT], []);
    expect((await call({ method: 'stats' }, reader)).code).toBe(200);
    const exp = await call({ method: 'export' }, reader);
    expect(exp.code).toBe(403);
    expect(exp.msg).toContain('smart:terminal_stat:export');
  });
});

describeEachDb('terminal commands', (kind) => {
  let s: TestServer;
  let token: string;
  let ops: string;
  let ids: number[];
  const call = <T = Record<string, unknown>>(body: unknown, t = token) => s.call<T>(CMD, body, { token: t });
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    ops = await s.login('admin', 'admin123', 1);
    ids = await insert(s, 'smart_terminal', [
      { mac: '00:11:22:33:44:01', name: 'Room 801', state: 'authorized' },
      { mac: '00:11:22:33:44:02', state: 'pending' },
      { mac: '00:11:22:33:44:03', state: 'authorized', site_id: 1 },
    ]);
    await insert(s, 'smart_app_release', [
      { package_name: 'com.igs.launcher', version_name: '2.0', version_code: 20, state: 'published' },
      { package_name: 'com.igs.launcher', version_name: '2.1', version_code: 21, state: 'draft' },
    ]);
  });
  afterAll(async () => s.close());
  const history = async (t = token, path = CMD, headers?: Record<string, string>) =>
    (
      await s.call<List<{ id: number; state: string; type: string; terminal: string }>>(
        path,
        { method: 'list' },
        { token: t, headers },
      )
    ).data;

  it('queues a command per authorised terminal, with checked arguments', async () => {
    const r = await call<{ queued: number; command_ids: number[] }>({
      method: 'send',
      ids: [ids[0]],
      type: 'show_message',
      args: { text: '欢迎入住', duration_s: 15 },
    });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.queued).toBe(1);
    const h = await history();
    expect(h.list[0]).toMatchObject({
      type: 'show_message',
      state: 'queued',
      terminal: 'Room 801',
      args: { text: '欢迎入住', duration_s: 15 },
    });
    const up = await call({ method: 'send', ids: [ids[0]], type: 'upgrade', args: { release_id: 1 } });
    expect(up.code, up.msg).toBe(200);
  });

  it('refuses bad commands and changes nothing', async () => {
    const before = (await history()).total;
    const cases: [unknown, number][] = [
      [{ method: 'send', ids: [ids[1]], type: 'reboot' }, 422], // pending terminal
      [{ method: 'send', ids: [999], type: 'reboot' }, 404],
      [{ method: 'send', ids: [ids[0]], type: 'format_disk' }, 422],
      [{ method: 'send', ids: [ids[0]], type: 'reboot', args: { now: 1 } }, 422],
      [{ method: 'send', ids: [ids[0]], type: 'show_message', args: {} }, 422],
      [{ method: 'send', ids: [ids[0]], type: 'open_app', args: { package: 'rm -rf' } }, 422],
      [{ method: 'send', ids: [ids[0]], type: 'upgrade', args: { release_id: 2 } }, 422], // draft
      [{ method: 'send', ids: [], type: 'reboot' }, 422],
    ];
    for (const [body, code] of cases) expect((await call(body)).code, JSON.stringify(body)).toBe(code);
    expect((await call({ method: 'send', ids: [ids[1]], type: 'reboot' })).msg).toContain(
      '00:11:22:33:44:02',
    );
    expect((await history()).total).toBe(before);
  });

  it('the heartbeat takes queued commands; the ack settles them and writes a terminal record', async () => {
    const taken = await takeCommands(s.app, ids[0]!);
    expect(taken.map((c) => c.type)).toEqual(['show_message', 'upgrade']);
    expect(await takeCommands(s.app, ids[0]!)).toEqual([]);
    expect(await ackCommand(s.app, ids[0]!, taken[0]!.id, true, 'shown')).toBe(true);
    expect(await ackCommand(s.app, ids[0]!, taken[1]!.id, false, 'no space')).toBe(true);
    expect(await ackCommand(s.app, ids[0]!, taken[1]!.id, true)).toBe(false);
    const h = await history();
    expect(h.list.map((c) => c.state)).toEqual(['failed', 'acked']);
    const events = await s.call<List<{ type: string; detail: string; terminal: string }>>(
      '/admin.php/smart/terminal_record',
      { method: 'list', filter: { type: 'command_ack' } },
      { token },
    );
    // Kept as catalogue keys: the list gives them in the reader's language once rendered.
    expect(events.data.list.map((e) => storedText(String(e.detail), 'en')).sort()).toEqual([
      `show_message #${taken[0]!.id} ok: shown`,
      `upgrade #${taken[1]!.id} failed: no space`,
    ]);
  });

  it('operations mode: commands stay within the site named in igs-sids', async () => {
    const site = (id: string) => ({ token: ops, headers: { 'igs-sids': id } });
    expect((await s.call(OPS_CMD, { method: 'send', ids: [ids[0]], type: 'reboot' }, site('1'))).code).toBe(
      404,
    );
    const r = await s.call(OPS_CMD, { method: 'send', ids: [ids[2]], type: 'reboot' }, site('1'));
    expect(r.code, r.msg).toBe(200);
    expect((await history(ops, OPS_CMD, { 'igs-sids': '1' })).list.map((c) => c.type)).toEqual(['reboot']);
    expect((await history(ops, OPS_CMD, { 'igs-sids': '2' })).total).toBe(0);
    expect((await history()).list.some((c) => c.type === 'reboot')).toBe(false);
  });

  it('needs the send key', async () => {
    const reader = await accountWith(s, 'cmd_reader', [CMD], []);
    expect((await call({ method: 'list' }, reader)).code).toBe(200);
    const r = await call({ method: 'send', ids: [ids[0]], type: 'reboot' }, reader);
    expect(r.code).toBe(403);
    expect(r.msg).toContain('index:app_command:send');
  });
});

describeEachDb('smart display settings and options', (kind) => {
  let s: TestServer;
  let token: string;
  let ops: string;
  const call = <T = Rec>(path: string, body: unknown, t = token, headers?: Record<string, string>) =>
    s.call<T>(path, body, { token: t, headers });
  const site = (id: string) => ({ 'igs-sids': id });
  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    ops = await s.login('admin', 'admin123', 1);
  });
  afterAll(async () => s.close());

  it('app_type and app_language answer their options in the caller language', async () => {
    const types = await call<{ value: string; label: string }[]>('/admin.php/index/app_type', {
      method: 'options',
    });
    expect(types.data.map((o) => o.value)).toEqual([
      'builtin',
      'apk',
      'live',
      'vod',
      'intro',
      'mall',
      'url',
      'scene',
    ]);
    const zh = await s.call<{ value: string; label: string }[]>(
      '/admin.php/index/app_language',
      { method: 'options' },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.data).toEqual([
      { value: 'zh', label: '中文' },
      { value: 'en', label: '英文' },
    ]);
    const opsList = await call<List>('/operations/index/app_type', { method: 'list' }, ops, site('1'));
    expect(opsList.data.total).toBe(8);
  });

  it('scenario other settings: site values, a scene override, inherit again', async () => {
    const [tpl] = await insert(s, 'smart_easy_template', [{ name: 'T' }]);
    const [scene] = await insert(s, 'smart_scene', [{ name: 'Hotel', industry: 'hotel', template_id: tpl }]);
    const d0 = await call(OTHER, { method: 'detail' });
    expect(d0.data).toMatchObject({
      wifi_ssid: '',
      checkout_time: '12:00',
      scene_id: 0,
      inherited: false,
      wifi_qr_text: '',
    });
    expect(
      (
        await call(OTHER, {
          method: 'form',
          wifi_ssid: 'Hotel',
          wifi_password: 'welcome123',
          front_desk_phone: '8000',
        })
      ).code,
    ).toBe(200);
    const inherited = await call(OTHER, { method: 'detail', scene_id: scene });
    expect(inherited.data).toMatchObject({
      wifi_ssid: 'Hotel',
      inherited: true,
      wifi_qr_text: 'WIFI:T:WPA;S:Hotel;P:welcome123;;',
    });
    expect(
      (await call(OTHER, { method: 'form', scene_id: scene, wifi_ssid: 'Suite', notice: '早餐7点' })).code,
    ).toBe(200);
    expect((await call(OTHER, { method: 'detail', scene_id: scene })).data).toMatchObject({
      wifi_ssid: 'Suite',
      wifi_password: 'welcome123',
      notice: '早餐7点',
      inherited: false,
    });
    expect((await call(OTHER, { method: 'detail' })).data.wifi_ssid).toBe('Hotel');
    expect((await call(OTHER, { method: 'form', scene_id: scene, inherit: 1 })).code).toBe(200);
    expect((await call(OTHER, { method: 'detail', scene_id: scene })).data).toMatchObject({
      wifi_ssid: 'Hotel',
      inherited: true,
    });
  });

  it('scenario other settings: bad input changes nothing; unknown scene 404; the edit key is needed', async () => {
    const before = (await call(OTHER, { method: 'detail' })).data;
    for (const body of [
      { wifi_password: 'short' },
      { checkout_time: '25:00' },
      { service_qr_url: 'javascript:alert(1)' },
      { front_desk_phone: 'call me' },
      { wifi_ssid: 'x'.repeat(33) },
    ]) {
      const r = await call(OTHER, { method: 'form', ...body });
      expect(r.code, JSON.stringify(body)).toBe(422);
    }
    expect((await call(OTHER, { method: 'detail' })).data).toEqual(before);
    expect((await call(OTHER, { method: 'detail', scene_id: 999 })).code).toBe(404);
    expect((await call(OTHER, { method: 'form', scene_id: 999, wifi_ssid: 'x' })).code).toBe(404);
    const reader = await accountWith(s, 'other_reader', [OTHER], []);
    expect((await call(OTHER, { method: 'detail' }, reader)).code).toBe(200);
    const r = await call(OTHER, { method: 'form', wifi_ssid: 'x' }, reader);
    expect(r.code).toBe(403);
    expect(r.msg).toContain('index:scenario_other:edit');
  });

  it('mall settings: stored per site; the extension to ring must exist', async () => {
    expect((await call(SHOP, { method: 'detail' })).data).toMatchObject({
      enabled: 1,
      open_from: '08:00',
      open_to: '22:00',
      min_amount: 0,
      delivery_fee: 0,
      room_charge_to_pms: 0,
    });
    const missing = await call(SHOP, { method: 'form', notify_extension: '8001' });
    expect(missing.code).toBe(422);
    expect(missing.msg).toContain('8001');
    await insert(s, 'voice_extension', [{ extension: '8001', name: 'Front desk' }]);
    expect((await call(SHOP, { method: 'form', notify_extension: '8001', delivery_fee: 500 })).code).toBe(
      200,
    );
    expect((await call(SHOP, { method: 'form', min_amount: -1 })).code).toBe(422);
    expect((await call(SHOP, { method: 'form', open_from: '8am' })).code).toBe(422);
    expect((await call(SHOP, { method: 'detail' })).data).toMatchObject({
      notify_extension: '8001',
      delivery_fee: 500,
      min_amount: 0,
    });
    // operations: each site its own record, one site per call
    expect((await call(OPS_SHOP, { method: 'form', delivery_fee: 100 }, ops, site('1'))).code).toBe(200);
    expect((await call(OPS_SHOP, { method: 'detail' }, ops, site('1'))).data.delivery_fee).toBe(100);
    expect((await call(OPS_SHOP, { method: 'detail' }, ops, site('2'))).data.delivery_fee).toBe(0);
    expect((await call(OPS_SHOP, { method: 'detail' }, ops, site('1,2'))).code).toBe(400);
    expect((await call(SHOP, { method: 'detail' })).data.delivery_fee).toBe(500);
    expect((await call(OPS_OTHER, { method: 'form', wifi_ssid: 'Site1' }, ops, site('1'))).code).toBe(200);
    expect((await call(OTHER, { method: 'detail' })).data.wifi_ssid).toBe('Hotel');
    const reader = await accountWith(s, 'shop_reader', [SHOP], []);
    expect((await call(SHOP, { method: 'form', delivery_fee: 1 }, reader)).msg).toContain('shop:config:edit');
  });

  it('operations twins of the scene routes serve records scoped by igs-sids', async () => {
    const [tpl1, tpl2] = await insert(s, 'smart_easy_template', [
      { name: 'Site 1 template', site_id: 1 },
      { name: 'Site 2 template', site_id: 2 },
    ]);
    const path = '/operations/index/scenario';
    const add = await call<{ id: number }>(
      path,
      { method: 'add', name: '酒店场景', industry: 'hotel', template_id: tpl1 },
      ops,
      site('1'),
    );
    expect(add.code, add.msg).toBe(200);
    // a template of another site is not visible from site 1
    expect(
      (await call(path, { method: 'add', name: 'x', industry: 'hotel', template_id: tpl2 }, ops, site('1')))
        .code,
    ).toBe(422);
    expect(
      (await call<List<{ name: string }>>(path, { method: 'list' }, ops, site('1'))).data.list.map(
        (x) => x.name,
      ),
    ).toEqual(['酒店场景']);
    expect((await call<List>(path, { method: 'list' }, ops, site('2'))).data.total).toBe(0);
    expect((await call(path, { method: 'detail', id: add.data.id }, ops, site('2'))).code).toBe(404);
    const full = await call<List<{ name: string }>>('/admin.php/index/scenario', { method: 'list' });
    expect(full.data.list.map((x) => x.name)).not.toContain('酒店场景');
    // the film picker reads; the operations menu grants no film buttons
    expect((await call('/operations/media/video', { method: 'list' }, ops, site('1'))).code).toBe(200);
  });

  it('form_linkage: cascading options of the caller sites', async () => {
    const [b] = await insert(s, 'system_area', [{ name: 'A栋', type: 'building' }]);
    const [f] = await insert(s, 'system_area', [{ name: '8F', type: 'floor', parent_id: b }]);
    await insert(s, 'system_area', [
      { name: '0805', type: 'room', parent_id: f },
      { name: 'Site 1 room', type: 'room', site_id: 1 },
    ]);
    const r = await call<Tree[]>('/admin.php/index/form_linkage', { type: 'area' });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toEqual([
      {
        value: b,
        label: 'A栋',
        children: [{ value: f, label: '8F', children: [{ value: expect.any(Number), label: '0805' }] }],
      },
    ]);
    const o = await call<Tree[]>('/operations/index/form_linkage', { type: 'area' }, ops, site('1'));
    expect(o.data.map((n) => n.label)).toEqual(['Site 1 room']);
    expect((await call('/admin.php/index/form_linkage', { type: 'users' })).code).toBe(422);
    expect((await s.call('/admin.php/index/form_linkage', { type: 'area' })).code).toBe(1002);
  });
});
