import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * The reads beside three generic record pages (issue 13 item 2): call records per day (the
 * answered/missed chart), an extension's latest calls and a device's queued tasks (the detail
 * drawer), each within the caller's sites and under the page's own menu item.
 */

const CDR = '/admin.php/voice/cdr';
const CPE = '/admin.php/tr069/device';
const AP = '/admin.php/ac/ap';
const WAKEUP = '/admin.php/voice/wakeup';
const DAY = 86_400_000;

interface Day {
  date: string;
  total: number;
  answered: number;
  missed: number;
  no_answer: number;
  busy: number;
  failed: number;
  congestion: number;
}
interface Task {
  id: number;
  name: string;
  detail: Record<string, unknown>;
  state: string;
  fault_code: string;
  fault_string: string;
  created_by: string;
  created_at: string;
  done_at: string;
}

describeEachDb('record page views', (kind) => {
  let s: TestServer;
  let admin: string;
  // biome-ignore lint/suspicious/noExplicitAny: resource tables are created from the contract at start
  const db = () => s.app.db.kysely as any;
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    const now = Date.now();
    const out = await db()
      .insertInto(table)
      .values(rows.map((r) => ({ site_id: 0, created_at: now, updated_at: now, ...r })))
      .returning('id')
      .execute();
    return out.map((r: { id: number }) => Number(r.id));
  };
  const at = (ms: number) => formatDateTime(ms);
  const dayOf = (ms: number) => at(ms).slice(0, 10);
  let cpeId: number;
  let apId: number;
  let otherSiteCpe: number;

  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    const now = s.clock.now();
    // Calls in the small hours, so that "now - n days" stays on its calendar day.
    const midnight = new Date(now);
    midnight.setHours(0, 0, 0, 0);
    const day = (n: number, minute = 0) => at(midnight.getTime() - n * DAY + 60_000 * (30 + minute));
    const call = (start: string, disposition: string, more: Record<string, unknown> = {}) => ({
      start,
      disposition,
      src: '8101',
      dst: '8102',
      direction: 'internal',
      ...more,
    });
    await insert('voice_cdr', [
      call(day(0), 'ANSWERED'),
      call(day(0, 1), 'ANSWERED', { direction: 'inbound', src: '13800000000', dst: '6500' }),
      call(day(0, 2), 'NO ANSWER'),
      call(day(0, 3), 'BUSY'),
      call(day(1), 'FAILED'),
      call(day(1, 1), 'CONGESTION'),
      call(day(6), 'ANSWERED'),
      // Outside the 7 days, inside the 30.
      call(day(7), 'ANSWERED'),
      call(day(20), 'NO ANSWER'),
      // Outside the 30 days.
      call(day(40), 'ANSWERED'),
      // Tomorrow (a clock set back): no day shown holds it.
      call(at(midnight.getTime() + DAY + 3_600_000), 'ANSWERED'),
      // Another site: never in a full-mode figure.
      call(day(0), 'ANSWERED', { site_id: 2 }),
      // The extension 8103: by number, and by channel when the callee was a queue.
      call(day(2), 'ANSWERED', { src: '8103', dst: '900', channel: 'PJSIP/8103-0000000a' }),
      call(day(3), 'NO ANSWER', {
        src: '02150000',
        dst: '6500',
        direction: 'inbound',
        channel: 'PJSIP/trunk-telecom-0000000b',
        dstchannel: 'PJSIP/8103-0000000c',
      }),
      // Numbers that merely contain 8103 are not its calls.
      call(day(3, 1), 'ANSWERED', { src: '18103', dst: '81030', channel: 'PJSIP/18103-0000000d' }),
    ]);
    [cpeId, otherSiteCpe] = (await insert('tr069_device', [
      { device_id: 'A-B-1', oui: 'A', product_class: 'B', serial_number: '1', pending_tasks: 0 },
      { device_id: 'A-B-2', oui: 'A', product_class: 'B', serial_number: '2', pending_tasks: 0, site_id: 2 },
    ])) as [number, number];
    [apId] = (await insert('ac_ap', [
      { name: 'ap-1', mac: '00:11:22:33:44:55', category_id: 1, pending_tasks: 0 },
    ])) as [number];
    const task = (device: number, domain: string, name: string, args: unknown, more = {}) => ({
      site_id: 0,
      domain,
      device_id: device,
      name,
      args: JSON.stringify(args),
      state: 'pending',
      fault_code: '',
      fault_string: '',
      done_at: null,
      created_by: 'admin',
      created_at: now - 60_000,
      not_before: now - 60_000,
      ...more,
    });
    await db()
      .insertInto('device_tasks')
      .values([
        task(
          cpeId,
          'tr069',
          'reboot',
          {},
          {
            state: 'failed',
            fault_code: '9000',
            fault_string: 'Method not supported',
            done_at: now - 30_000,
          },
        ),
        task(cpeId, 'tr069', 'setParameterValues', {
          parameterValues: [
            ['InternetGatewayDevice.ManagementServer.PeriodicInformInterval', '300', 'xsd:unsignedInt'],
            ['InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.KeyPassphrase', 'hunter22', 'xsd:string'],
          ],
        }),
        task(
          cpeId,
          'tr069',
          'refreshObject',
          { objectName: 'InternetGatewayDevice.DeviceInfo.' },
          { state: 'done', done_at: now },
        ),
        task(otherSiteCpe, 'tr069', 'reboot', {}, { site_id: 2 }),
        task(apId, 'ac', 'change_password', { password: 'S3cret-root' }, { state: 'sent' }),
        task(apId, 'ac', 'upgrade', { build_id: 4, version: '2.1.0' }),
        // The same id in the other domain is another device.
        task(apId, 'tr069', 'download', { fileName: 'fw.bin' }),
      ])
      .execute();
  });
  afterAll(async () => {
    await s.close();
  });

  const stats = async (body: Record<string, unknown> = {}, token = admin) =>
    s.call<{ from: string; to: string; days: Day[] }>(CDR, { method: 'stats', ...body }, { token });

  it('call records per day: 7 days by default, answered and each missed outcome, nothing invented', async () => {
    const r = await stats();
    expect(r.code, r.msg).toBe(200);
    const now = s.clock.now();
    expect(r.data.days).toHaveLength(7);
    expect(r.data.from).toBe(dayOf(now - 6 * DAY));
    expect(r.data.to).toBe(dayOf(now));
    const d = (n: number) => r.data.days.find((x) => x.date === dayOf(now - n * DAY))!;
    expect(d(0)).toEqual({
      date: dayOf(now),
      total: 4,
      answered: 2,
      missed: 2,
      no_answer: 1,
      busy: 1,
      failed: 0,
      congestion: 0,
    });
    expect(d(1)).toMatchObject({ total: 2, answered: 0, missed: 2, failed: 1, congestion: 1 });
    expect(d(6)).toMatchObject({ total: 1, answered: 1, missed: 0 });
    // The extension calls of days 2 and 3.
    expect(d(2)).toMatchObject({ total: 1, answered: 1 });
    expect(d(3)).toMatchObject({ total: 2, answered: 1, no_answer: 1 });
    expect(d(4).total + d(5).total).toBe(0);
  });

  it('30 days, one direction, and bad ranges refused', async () => {
    const now = s.clock.now();
    const month = await stats({ days: 30 });
    expect(month.data.days).toHaveLength(30);
    expect(month.data.days.reduce((a, x) => a + x.total, 0)).toBe(12);
    expect(month.data.days.find((x) => x.date === dayOf(now - 20 * DAY))).toMatchObject({ no_answer: 1 });
    const inbound = await stats({ days: 7, direction: 'inbound' });
    expect(inbound.data.days.reduce((a, x) => a + x.total, 0)).toBe(2);
    for (const bad of [{ days: 0 }, { days: 93 }, { direction: 'sideways' }])
      expect((await stats(bad)).code).toBe(422);
  });

  it("an extension's calls: by number or channel on either leg, newest first, not a longer number", async () => {
    const r = await s.call<{ list: Record<string, unknown>[]; total: number }>(
      CDR,
      { method: 'history', extension: '8103' },
      { token: admin },
    );
    expect(r.code, r.msg).toBe(200);
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((c) => c.src)).toEqual(['8103', '02150000']);
    expect(r.data.list[0]).toMatchObject({ dst: '900', disposition: 'ANSWERED' });
    const few = await s.call<{ list: unknown[]; total: number }>(
      CDR,
      { method: 'history', extension: '8101', limit: 3 },
      { token: admin },
    );
    expect(few.data.list).toHaveLength(3);
    // 8101's calls of site 0: everything but the inbound one, 8103's and the not-8103 one.
    expect(few.data.total).toBe(10);
    for (const bad of ['81%', '', '8101 or 1=1'])
      expect((await s.call(CDR, { method: 'history', extension: bad }, { token: admin })).code).toBe(422);
  });

  it("a device's tasks: newest first, readable arguments, secrets unsaid, faults kept", async () => {
    const r = await s.call<{ list: Task[]; total: number; by_state: Record<string, number> }>(
      CPE,
      { method: 'history', id: cpeId },
      { token: admin },
    );
    expect(r.code, r.msg).toBe(200);
    const mine = r.data.list.filter((t) => t.name !== 'download');
    expect(mine.map((t) => t.name)).toEqual(['refreshObject', 'setParameterValues', 'reboot']);
    expect(mine[0]).toMatchObject({
      state: 'done',
      detail: { paths: ['InternetGatewayDevice.DeviceInfo.'] },
    });
    expect(mine[1]!.detail).toEqual({
      values: [
        ['InternetGatewayDevice.ManagementServer.PeriodicInformInterval', '300'],
        ['InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.KeyPassphrase', null],
      ],
    });
    expect(JSON.stringify(r.data)).not.toContain('hunter22');
    expect(mine[2]).toMatchObject({
      state: 'failed',
      fault_code: '9000',
      fault_string: 'Method not supported',
      created_by: 'admin',
    });
    expect(mine[2]!.done_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(r.data.by_state).toMatchObject({ failed: 1, done: 1 });

    const ap = await s.call<{ list: Task[] }>(AP, { method: 'history', id: apId }, { token: admin });
    expect(ap.code, ap.msg).toBe(200);
    expect(ap.data.list.map((t) => [t.name, t.state])).toEqual([
      ['upgrade', 'pending'],
      ['change_password', 'sent'],
    ]);
    expect(ap.data.list[0]!.detail).toEqual({ version: '2.1.0' });
    expect(ap.data.list[1]!.detail).toEqual({});
    expect(JSON.stringify(ap.data)).not.toContain('S3cret');
  });

  it("today's wake-up calls: how each stands, from the records of the caller's sites", async () => {
    const now = s.clock.now();
    const today = dayOf(now);
    const tomorrow = dayOf(now + DAY);
    const weekday = new Date(now).getDay() >= 1 && new Date(now).getDay() <= 5;
    const yesterdayMs = now - DAY;
    const w = (more: Record<string, unknown>) => ({
      room_ext: 1,
      date: null,
      time: '23:59',
      repeat: 'daily',
      max_retries: 3,
      retry_s: 60,
      wait_s: 60,
      language: 'zh',
      source: 'manual',
      state: 'scheduled',
      updated_at: now,
      ...more,
    });
    await insert('voice_wakeup', [
      w({ repeat: 'once', date: today, time: '00:00' }),
      w({ repeat: 'once', date: today, time: '00:01', state: 'answered' }),
      w({ repeat: 'once', date: tomorrow, time: '06:00' }),
      w({ repeat: 'once', date: dayOf(yesterdayMs), time: '06:00', state: 'failed' }),
      w({ state: 'answered', updated_at: yesterdayMs }),
      w({ state: 'failed', time: '00:02' }),
      w({ date: tomorrow }),
      w({ repeat: 'weekdays', time: '08:00' }),
      w({ state: 'cancelled' }),
      w({ repeat: 'once', date: today, state: null }),
      w({ repeat: 'once', date: today, site_id: 2 }),
    ]);
    const r = await s.call<{
      date: string;
      counts: Record<string, number>;
      passed: number;
      list: { time: string; today: string; passed: boolean; state: string | null }[];
    }>(WAKEUP, { method: 'stats' }, { token: admin });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.date).toBe(today);
    expect(r.data.counts).toEqual({
      due: 3 + (weekday ? 1 : 0),
      calling: 0,
      answered: 1,
      failed: 1,
      cancelled: 1,
    });
    const times = r.data.list.map((c) => c.time);
    expect(times).toEqual([...times].sort());
    // The 00:00 call is due and, past midnight, its time is gone: nothing has rung it.
    const first = r.data.list[0]!;
    expect(first).toMatchObject({ time: '00:00', today: 'due', state: 'scheduled' });
    expect(first.passed).toBe(formatDateTime(now).slice(11, 16) > '00:00');
    // Answered yesterday, due again today.
    expect(r.data.list.some((c) => c.state === 'answered' && c.today === 'due')).toBe(true);
    const role = await addRole(s, admin, { name: 'views_cdr_only', menus: ['VoiceCdr'] });
    await addAccount(s, admin, { username: 'views_cdr_only', role_id: role });
    const cdrOnly = await s.login('views_cdr_only', PASSWORD);
    expect((await s.call(WAKEUP, { method: 'stats' }, { token: cdrOnly })).code).toBe(403);
  });

  it('a device of another site or none at all is not found; a role without the page is refused', async () => {
    expect((await s.call(CPE, { method: 'history', id: otherSiteCpe }, { token: admin })).code).toBe(404);
    expect((await s.call(CPE, { method: 'history', id: 999_999 }, { token: admin })).code).toBe(404);
    expect((await s.call(AP, { method: 'history', id: 'x' }, { token: admin })).code).toBe(422);
    const role = await addRole(s, admin, { name: 'views_ext', menus: ['VoiceExtension'] });
    await addAccount(s, admin, { username: 'views_ext', role_id: role });
    const ext = await s.login('views_ext', PASSWORD);
    expect((await stats({}, ext)).code).toBe(403);
    expect((await s.call(CDR, { method: 'history', extension: '8101' }, { token: ext })).code).toBe(403);
    expect((await s.call(CPE, { method: 'history', id: cpeId }, { token: ext })).code).toBe(403);
    const cdrRole = await addRole(s, admin, { name: 'views_cdr', menus: ['VoiceCdr'] });
    await addAccount(s, admin, { username: 'views_cdr', role_id: cdrRole });
    const cdr = await s.login('views_cdr', PASSWORD);
    // A read: the menu item is enough, no button key.
    expect((await stats({}, cdr)).code).toBe(200);
  });
});
