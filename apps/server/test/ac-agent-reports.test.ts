import { afterAll, beforeAll, expect, it } from 'vitest';
import { expireUpgrades } from '../src/features/ac/upgrades.ts';
import { DEMO_APS, demoStations } from '../src/features/demo/hotel/ac.ts';
import { type DemoSimulator, startDemoSimulator } from '../src/features/demo/simulator.ts';
import { startDevicePresence, sweepStaleDevices } from '../src/features/device-presence/sweep.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * What the AP agent reports (issue 13: an AP's clients; the upgrade settled by the agent): the
 * stations a poll carries, replaced per AP, checked whole, dropped when the AP goes offline and
 * read by the console's `status`; an upgrade operation settled by the agent's acknowledgement, or
 * failed when nobody answers; and the demo's simulated APs doing both.
 */

const AP = '/admin.php/ac/ap';
const CATEGORY = '/admin.php/ac/ap_category';
const BUILD = '/admin.php/ac/firmware';
const UPGRADE = '/admin.php/ac/upgrade';
const AGENT = '/api/ac/agent';
const KEY = 'agent-secret-reports';
const MAC = '02:00:00:00:10:01';
const MAC2 = '02:00:00:00:10:02';
const MAC3 = '02:00:00:00:10:03';

type Row = Record<string, unknown>;
interface Station {
  mac: string;
  ip: string;
  hostname: string;
  ssid: string;
  band: string;
  rssi: number;
  connected_since: string;
  rx_bytes: number;
  tx_bytes: number;
}
interface Status {
  list: Station[];
  total: number;
  clients: number;
  online: number;
  reported_at: string;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');
const station = (n: number, more: Row = {}): Row => ({
  mac: `aa:bb:cc:00:${hex(n >> 8)}:${hex(n & 255)}`,
  ip: `10.100.0.${n % 250}`,
  hostname: `phone-${n}`,
  ssid: 'Lakeside-Guest',
  band: n % 2 ? '5g' : '2g',
  rssi: -50 - (n % 40),
  connected_s: 600 + n,
  rx_bytes: 1000 * n,
  tx_bytes: 100 * n,
  ...more,
});

describeEachDb('AP agent reports: clients and upgrade acknowledgements', (kind) => {
  let s: TestServer;
  let token: string;
  let category = 0;
  let build = 0;
  let apId = 0;
  let ap2Id = 0;
  const call = <T = unknown>(path: string, body: Row, lang?: string) =>
    s.call<T>(path, body, { token, ...(lang ? { headers: { 'accept-language': lang } } : {}) });
  const add = async (path: string, body: Row) => {
    const r = await call<{ id: number }>(path, { method: 'add', ...body });
    expect(r.code, `${path} ${r.msg}`).toBe(200);
    return r.data.id;
  };
  const poll = <T = unknown>(body: Row, mac = MAC) => s.call<T>(`${AGENT}/poll`, { mac, key: KEY, ...body });
  const ack = (body: Row, mac = MAC) => s.call(`${AGENT}/ack`, { mac, key: KEY, ...body });
  const status = async (id = apId) => {
    const r = await call<Status>(AP, { method: 'status', id });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const row = async (table: string, id: number) =>
    (await s.app.db.kysely
      .selectFrom(table as never)
      .selectAll()
      .where('id' as never, '=', id as never)
      .executeTakeFirstOrThrow()) as Row;
  const taskOf = async (operationId: number) =>
    (await s.app.db.kysely
      .selectFrom('device_tasks' as never)
      .selectAll()
      .where('operation_id' as never, '=', operationId as never)
      .executeTakeFirstOrThrow()) as Row;
  /** Moves the clock on; a session idle that long has ended, so the test signs in again. */
  const advance = async (ms: number) => {
    s.clock.advance(ms);
    token = await s.login();
  };
  const storedStations = async (ap: number) =>
    Number(
      (
        (await s.app.db.kysely
          .selectFrom('ac_ap_clients' as never)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('ap_id' as never, '=', ap as never)
          .executeTakeFirstOrThrow()) as Row
      ).n,
    );

  beforeAll(async () => {
    s = await startServer(kind, { acAgentKey: KEY });
    token = await s.login();
    category = await add(CATEGORY, { name: 'Ceiling' });
    build = await add(BUILD, { category_id: category, version: '2.0.1', os: 'OpenWrt 2.0.1' });
    apId = await add(AP, { name: 'AP-1', mac: MAC, category_id: category });
    ap2Id = await add(AP, { name: 'AP-2', mac: MAC2, category_id: category });
  });
  afterAll(async () => s.close());

  // ---- clients --------------------------------------------------------------------------------

  it('a poll with stations stores them, the count is their number, and the next report replaces them', async () => {
    const first = await poll({
      stations: [
        station(1, { mac: 'AA-BB-CC-00-00-01' }),
        station(2, { ip: '', hostname: null }),
        station(3, { ip: 'fe80::1', rx_bytes: 2 ** 40 }),
      ],
    });
    expect(first.code, first.msg).toBe(200);
    expect((await row('ac_ap', apId)).clients).toBe(3);
    const st = await status();
    expect(st).toMatchObject({ total: 3, clients: 3, online: 1 });
    expect(st.reported_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const byMac = Object.fromEntries(st.list.map((x) => [x.mac, x]));
    // The MAC as the list writes it: lower case, colons.
    expect(byMac['aa:bb:cc:00:00:01']).toMatchObject({
      ip: '10.100.0.1',
      hostname: 'phone-1',
      ssid: 'Lakeside-Guest',
      band: '5g',
      rssi: -51,
      rx_bytes: 1000,
      tx_bytes: 100,
    });
    expect(byMac['aa:bb:cc:00:00:02']).toMatchObject({ ip: '', hostname: '', band: '2g' });
    expect(byMac['aa:bb:cc:00:00:03']).toMatchObject({ ip: 'fe80::1', rx_bytes: 2 ** 40 });
    // Associated 601 s before the report: the time it started, not the seconds.
    const since = byMac['aa:bb:cc:00:00:01']!.connected_since;
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const gap = (Date.parse(st.reported_at.replace(' ', 'T')) - Date.parse(since.replace(' ', 'T'))) / 1000;
    expect(gap).toBeGreaterThanOrEqual(600);
    expect(gap).toBeLessThanOrEqual(602);

    // The next report is the whole list: one left, one came, one moved closer.
    const next = await poll({ stations: [station(2, { rssi: -40 }), station(4)] });
    expect(next.code, next.msg).toBe(200);
    const after = await status();
    expect(after).toMatchObject({ total: 2, clients: 2 });
    expect(after.list.map((x) => x.mac).sort()).toEqual(['aa:bb:cc:00:00:02', 'aa:bb:cc:00:00:04']);
    expect(after.list.find((x) => x.mac === 'aa:bb:cc:00:00:02')!.rssi).toBe(-40);
    // An empty list is a report too: nobody is associated.
    expect((await poll({ stations: [] }, MAC2)).code).toBe(200);
    expect(await status(ap2Id)).toMatchObject({ total: 0, clients: 0, online: 1 });
  });

  it('a bad report is refused whole, naming what is wrong, and changes nothing', async () => {
    const good = [station(10), station(11)];
    expect((await poll({ stations: good })).code).toBe(200);
    const before = await row('ac_ap', apId);
    const listed = await status();
    await advance(5_000);
    const cases: [Row, string][] = [
      [{ stations: [station(1, { mac: 'zz:bb:cc:00:00:01' })] }, 'stations.0.mac'],
      [{ stations: [station(1), station(2, { mac: 'not-a-mac' })] }, 'stations.1.mac'],
      [{ stations: [station(1, { rssi: 5 })] }, 'stations.0.rssi'],
      [{ stations: [station(1, { rssi: -121 })] }, 'stations.0.rssi'],
      [{ stations: [station(1, { rssi: -50.5 })] }, 'stations.0.rssi'],
      [{ stations: [station(1, { rssi: '-50' })] }, 'stations.0.rssi'],
      [{ stations: [station(1, { band: '6g' })] }, 'stations.0.band'],
      [{ stations: [station(1, { band: undefined })] }, 'stations.0.band'],
      [{ stations: [station(1, { ssid: 'x'.repeat(33) })] }, 'stations.0.ssid'],
      // 12 characters but 36 bytes: an SSID is at most 32 octets.
      [{ stations: [station(1, { ssid: '湖畔酒店客房无线网络访客' })] }, 'stations.0.ssid'],
      [{ stations: [station(1, { ssid: '' })] }, 'stations.0.ssid'],
      [{ stations: [station(1, { ip: '300.1.1.1' })] }, 'stations.0.ip'],
      [{ stations: [station(1, { hostname: 'evil\u0000host' })] }, 'stations.0.hostname'],
      [{ stations: [station(1, { hostname: 'h'.repeat(254) })] }, 'stations.0.hostname'],
      [{ stations: [station(1, { rx_bytes: -1 })] }, 'stations.0.rx_bytes'],
      [{ stations: [station(1, { tx_bytes: 2 ** 60 })] }, 'stations.0.tx_bytes'],
      [{ stations: [station(1, { connected_s: -1 })] }, 'stations.0.connected_s'],
      [{ stations: [station(1, { connected_s: 400_000_000 })] }, 'stations.0.connected_s'],
      [{ stations: Array.from({ length: 513 }, (_, i) => station(i + 1)) }, 'stations'],
      [{ stations: 'aa:bb:cc:00:00:01' }, 'stations'],
      [{ stations: [station(1), station(1, { mac: 'AA:BB:CC:00:00:01' })] }, 'stations.1.mac'],
      [{ clients: 5, stations: [station(1), station(2)] }, 'clients'],
    ];
    for (const [body, field] of cases) {
      const r = await poll<{ errors: { field: string; msg: string }[] }>(body);
      expect(r.code, JSON.stringify(body).slice(0, 120)).toBe(422);
      expect(r.data.errors[0]!.field, r.msg).toBe(field);
      expect(r.msg.length).toBeGreaterThan(0);
    }
    const twice = await poll({ stations: [station(1), station(1)] }, MAC);
    expect(twice.msg).toContain('aa:bb:cc:00:00:01');
    expect(twice.msg).toContain('more than once');
    const mismatch = await poll({ clients: 5, stations: [station(1), station(2)] });
    expect(mismatch.msg).toBe('clients says 5 but 2 stations were reported');
    // Nothing changed: not the list, not the count, not even the time the AP was last heard.
    expect(await row('ac_ap', apId)).toEqual(before);
    expect(await status()).toEqual(listed);
    // 512 is the most one report may carry, and it is taken.
    const full = await poll({ stations: Array.from({ length: 512 }, (_, i) => station(i + 1)) });
    expect(full.code, full.msg).toBe(200);
    expect((await row('ac_ap', apId)).clients).toBe(512);
    expect((await status()).total).toBe(512);
  });

  it('a count without stations drops the list, which no longer says who is there; a bare poll keeps it', async () => {
    expect((await poll({ stations: [station(1), station(2)] })).code).toBe(200);
    expect((await poll({ model: 'AX3000' })).code).toBe(200);
    expect(await status()).toMatchObject({ total: 2, clients: 2 });
    expect((await poll({ clients: 4 })).code).toBe(200);
    expect(await status()).toMatchObject({ total: 0, clients: 4 });
    expect(await storedStations(apId)).toBe(0);
  });

  it("an AP gone quiet loses its clients, list and count; a deleted AP's list goes too", async () => {
    const ap3 = await add(AP, { name: 'AP-3', mac: MAC3, category_id: category });
    expect((await poll({ stations: [station(1), station(2)] })).code).toBe(200);
    expect((await poll({ stations: [station(5)] }, MAC2)).code).toBe(200);
    expect((await poll({ stations: [station(6)] }, MAC3)).code).toBe(200);
    await advance(181_000);
    // AP-2 and AP-3 keep polling; AP-1 has gone quiet.
    expect((await poll({ stations: [station(5)] }, MAC2)).code).toBe(200);
    expect((await poll({ stations: [station(6)] }, MAC3)).code).toBe(200);
    expect((await sweepStaleDevices(s.app)).aps).toBe(1);
    expect(await row('ac_ap', apId)).toMatchObject({ online: 0, clients: 0 });
    expect(await status()).toMatchObject({ total: 0, clients: 0, online: 0 });
    expect(await status(ap2Id)).toMatchObject({ total: 1, clients: 1, online: 1 });
    // Deleted while online: its rows go at the next pass.
    expect((await call(AP, { method: 'del', ids: [ap3] })).code).toBe(200);
    expect(await storedStations(ap3)).toBe(1);
    await sweepStaleDevices(s.app);
    expect(await storedStations(ap3)).toBe(0);
    expect(await storedStations(ap2Id)).toBe(1);
    // Back online, it reports again.
    expect((await poll({ stations: [station(7)] })).code).toBe(200);
    expect(await status()).toMatchObject({ total: 1, clients: 1, online: 1 });
  });

  it('status is a read of the AP page: a session is needed, and an unknown AP is 404', async () => {
    const anonymous = await s.call(AP, { method: 'status', id: apId });
    expect(anonymous.code).not.toBe(200);
    expect(anonymous.data).toBeNull();
    expect((await call(AP, { method: 'status', id: 999_999 })).code).toBe(404);
  });

  // ---- upgrades -------------------------------------------------------------------------------

  const startUpgrade = async (ap = apId) => {
    const r = await call<{ operations: number[] }>(AP, { method: 'upgrade', ids: [ap], build_id: build });
    expect(r.code, r.msg).toBe(200);
    return r.data.operations[0]!;
  };
  const handOut = async (operation: number) => {
    const r = await poll<{ commands: { task_id: number; name: string; args: Row }[] }>({});
    const c = r.data.commands.find((x) => x.name === 'upgrade')!;
    expect(c.task_id).toBe(Number((await taskOf(operation)).id));
    return c;
  };
  const resultIn = async (operation: number, lang: string) => {
    const r = await call<Row>(UPGRADE, { method: 'detail', id: operation }, lang);
    expect(r.code, r.msg).toBe(200);
    return r.data.result;
  };

  it("an acknowledged upgrade succeeds: the AP runs the version, the result reads in the reader's language", async () => {
    const op = await startUpgrade();
    const c = await handOut(op);
    expect(c.args).toMatchObject({ version: '2.0.1' });
    expect(String((await row('ac_upgrade_operation', op)).log)).toContain('handed to the AP agent');
    expect((await taskOf(op)).state).toBe('sent');
    // A success that does not say what the AP now runs is refused, and settles nothing.
    const bare = await ack({ task_id: c.task_id, ok: true });
    expect(bare.code).toBe(422);
    expect((bare.data as { errors: { field: string }[] }).errors[0]!.field).toBe('version');
    expect((await taskOf(op)).state).toBe('sent');
    expect((await row('ac_upgrade_operation', op)).state).toBe('in-progress');

    const done = await ack({ task_id: c.task_id, ok: true, version: 'OpenWrt 2.0.1', output: 'flashed' });
    expect(done.code, done.msg).toBe(200);
    expect(await taskOf(op)).toMatchObject({ state: 'done', fault_string: 'flashed' });
    expect(await row('ac_upgrade_operation', op)).toMatchObject({ state: 'success', progress: 100 });
    expect((await row('ac_ap', apId)).os).toBe('OpenWrt 2.0.1');
    expect(await resultIn(op, 'en')).toBe('Upgraded; the AP now runs OpenWrt 2.0.1');
    expect(await resultIn(op, 'zh-CN')).toBe('升级成功，AP当前运行 OpenWrt 2.0.1');
    const listed = await call<{ list: Row[] }>(UPGRADE, { method: 'list' }, 'en');
    expect(listed.data.list.find((r) => r.id === op)).toMatchObject({
      state: 'success',
      result: 'Upgraded; the AP now runs OpenWrt 2.0.1',
    });
    // Settled once.
    expect((await ack({ task_id: c.task_id, ok: false, output: 'again' })).code).toBe(404);
    expect((await row('ac_upgrade_operation', op)).state).toBe('success');
  });

  it("a failure acknowledged fails the operation with the agent's reason; the AP's firmware stays", async () => {
    const op = await startUpgrade();
    const c = await handOut(op);
    const r = await ack({ task_id: c.task_id, ok: false, output: 'checksum mismatch\nimage discarded' });
    expect(r.code, r.msg).toBe(200);
    expect(await row('ac_upgrade_operation', op)).toMatchObject({ state: 'failed' });
    expect(String((await row('ac_upgrade_operation', op)).log)).toContain('checksum mismatch');
    expect((await taskOf(op)).state).toBe('failed');
    expect(await resultIn(op, 'en')).toBe('The AP reported a failure: checksum mismatch');
    expect(await resultIn(op, 'zh-CN')).toBe('AP报告升级失败：checksum mismatch');
    expect((await row('ac_ap', apId)).os).toBe('OpenWrt 2.0.1');
    // Without a reason, the result says so.
    const op2 = await startUpgrade();
    const c2 = await handOut(op2);
    expect((await ack({ task_id: c2.task_id, ok: 0 })).code).toBe(200);
    expect(await resultIn(op2, 'en')).toBe('The AP reported a failure without a reason');
  });

  it('an upgrade taken and never answered fails after 30 minutes, once, whichever instance sweeps', async () => {
    const op = await startUpgrade();
    // Queued long before the AP took it: the 30 minutes count from when it was taken.
    await advance(20 * 60_000);
    const c = await handOut(op);
    await advance(29 * 60_000);
    expect((await expireUpgrades(s.app)).unanswered).toBe(0);
    expect((await row('ac_upgrade_operation', op)).state).toBe('in-progress');
    await advance(2 * 60_000);
    // Two instances sweeping at once: one settles it.
    const both = await Promise.all([expireUpgrades(s.app), expireUpgrades(s.app)]);
    expect(both[0].unanswered + both[1].unanswered).toBe(1);
    expect(await row('ac_upgrade_operation', op)).toMatchObject({ state: 'failed' });
    expect((await taskOf(op)).state).toBe('failed');
    expect(await resultIn(op, 'en')).toBe(
      'The AP took the upgrade but did not report its result within 30 minutes',
    );
    expect(await resultIn(op, 'zh-CN')).toBe('AP接收升级后 30 分钟内未报告结果');
    // A late answer finds nothing to settle, and changes nothing.
    expect((await ack({ task_id: c.task_id, ok: true, version: 'OpenWrt 9.9' })).code).toBe(404);
    expect((await row('ac_ap', apId)).os).toBe('OpenWrt 2.0.1');
    expect((await row('ac_upgrade_operation', op)).state).toBe('failed');
  });

  it("the presence sweep's timer is what runs it", async () => {
    const op = await startUpgrade();
    await handOut(op);
    await advance(31 * 60_000);
    const sweep = startDevicePresence(s.app, 20);
    try {
      const until = Date.now() + 5_000;
      while ((await row('ac_upgrade_operation', op)).state === 'in-progress' && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
    } finally {
      await sweep.stop();
    }
    expect((await row('ac_upgrade_operation', op)).state).toBe('failed');
  });

  it('an upgrade its AP never takes fails after 24 hours, its command withdrawn; a cancelled one is left alone', async () => {
    const op = await startUpgrade(ap2Id);
    expect(Number((await row('ac_ap', ap2Id)).pending_tasks)).toBe(1);
    await advance(23 * 3_600_000);
    expect((await expireUpgrades(s.app)).untaken).toBe(0);
    expect((await row('ac_upgrade_operation', op)).state).toBe('in-progress');
    await advance(2 * 3_600_000);
    expect((await expireUpgrades(s.app)).untaken).toBe(1);
    expect((await expireUpgrades(s.app)).untaken).toBe(0);
    expect(await row('ac_upgrade_operation', op)).toMatchObject({ state: 'failed' });
    expect((await taskOf(op)).state).toBe('cancelled');
    expect(Number((await row('ac_ap', ap2Id)).pending_tasks)).toBe(0);
    expect(await resultIn(op, 'en')).toBe(
      'The AP did not poll within 24 hours, so the upgrade was never sent to it',
    );
    // The AP coming back later is not upgraded unasked.
    const late = await poll<{ commands: unknown[] }>({}, MAC2);
    expect(late.data.commands).toEqual([]);

    const cancelled = await startUpgrade(ap2Id);
    expect((await call(UPGRADE, { method: 'cancel', id: cancelled })).code).toBe(200);
    await advance(25 * 3_600_000);
    expect(await expireUpgrades(s.app)).toEqual({ unanswered: 0, untaken: 0 });
    expect((await row('ac_upgrade_operation', cancelled)).state).toBe('cancelled');
  });

  // ---- the demo's simulated APs ----------------------------------------------------------------

  it("the demo's simulated AP reports its clients and acknowledges an upgrade", async () => {
    const demo = DEMO_APS.find((a) => a.simulated && a.clients >= 5)!;
    const id = await add(AP, { name: demo.name, mac: demo.mac, category_id: category });
    let sim: DemoSimulator | undefined;
    try {
      sim = startDemoSimulator(s.app, { consoleUrl: s.url, acsUrl: null });
      await sim.firstRound;
      const st = await status(id);
      const expected = demoStations(demo, 0, 60);
      expect(st.total).toBe(expected.length);
      expect(st.clients).toBe(expected.length);
      expect(st.total).toBeGreaterThanOrEqual(4);
      expect(new Set(st.list.map((x) => x.ssid)).has('Lakeside-Guest')).toBe(true);
      expect(st.list.every((x) => ['2g', '5g'].includes(x.band) && x.rssi < 0 && x.rx_bytes > 0)).toBe(true);
      await sim.stop();

      const op = await startUpgrade(id);
      // A restarted simulator polls at once: it takes the upgrade and acknowledges it.
      sim = startDemoSimulator(s.app, { consoleUrl: s.url, acsUrl: null });
      await sim.firstRound;
      expect(await row('ac_upgrade_operation', op)).toMatchObject({ state: 'success', progress: 100 });
      expect((await row('ac_ap', id)).os).toBe('OpenWrt 2.0.1');
      expect(await resultIn(op, 'en')).toBe('Upgraded; the AP now runs OpenWrt 2.0.1');
    } finally {
      await sim?.stop();
    }
  });
});
