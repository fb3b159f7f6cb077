import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Paths } from '@igs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_EVERY_MS, sampleIfDue, sampleTerminalsOnline } from '../src/features/home/online-days.ts';
import { formatDateTime } from '../src/platform/lib/time.ts';
import { addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { TEST_SITES } from './support/sites.ts';

/**
 * The dashboard and the operations home (DOMAIN 2.1, issue 13 item 3): every figure from the
 * tables and live state of the caller's sites, a card only for a page the role holds (and its
 * figure not even read otherwise), unknown where Asterisk cannot be asked, the 7-day trends from
 * the call records and the daily terminal samples, and one disk figure for the dashboard, the
 * status page and the disk page.
 */

interface Card {
  key: string;
  area: string;
  value: number | null;
  total?: number;
  unknown?: string;
}
interface Home {
  cards: Card[];
  trends: {
    calls?: { date: string; total: number; answered: number; missed: number }[];
    terminals_online?: { date: string; value: number | null }[];
  };
  system: { disk: { path: string; mountpoint: string; total: number; used: number; used_pct: number } };
}
interface OpsHome {
  sites: { site_id: number; cards: Card[] }[];
}

const RUNNING = '/admin.php/system/running';
const DISKS = '/admin.php/system/disk_set';
const card = (h: { cards: Card[] }, key: string) => h.cards.find((c) => c.key === key);
const DAY = 86_400_000;

/** A stand-in for Asterisk's program: the remote console answers from fixed text (as voice.test.ts). */
function fakeAsterisk(dir: string): string {
  const file = path.join(dir, 'asterisk');
  fs.writeFileSync(
    file,
    `#!/bin/sh
echo "$*" >> "$FAKE_AST_LOG"
if [ "$1" = "-V" ]; then echo "Asterisk 20.5.2"; exit 0; fi
if [ "$FAKE_AST_STATE" != "running" ]; then
  echo "Unable to connect to remote asterisk (does /var/run/asterisk/asterisk.ctl exist?)"; exit 1
fi
case "$2" in
  "core show uptime seconds") printf 'System uptime: 3600\\nLast reload: 120\\n' ;;
  "core show channels concise")
    printf 'PJSIP/8101-00000001!igs-extensions!8102!2!Up!Dial!PJSIP/8102,30,tT!8101!!!3!42!b1!1700000000.1\\n'
    printf 'PJSIP/8102-00000002!igs-extensions!!1!Up!AppDial!(Outgoing Line)!8102!!!3!42!b1!1700000000.2\\n'
    printf 'PJSIP/trunk-telecom-00000003!from-trunk!02150000!3!Up!Queue!6500!13800000000!!!3!7!!1700000000.3\\n' ;;
  "pjsip show contacts")
    printf '  Contact:  8101/sip:8101@192.168.1.50:5060;ob             3f0a1b2c3d Avail        12.345\\n'
    printf '  Contact:  8102/sip:8102@192.168.1.52:5060               5f0a1b2c3d Avail        10.100\\n'
    printf '  Contact:  8103/sip:8103@192.168.1.51:5060               4f0a1b2c3d Unavail       nan\\n'
    printf '  Contact:  9999/sip:9999@192.168.1.99:5060               6f0a1b2c3d Avail        9.000\\n' ;;
  *) echo "" ;;
esac
`,
  );
  fs.chmodSync(file, 0o755);
  return file;
}

describeEachDb('dashboard figures', (kind) => {
  let s: TestServer;
  let admin: string;
  let tmp: string;
  const env = { ...process.env };
  // biome-ignore lint/suspicious/noExplicitAny: resource tables are created from the contract at start
  const db = () => s.app.db.kysely as any;
  const insert = async (table: string, rows: Record<string, unknown>[]) => {
    const now = Date.now();
    await db()
      .insertInto(table)
      .values(rows.map((r) => ({ site_id: 0, created_at: now, updated_at: now, ...r })))
      .execute();
  };
  const home = async (token = admin) => {
    const r = await s.call<Home>(Paths.home, {}, { token });
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const astLog = () =>
    fs.existsSync(process.env.FAKE_AST_LOG!) ? fs.readFileSync(process.env.FAKE_AST_LOG!, 'utf8') : '';

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-dash-'));
    process.env.ASTERISK_BIN = path.join(tmp, 'no-such-asterisk');
    process.env.FAKE_AST_LOG = path.join(tmp, 'ast.log');
    s = await startServer(kind);
    admin = await s.login();
    const now = s.clock.now();
    const at = (ms: number) => formatDateTime(ms);
    await insert('smart_terminal', [
      { name: 'R801', state: 'authorized', last_seen: at(now - 10_000) },
      { name: 'R802', state: 'authorized', last_seen: at(now - 20_000) },
      // Heard from 5 minutes ago: past the 90 s window, offline now.
      { name: 'R803', state: 'authorized', last_seen: at(now - 300_000) },
      { name: 'R804', state: 'authorized', last_seen: null },
      { name: 'R805', state: 'pending', last_seen: at(now - 5_000) },
      { name: 'S2-1', state: 'authorized', last_seen: at(now - 5_000), site_id: 2 },
      { name: 'S2-2', state: 'pending', last_seen: null, site_id: 2 },
    ]);
    await insert('media_live', [
      { number: 1, name: 'CCTV-1', name_en: 'CCTV-1', enabled: 1, health: 'up' },
      { number: 2, name: 'CCTV-2', name_en: 'CCTV-2', enabled: 1, health: 'up' },
      { number: 3, name: 'CCTV-3', name_en: 'CCTV-3', enabled: 1, health: 'down' },
      { number: 4, name: 'Never probed', name_en: 'Never probed', enabled: 1, health: null },
      { number: 5, name: 'Disabled', name_en: 'Disabled', enabled: 0, health: 'down' },
      { number: 1, name: 'Site 2 one', name_en: 'Site 2 one', enabled: 1, health: 'down', site_id: 2 },
    ]);
    await insert('aiso_alarm_event', [
      { time: at(now), state: 'new', area: 'Lobby' },
      { time: at(now), state: 'acknowledged', area: 'Lobby' },
      { time: at(now), state: 'closed', area: 'Lobby' },
    ]);
    const cdr = (start: number, disposition: string) => ({
      start: at(start),
      disposition,
      src: '8101',
      dst: '8102',
    });
    await insert('voice_cdr', [
      cdr(now - 60_000, 'ANSWERED'),
      cdr(now - 120_000, 'ANSWERED'),
      cdr(now - 180_000, 'NO ANSWER'),
      cdr(now - DAY, 'BUSY'),
      cdr(now - 10 * DAY, 'ANSWERED'),
    ]);
    await insert('voice_extension', [
      { extension: '8101', name: 'Front desk' },
      { extension: '8102', name: 'Concierge' },
      { extension: '8103', name: 'Spa' },
    ]);
    await insert('shop_order', [
      { order_no: 'A1', state: 'pending' },
      { order_no: 'A2', state: 'done' },
      { order_no: 'B1', state: 'pending', site_id: 3 },
    ]);
  });
  afterAll(async () => {
    await s.close();
    for (const k of ['ASTERISK_BIN', 'FAKE_AST_LOG', 'FAKE_AST_STATE']) {
      if (env[k] === undefined) delete process.env[k];
      else process.env[k] = env[k];
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('shows every DOMAIN card from the tables of all sites, in full mode', async () => {
    const h = await home();
    expect(card(h, 'terminals_online')).toMatchObject({ value: 3, total: 5 });
    expect(card(h, 'terminals_total')).toMatchObject({ value: 7 });
    expect(card(h, 'terminals_pending')).toMatchObject({ value: 2 });
    expect(card(h, 'programmes_up')).toMatchObject({ value: 2, total: 5 });
    expect(card(h, 'programmes_down')).toMatchObject({ value: 2, total: 5 });
    expect(card(h, 'open_alarms')).toMatchObject({ value: 2, area: 'alarms' });
    expect(card(h, 'calls_today')).toMatchObject({ value: 3, area: 'voice' });
    expect(card(h, 'pending_orders')).toMatchObject({ value: 2 });
    for (const key of ['aps_online', 'cpes_online', 'unread_terminal_records'])
      expect(card(h, key), key).toMatchObject({ value: 0 });
  });

  it('without Asterisk, extensions registered and active calls are unknown, never 0', async () => {
    const h = await home();
    expect(card(h, 'extensions_registered')).toEqual({
      key: 'extensions_registered',
      area: 'voice',
      value: null,
      total: 3,
      unknown: 'asterisk_not_installed',
    });
    expect(card(h, 'active_calls')).toMatchObject({ value: null, unknown: 'asterisk_not_installed' });

    process.env.ASTERISK_BIN = fakeAsterisk(tmp);
    try {
      process.env.FAKE_AST_STATE = 'stopped';
      expect(card(await home(), 'active_calls')).toMatchObject({ value: null, unknown: 'asterisk_stopped' });
      // Running: our extensions with a reachable contact (8103 is unavailable, 9999 is not ours),
      // and one call per calling channel (the dialled leg belongs to its call).
      process.env.FAKE_AST_STATE = 'running';
      const live = await home();
      expect(card(live, 'extensions_registered')).toEqual({
        key: 'extensions_registered',
        area: 'voice',
        value: 2,
        total: 3,
      });
      expect(card(live, 'active_calls')).toEqual({ key: 'active_calls', area: 'voice', value: 2 });
    } finally {
      process.env.ASTERISK_BIN = path.join(tmp, 'no-such-asterisk');
      delete process.env.FAKE_AST_STATE;
    }
  });

  it('calls per day for 7 days from the call records', async () => {
    const { calls } = (await home()).trends;
    expect(calls).toHaveLength(7);
    const today = formatDateTime(s.clock.now()).slice(0, 10);
    const yesterday = formatDateTime(s.clock.now() - DAY).slice(0, 10);
    expect(calls!.at(-1)).toEqual({ date: today, total: 3, answered: 2, missed: 1 });
    expect(calls!.at(-2)).toEqual({ date: yesterday, total: 1, answered: 0, missed: 1 });
    // The call 10 days ago is outside the window; the other days are zero, not missing.
    expect(calls!.slice(0, 5).every((d) => d.total === 0)).toBe(true);
  });

  it('the full sample of every terminal runs at an instance’s first pass and hourly; the day’s marker every minute', async () => {
    const rows = async () =>
      (await db().selectFrom('terminal_online_days').select(['day', 'terminal_id']).execute()) as {
        day: string;
        terminal_id: number;
      }[];
    // The server's scheduler made its first pass already: the next full sample is an hour on.
    const now = s.clock.now() + SAMPLE_EVERY_MS;
    const today = formatDateTime(now).slice(0, 10);
    await db().deleteFrom('terminal_online_days').execute();
    await sampleIfDue(s.app, now);
    const sampled = await rows();
    const heard = sampled.filter((r) => r.terminal_id !== 0);
    expect(heard.length).toBeGreaterThan(0);
    expect(sampled).toContainEqual({ day: today, terminal_id: 0 });
    // A minute later: the marker again (here after the day's rows were lost), not the full read.
    await db().deleteFrom('terminal_online_days').execute();
    await sampleIfDue(s.app, now + 60_000);
    expect(await rows()).toEqual([{ day: today, terminal_id: 0 }]);
    // An hour after: the catch-up reads every terminal again.
    await sampleIfDue(s.app, now + SAMPLE_EVERY_MS);
    expect((await rows()).filter((r) => r.terminal_id !== 0)).toHaveLength(heard.length);
  });

  it('terminals online per day from the daily samples: idempotent, null where never sampled', async () => {
    const day = (ms: number) => formatDateTime(ms).slice(0, 10);
    const start = s.clock.now();
    const heardToday = [10_000, 20_000, 300_000, 5_000].filter(
      (ago) => day(start - ago) === day(start),
    ).length;
    // Today is read live as well: right from the start, before any sample.
    await db().deleteFrom('terminal_online_days').execute();
    let trend = (await home()).trends.terminals_online!;
    expect(trend.at(-1)).toEqual({ date: day(start), value: heardToday });
    // Two instances sampling at once, and again: one row per terminal and day.
    await Promise.all([sampleTerminalsOnline(s.app), sampleTerminalsOnline(s.app)]);
    await sampleTerminalsOnline(s.app);
    trend = (await home()).trends.terminals_online!;
    expect(trend).toHaveLength(7);
    expect(trend.at(-1)).toEqual({ date: day(start), value: heardToday });
    expect(trend.slice(0, 6).every((d) => d.value === null)).toBe(true);
    const rows = await db().selectFrom('terminal_online_days').select('terminal_id').execute();
    expect(new Set(rows.map((r: { terminal_id: number }) => r.terminal_id)).size).toBe(rows.length);

    // A day later, with no heartbeat since: yesterday keeps its figure, today is sampled as 0.
    s.clock.advance(DAY);
    try {
      await sampleTerminalsOnline(s.app);
      trend = (await home(await s.login())).trends.terminals_online!;
      expect(trend.at(-1)).toEqual({ date: day(start + DAY), value: 0 });
      expect(trend.at(-2)).toEqual({ date: day(start), value: heardToday });
    } finally {
      s.clock.advance(-DAY);
      // The day's jump ended the session (idle): sign in again at the real time.
      admin = await s.login();
    }
  });

  it('the disk figure is the one of the status page and the disk page', async () => {
    const h = await home();
    const disk = h.system.disk;
    expect(disk.path).toBe(s.dataDir);
    const st = fs.statfsSync(disk.mountpoint);
    const used = (st.blocks - st.bfree) * st.bsize;
    const pct = Math.round((used / (used + st.bavail * st.bsize)) * 1000) / 10;
    expect(Math.abs(disk.used_pct - pct)).toBeLessThanOrEqual(0.1);
    expect(disk.total).toBe(st.blocks * st.bsize);
    const run = await s.call<{ disks: { mountpoint: string; used_pct: number }[] }>(
      RUNNING,
      {},
      { token: admin },
    );
    const row = run.data.disks.find((d) => d.mountpoint === disk.mountpoint);
    // The status page lists real filesystems; the data directory's is one of them wherever it is.
    if (row) expect(Math.abs(row.used_pct - disk.used_pct)).toBeLessThanOrEqual(0.1);
    const page = await s.call<{
      list: { mountpoints: string[]; used_pct: number | null; children: unknown[] }[];
    }>(DISKS, { method: 'list' }, { token: admin });
    expect(page.code, page.msg).toBe(200);
    type Row = { mountpoints: string[]; used_pct: number | null; children: Row[] };
    const flat = (rows: Row[]): Row[] => rows.flatMap((r) => [r, ...flat(r.children)]);
    const same = flat(page.data.list as Row[]).find((r) => r.mountpoints.includes(disk.mountpoint));
    if (same) expect(Math.abs((same.used_pct ?? -1) - disk.used_pct)).toBeLessThanOrEqual(0.1);
  });

  describe('scoped by the role’s pages', () => {
    let cdrOnly: string;
    let voiceExt: string;
    let dashOnly: string;
    beforeAll(async () => {
      const roles = {
        cdr: await addRole(s, admin, { name: 'dash_cdr', menus: ['Dashboard', 'VoiceCdr'] }),
        ext: await addRole(s, admin, { name: 'dash_ext', menus: ['Dashboard', 'VoiceExtension'] }),
        dash: await addRole(s, admin, { name: 'dash_plain', menus: ['Dashboard'] }),
      };
      await addAccount(s, admin, { username: 'dash_cdr', role_id: roles.cdr });
      await addAccount(s, admin, { username: 'dash_ext', role_id: roles.ext });
      await addAccount(s, admin, { username: 'dash_plain', role_id: roles.dash });
      cdrOnly = await s.login('dash_cdr', PASSWORD);
      voiceExt = await s.login('dash_ext', PASSWORD);
      dashOnly = await s.login('dash_plain', PASSWORD);
    });

    it('a card and a trend only for a page the role holds', async () => {
      const c = await home(cdrOnly);
      expect(c.cards.map((x) => x.key)).toEqual(['calls_today']);
      expect(Object.keys(c.trends)).toEqual(['calls']);
      const e = await home(voiceExt);
      expect(e.cards.map((x) => x.key)).toEqual(['extensions_registered']);
      expect(e.trends).toEqual({});
      const d = await home(dashOnly);
      expect(d.cards).toEqual([]);
      expect(d.trends).toEqual({});
      expect(d.system.disk.used_pct).toBeGreaterThan(0);
    });

    it('a figure the role may not see is not even read: no voice page, no question to Asterisk', async () => {
      process.env.ASTERISK_BIN = fakeAsterisk(tmp);
      process.env.FAKE_AST_STATE = 'running';
      try {
        fs.rmSync(process.env.FAKE_AST_LOG!, { force: true });
        await home(cdrOnly);
        await home(dashOnly);
        expect(astLog()).toBe('');
        await home(voiceExt);
        expect(astLog()).toContain('pjsip show contacts');
        expect(astLog()).not.toContain('core show channels');
      } finally {
        process.env.ASTERISK_BIN = path.join(tmp, 'no-such-asterisk');
        delete process.env.FAKE_AST_STATE;
      }
    });
  });

  describe('operations home', () => {
    let everySite: string;
    let siteTwo: string;
    beforeAll(async () => {
      const all = await addRole(s, admin, {
        name: 'ops_all',
        mode: 'operations',
        menus: ['OperationsHome', 'OperationsTerminalAuth', 'OperationsMall', 'OperationsLiveProgram'],
      });
      const two = await addRole(s, admin, {
        name: 'ops_two',
        mode: 'operations',
        menus: ['OperationsHome', 'OperationsTerminalAuth'],
        site_ids: [2],
      });
      await addAccount(s, admin, { username: 'ops_all', role_id: all, is_operations: 1 });
      await addAccount(s, admin, { username: 'ops_two', role_id: two, is_operations: 1 });
      everySite = await s.login('ops_all', PASSWORD, 1);
      siteTwo = await s.login('ops_two', PASSWORD, 1);
    });
    const ops = async (token: string, sites?: string) =>
      s.call<OpsHome>(Paths.operationsHome, {}, { token, headers: sites ? { 'igs-sids': sites } : {} });

    it('one row per site the account reaches, each with that site’s figures of its pages', async () => {
      const r = await ops(everySite);
      expect(r.code, r.msg).toBe(200);
      // Every registered site (the test fleet's 1 to 9), in id order; site 0 is the gateway's own.
      expect(r.data.sites.map((x) => x.site_id)).toEqual([...TEST_SITES]);
      const site = (id: number) => r.data.sites.find((x) => x.site_id === id)!;
      expect(card(site(1), 'terminals_online')).toMatchObject({ value: 0, total: 0 });
      expect(card(site(2), 'terminals_online')).toMatchObject({ value: 1, total: 1 });
      expect(card(site(2), 'terminals_pending')).toMatchObject({ value: 1 });
      expect(card(site(2), 'programmes_down')).toMatchObject({ value: 1, total: 1 });
      expect(card(site(3), 'pending_orders')).toMatchObject({ value: 1 });
      // No voice, alarm or system cards in operations mode (no such operations pages).
      const keys = new Set(r.data.sites.flatMap((x) => x.cards.map((c) => c.key)));
      for (const k of ['extensions_registered', 'active_calls', 'calls_today', 'open_alarms', 'accounts'])
        expect(keys.has(k), k).toBe(false);
    });

    it('igs-sids narrows to the sites named; a site not granted is refused', async () => {
      const r = await ops(everySite, '2');
      expect(r.data.sites.map((x) => x.site_id)).toEqual([2]);
      const two = await ops(siteTwo);
      expect(two.data.sites.map((x) => x.site_id)).toEqual([2]);
      expect(two.data.sites[0]!.cards.map((c) => c.key)).toEqual([
        'terminals_online',
        'terminals_total',
        'terminals_pending',
      ]);
      expect((await ops(siteTwo, '3')).code).toBe(403);
    });
  });
});
