import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';
import { until } from './support/waiting.ts';

// Short FIAS timings so keep-alive and reconnects happen within a test (read when a link starts).
process.env.IGS_FIAS_KEEPALIVE_MS = '300';
process.env.IGS_FIAS_RETRY_MS = '100';

const OUT = '/admin.php/system/outreach';
const HIS = '/api/his/event';
const STX = '\x02';
const ETX = '\x03';

/** A stand-in PMS interface on loopback: records what the gateway sends, sends what the test says. */
function fakePms() {
  const received: string[] = [];
  const sockets: net.Socket[] = [];
  const opts = { answerLs: false };
  const server = net.createServer((c) => {
    sockets.push(c);
    let buf = '';
    c.setEncoding('utf8');
    c.on('data', (chunk: string) => {
      buf += chunk;
      for (;;) {
        const s = buf.indexOf(STX);
        const e = buf.indexOf(ETX, s + 1);
        if (s < 0 || e < 0) break;
        const rec = buf.slice(s + 1, e);
        received.push(rec);
        buf = buf.slice(e + 1);
        if (opts.answerLs && rec.startsWith('LS|')) c.write(`${STX}LA|DA250101|TI120000|${ETX}`);
      }
    });
    c.on('error', () => {});
  });
  const live = () => sockets.filter((c) => !c.destroyed);
  return {
    server,
    received,
    opts,
    live,
    send(record: string) {
      for (const c of live()) c.write(`${STX}${record}${ETX}`);
    },
    drop() {
      for (const c of live()) c.destroy();
    },
  };
}

interface Ev {
  record: string;
  room: string;
  guest: string;
  result: string;
  detail: string;
}
interface Occ {
  code: string;
  state: string;
  guest_name: string;
  reservation: string;
  arrival: string;
  departure: string;
  extra: Record<string, unknown>;
}

const yymmdd = (d: Date) =>
  `${String(d.getFullYear() % 100).padStart(2, '0')}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;

describeEachDb('External interface: FIAS client and HIS endpoint', (kind) => {
  let s: TestServer;
  let token: string;
  const pms = fakePms();
  let pmsPort = 0;
  let ifaceId = 0;
  let extId = 0;
  let areaId = 0;
  let terminalId = 0;
  const call = <T = Record<string, unknown>>(body: Record<string, unknown>, t = token) =>
    s.call<T>(OUT, body, { token: t });
  const events = async (filter: Record<string, unknown> = {}) =>
    (await call<{ list: Ev[]; total: number }>({ method: 'events', limit: 200, filter })).data;
  const room = async (code: string) =>
    (await call<{ list: Occ[] }>({ method: 'occupancy', filter: { code } })).data.list[0];
  const linkState = async () =>
    (await call<{ list: { id: number; link_state: string }[] }>({ method: 'list' })).data.list.find(
      (r) => r.id === ifaceId,
    )?.link_state;
  const add = async (path: string, body: Record<string, unknown>) => {
    const r = await s.call<{ id: number }>(path, { method: 'add', ...body }, { token });
    if (r.code !== 200) throw new Error(`${path}: ${r.msg}`);
    return r.data.id;
  };
  const db = () =>
    s.app.db.kysely as never as import('kysely').Kysely<Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    await new Promise<void>((r) => pms.server.listen(0, '127.0.0.1', r));
    pmsPort = (pms.server.address() as net.AddressInfo).port;
    s = await startServer(kind);
    token = await s.login();
    areaId = await add('/admin.php/system/region', { name: '0805', type: 'room', code: '0805' });
    extId = await add('/admin.php/voice/extension', {
      extension: '8805',
      name: 'Room 0805',
      secret: 'Room0805-secret!',
      call_permission: 'national',
      area_id: areaId,
    });
    terminalId = await add('/admin.php/index/app_list', {
      mac: '00:11:22:33:08:05',
      name: 'TV-0805',
      state: 'authorized',
    });
    await add('/admin.php/smart/binding', { area_id: areaId, terminal_id: terminalId, extension_id: extId });
    await add('/admin.php/media/live_package', { name: 'Hotel basic', code: 'basic', is_default: 1 });
    await add('/admin.php/voice/wakeup', {
      room_ext: extId,
      date: '2030-01-01',
      time: '07:00',
      repeat: 'once',
    });
    const now = Date.now();
    await db()
      .insertInto('smart_message')
      .values({
        site_id: 0,
        area: '0805',
        guest_name: 'old guest',
        content: 'towels please',
        state: 'unread',
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(async () => {
    await s.close();
    pms.server.close();
  });

  it('connects to the PMS, describes the link and becomes linked when the PMS starts the link', async () => {
    ifaceId = await add(OUT, { name: 'Opera', type: 'fias', host: '127.0.0.1', port: pmsPort });
    await until(
      'LS and LD from the gateway',
      () => pms.received.some((r) => r.startsWith('LS|')) && pms.received.some((r) => r.startsWith('LD|')),
    );
    expect(pms.received.some((r) => r.startsWith('LR|RIGI|'))).toBe(true);
    expect(await until('connected', async () => (await linkState()) === 'connected')).toBe(true);
    pms.send('LS|DA250101|TI120000|');
    expect(await until('linked', async () => (await linkState()) === 'linked')).toBe(true);
  });

  it('checks a guest in on GI: room occupied, greeting queued, package granted, event logged', async () => {
    const today = new Date();
    const out = new Date(Date.now() + 3 * 86_400_000);
    pms.send(`GI|RN0805|G#R1001|GNSan|GFZhang|GLEA|GA${yymmdd(today)}|GD${yymmdd(out)}|`);
    const ev = await until('GI in the event log', async () => (await events({ record: 'GI' })).list[0]);
    expect(ev).toMatchObject({ record: 'GI', room: '0805', guest: 'Zhang San', result: 'ok' });
    expect(await room('0805')).toMatchObject({
      state: 'occupied',
      guest_name: 'Zhang San',
      reservation: 'R1001',
      departure: `${out.getFullYear()}-${String(out.getMonth() + 1).padStart(2, '0')}-${String(out.getDate()).padStart(2, '0')}`,
    });
    const cmd = await db()
      .selectFrom('terminal_commands')
      .selectAll()
      .where('terminal_id', '=', terminalId)
      .execute();
    expect(cmd).toHaveLength(1);
    expect(JSON.parse(String(cmd[0]!.args)).text).toBe('Welcome, Zhang San');
    const pkgs = await db()
      .selectFrom('media_user_package')
      .selectAll()
      .where('target_id', '=', areaId)
      .execute();
    expect(pkgs).toHaveLength(1);
    expect(pkgs[0]).toMatchObject({ target_type: 'area', source: 'pms', state: 'active' });
    // A room the PMS names that no area has is logged as failed and changes nothing.
    pms.send('GI|RN9999|G#R2|GNNobody|');
    const bad = await until('GI 9999', async () => (await events({ room: '9999' })).list[0]);
    expect(bad).toMatchObject({ result: 'failed' });
    expect(bad.detail).toContain('9999');
  });

  it('checks the guest out on GO: calls restricted, wake-ups cancelled, messages closed, package ended', async () => {
    pms.send('GO|RN0805|G#R1001|');
    const ev = await until('GO in the event log', async () => (await events({ record: 'GO' })).list[0]);
    expect(ev).toMatchObject({ record: 'GO', room: '0805', guest: 'Zhang San', result: 'ok' });
    expect(await room('0805')).toMatchObject({ state: 'vacant', guest_name: '' });
    const ext = await db()
      .selectFrom('voice_extension')
      .select('call_permission')
      .where('id', '=', extId)
      .executeTakeFirstOrThrow();
    expect(ext.call_permission).toBe('internal');
    const wake = await db()
      .selectFrom('voice_wakeup')
      .select('state')
      .where('room_ext', '=', extId)
      .executeTakeFirstOrThrow();
    expect(wake.state).toBe('cancelled');
    const msg = await db()
      .selectFrom('smart_message')
      .select('state')
      .where('area', '=', '0805')
      .executeTakeFirstOrThrow();
    expect(msg.state).toBe('closed');
    const pkg = await db()
      .selectFrom('media_user_package')
      .select('state')
      .where('target_id', '=', areaId)
      .executeTakeFirstOrThrow();
    expect(pkg.state).toBe('expired');
    // The next check-in gives the room its call permission back.
    pms.send('GI|RN0805|G#R1002|GNLi Si|GLZH|');
    await until('second GI', async () => (await room('0805'))?.guest_name === 'Li Si');
    const again = await db()
      .selectFrom('voice_extension')
      .select('call_permission')
      .where('id', '=', extId)
      .executeTakeFirstOrThrow();
    expect(again.call_permission).toBe('national');
    // GC changes the guest's data without running the check-in actions again.
    pms.send('GC|RN0805|G#R1002|GNLi Si Jr|');
    await until('GC', async () => (await room('0805'))?.guest_name === 'Li Si Jr');
    expect((await events({ record: 'GC' })).list[0]).toMatchObject({ room: '0805', result: 'ok' });
  });

  it('keeps the link alive with LA and asks for a resync with DR', async () => {
    const count = () => pms.received.filter((r) => r.startsWith('LA|')).length;
    const before = count();
    await until('two keep-alives', () => count() >= before + 2, 3000);
    const r = await call({ method: 'resync', id: ifaceId });
    expect(r.code, r.msg).toBe(200);
    await until('DR at the PMS', () => pms.received.some((x) => x.startsWith('DR|')));
    expect((await events({ record: 'DR' })).list[0]).toMatchObject({ result: 'ok' });
    // The PMS answers with DS, the guests again, DE: confirmed rooms stay, nothing runs twice.
    const commands = async () => (await db().selectFrom('terminal_commands').select('id').execute()).length;
    const queued = await commands();
    pms.send('DS|DA250101|TI120000|');
    pms.send('GI|RN0805|G#R1002|GNLi Si Jr|');
    pms.send('DE|DA250101|TI120001|');
    await until('resync end', async () =>
      (await events({ record: 'DR' })).list[0]?.detail.includes('finished'),
    );
    expect(await room('0805')).toMatchObject({ state: 'occupied', guest_name: 'Li Si Jr' });
    expect(await commands()).toBe(queued);
    // A room the PMS no longer sends is free after the next resync.
    await new Promise((r) => setTimeout(r, 20));
    pms.send('DS|DA250101|TI120002|');
    await new Promise((r) => setTimeout(r, 20));
    pms.send('DE|DA250101|TI120003|');
    await until('vacated by resync', async () => (await room('0805'))?.state === 'vacant');
  });

  it('tests a connection for real', async () => {
    pms.opts.answerLs = true;
    const ok = await call<{ tcp: boolean; answered: string }>({ method: 'test', id: ifaceId });
    expect(ok.code, ok.msg).toBe(200);
    expect(ok.data).toMatchObject({ tcp: true, answered: 'LA' });
    pms.opts.answerLs = false;
    const closed = net.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const deadPort = (closed.address() as net.AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const other = await add(OUT, {
      name: 'Nowhere',
      type: 'fias',
      host: '127.0.0.1',
      port: deadPort,
      enabled: 0,
    });
    const bad = await call({ method: 'test', id: other });
    expect(bad.code).toBe(503);
    expect(bad.msg).toContain('ECONNREFUSED');
  });

  it('marks the link down when the PMS closes it, reconnects, and stops when disabled', async () => {
    pms.drop();
    expect(await until('down', async () => (await linkState()) === 'down')).toBe(true);
    expect(await until('reconnected', async () => (await linkState()) === 'connected')).toBe(true);
    const r = await call({ method: 'state', ids: [ifaceId], enabled: 0 });
    expect(r.code).toBe(200);
    await until('LE at the PMS', () => pms.received.some((x) => x.startsWith('LE|')));
    expect(await until('down after disable', async () => (await linkState()) === 'down')).toBe(true);
    await until('no live connection', () => pms.live().length === 0);
    // Resync on a disabled link is refused.
    expect((await call({ method: 'resync', id: ifaceId })).code).toBe(409);
  });

  it('takes HIS events with the right token only, validated, and updates the bed', async () => {
    await add('/admin.php/system/region', { name: 'Bed 12', type: 'bed', code: 'B12' });
    await add('/admin.php/system/region', { name: 'Bed 14', type: 'bed', code: 'B14' });
    await add(OUT, {
      name: 'HIS',
      type: 'his_http',
      token: 'his-secret-token-1',
      on_checkin: ['greet'],
      on_checkout: [],
    });
    const his = (body: unknown, bearer?: string) =>
      s.call(HIS, body, bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {});
    const admit = {
      type: 'admit',
      bed_code: 'B12',
      patient_name: '王五',
      gender: 'male',
      age: 63,
      admitted_at: '2025-03-01 09:30:00',
      doctor: '李医生',
      nurse_level: '一级',
    };
    const countBefore = (await events()).total;
    expect((await his(admit)).code).toBe(403);
    expect((await his(admit, 'wrong-token')).code).toBe(403);
    for (const bad of [
      { ...admit, type: 'explode' },
      { ...admit, bed_code: '' },
      { ...admit, age: 200 },
      { ...admit, patient_name: '' },
      { ...admit, admitted_at: 'yesterday' },
    ]) {
      const r = await his(bad, 'his-secret-token-1');
      expect(r.code, JSON.stringify(bad)).toBe(422);
    }
    expect(await room('B12')).toBeUndefined();
    expect((await events()).total).toBe(countBefore);

    const ok = await his(admit, 'his-secret-token-1');
    expect(ok.code, ok.msg).toBe(200);
    expect(await room('B12')).toMatchObject({
      state: 'occupied',
      guest_name: '王五',
      arrival: '2025-03-01',
      extra: {
        gender: 'male',
        age: 63,
        doctor: '李医生',
        nurse_level: '一级',
        admitted_at: '2025-03-01 09:30:00',
      },
    });
    expect((await events({ record: 'admit' })).list[0]).toMatchObject({
      room: 'B12',
      guest: '王五',
      result: 'ok',
    });

    const moved = await his(
      { type: 'transfer', bed_code: 'B14', patient_name: '王五' },
      'his-secret-token-1',
    );
    expect(moved.code, moved.msg).toBe(200);
    expect(await room('B12')).toMatchObject({ state: 'vacant' });
    expect(await room('B14')).toMatchObject({ state: 'occupied', guest_name: '王五' });

    expect((await his({ type: 'discharge', bed_code: 'B14' }, 'his-secret-token-1')).code).toBe(200);
    expect(await room('B14')).toMatchObject({ state: 'vacant' });
    expect((await events({ record: 'discharge' })).list[0]).toMatchObject({ room: 'B14', guest: '王五' });

    const nobed = await his({ ...admit, bed_code: 'B99' }, 'his-secret-token-1');
    expect(nobed.code).toBe(404);
  });

  it('needs the buttons for the verbs; the event log needs only the menu', async () => {
    const reader = await accountWith(s, `out_reader_${kind}`, [OUT], []);
    expect((await call({ method: 'events' }, reader)).code).toBe(200);
    expect((await call({ method: 'occupancy' }, reader)).code).toBe(200);
    expect((await call({ method: 'resync', id: ifaceId }, reader)).code).toBe(403);
    expect((await call({ method: 'test', id: ifaceId }, reader)).code).toBe(403);
    const none = await accountWith(s, `out_none_${kind}`, [], []);
    expect((await call({ method: 'events' }, none)).code).toBe(403);
  });
});
