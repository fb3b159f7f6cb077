import fs from 'node:fs/promises';
import path from 'node:path';
import { Paths, VoicePaths } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CwmpListener, startCwmpListener } from '../src/features/cwmp/listener.ts';
import { LAN_CIDR } from '../src/features/demo/configure.ts';
import { DEMO_APS } from '../src/features/demo/hotel/ac.ts';
import { DEMO_BOXES } from '../src/features/demo/hotel/smart.ts';
import { DEMO_CPES } from '../src/features/demo/hotel/tr069.ts';
import { type DemoResult, seedDemo } from '../src/features/demo/seed.ts';
import { type DemoSimulator, startDemoSimulator } from '../src/features/demo/simulator.ts';
import { makeFakeSysfs } from './support/fake-sysfs.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Issue 13 item 4: the demo hotel is consistent with itself. Its own settings pass the checks the
 * product runs on them (the voice file check; `dnsmasq --test` over the DHCP and DNS files, the
 * real binary), DHCP serves on the LAN interface it configures, no state claims a device or
 * Asterisk that is not there, and its simulated devices come online through the real calls.
 */

type Row = Record<string, unknown>;
type List = { list: Row[]; total: number };

/**
 * Columns that say what a device or service is doing now: only what a real call reported may
 * fill them, so right after seeding they hold nothing (or the field's own default).
 */
const LIVE_STATES: Record<string, string[]> = {
  'voice:extension': ['reg_state', 'contact'],
  'voice:trunk': ['reg_state'],
  'voice:soft_terminal': ['last_register', 'user_agent'],
  'voice:queue': ['live'],
  'voice:conference': ['members'],
  'voice:dnd': ['now_active'],
  'voice:notify': ['results'],
  'video:media_server': ['online'],
  'video:gb_device': ['online', 'register_time', 'keepalive_time'],
  'video:gb_channel': ['status'],
  'video:stream_push': ['pushing'],
  'video:stream_proxy': ['pulling'],
  'video:platform': ['status'],
  'media:live': ['health'],
  'media:camera': ['state'],
  'media:rotation': ['state'],
  'media:collect_programs': ['probe'],
  'aiso:phone': ['state'],
  'ac:ap': ['online', 'last_seen', 'last_ip', 'clients', 'config_status'],
  'tr069:device': ['online', 'last_inform', 'ip'],
  'index:app_list': ['online', 'last_seen', 'ip'],
  'system:outreach': ['link_state'],
};

/** The host's interfaces as the server reads them: eth0 down, eth1 up (both Ethernet, physical). */
const HOST = makeFakeSysfs(['lo', 'eth0', 'eth1']);

const isEmpty = (v: unknown) =>
  v === null || v === undefined || v === '' || v === 0 || (Array.isArray(v) && v.length === 0);

describeEachDb('demo hotel: consistent with itself', (kind) => {
  let s: TestServer;
  let token: string;
  let result: DemoResult;
  const call = <T = unknown>(p: string, body: unknown) => s.call<T>(p, body, { token });
  const list = async (resource: string) =>
    (await call<List>(resourceByName(resource)!.endpoint, { method: 'list', limit: 200 })).data.list;

  beforeAll(async () => {
    process.env.IGS_SYSFS_NET = HOST;
    s = await startServer(kind, { demo: true });
    result = await seedDemo(s.app);
    token = await s.login();
  });
  afterAll(async () => {
    delete process.env.IGS_SYSFS_NET;
    await s.close();
  });

  it('gives an Ethernet interface the LAN role with a static address, one that is up first', async () => {
    expect(result.seeded).toBe(true);
    expect(result.lan).toBe('eth1');
    expect(result.skipped).toEqual([]);
    const net = await call<List>('/admin.php/Network/net', { method: 'list' });
    const lan = net.data.list.filter((i) => i.role === 'lan');
    expect(lan).toEqual([expect.objectContaining({ name: result.lan, mode: 'static', ip: LAN_CIDR })]);
  });

  it('DHCP serves on the LAN at once: its file is written, current, and passes dnsmasq --test', async () => {
    const dhcp = await call<Row>('/admin.php/system/dhcp_set', { method: 'detail' });
    expect(dhcp.code).toBe(200);
    expect(dhcp.data).toMatchObject({
      enabled: 1,
      interface: 'lan',
      range_start: '192.168.10.100',
      range_end: '192.168.10.199',
      warnings: [],
      subnet: { ok: true, dev: result.lan, address: LAN_CIDR, source: 'settings' },
      config: { written: true, pending: false, test: { ran: true, ok: true } },
    });
    const dns = await call<Row>('/admin.php/system/dns_set', { method: 'detail' });
    expect(dns.data).toMatchObject({
      config: { written: true, pending: false, test: { ran: true, ok: true } },
    });
    // The files hold the demo's static leases and host records.
    const file = (p: string) => fs.readFile(p, 'utf8');
    const dhcpFile = await file(String((dhcp.data.config as Row).path));
    expect(dhcpFile).toContain('dhcp-range=set:igs-dhcp,192.168.10.100,192.168.10.199,255.255.255.0,12h');
    expect(dhcpFile).toContain('dhcp-host=02:10:00:00:00:21,192.168.10.21,frontdesk-pc1');
    const dnsFile = await file(String((dns.data.config as Row).path));
    expect(dnsFile).toContain('address=/iptv.lakeside.lan/192.168.10.1');
    expect((await list('system:dhcp_host')).length).toBe(3);
  });

  it('the voice check passes on every generated file: no trunk on a transport that is off', async () => {
    const r = await call<{ ok: boolean; files: { file: string; errors: string[] }[] }>(
      VoicePaths.management,
      {
        method: 'check',
      },
    );
    expect(r.code).toBe(200);
    for (const f of r.data.files) expect(f.errors, f.file).toEqual([]);
    expect(r.data.ok).toBe(true);
    const pjsip = await fs.readFile(path.join(s.dataDir, 'etc', 'asterisk', 'pjsip.conf'), 'utf8');
    for (const trunk of await list('voice:trunk')) expect(pjsip).toContain(`[trunk-${trunk.name}]`);
  });

  it('no state claims a device, a stream or Asterisk that is not there', async () => {
    for (const [resource, fields] of Object.entries(LIVE_STATES)) {
      const def = resourceByName(resource)!;
      const rows = await list(resource);
      expect(rows.length, resource).toBeGreaterThan(0);
      for (const row of rows)
        for (const f of fields) {
          const field = def.fields.find((x) => x.name === f)!;
          expect(field, `${resource}.${f}`).toBeDefined();
          if (isEmpty(row[f]) || row[f] === field.default) continue;
          expect.fail(`${resource} #${row.id}.${f} is ${JSON.stringify(row[f])} with nothing to report it`);
        }
    }
    // Without Asterisk the voice page and the dashboard say so, rather than counting registrations.
    const voice = await call<{
      asterisk: { state: string };
      endpoints: { registered: number };
      trunks: Row[];
    }>(VoicePaths.management, { method: 'status' });
    if (voice.data.asterisk.state !== 'running') {
      expect(voice.data.endpoints.registered).toBe(0);
      expect(voice.data.trunks.every((t) => t.state === 'unknown')).toBe(true);
    }
    const home = await call<{ cards: { key: string; value: number | null }[] }>(Paths.home, {});
    const card = (key: string) => home.data.cards.find((c) => c.key === key)?.value;
    expect(card('aps_online')).toBe(0);
    expect(card('cpes_online')).toBe(0);
    expect(card('terminals_online')).toBe(0);
  });

  it('call records offer no recording that does not exist', async () => {
    const cdrs = await list('voice:cdr');
    expect(cdrs.length).toBeGreaterThan(0);
    expect(cdrs.filter((c) => c.recording)).toEqual([]);
    const play = await call(resourceByName('voice:cdr')!.endpoint, { method: 'play', id: cdrs[0]!.id });
    expect(play.code).toBe(409);
  });

  it('the simulated devices come online through the real calls, and stop when told', async () => {
    let acs: CwmpListener | undefined;
    let sim: DemoSimulator | undefined;
    try {
      acs = await startCwmpListener(s.app, 0, '127.0.0.1');
      s.app.config.acAgentKey ??= 'demo-simulator-test-key';
      sim = startDemoSimulator(s.app, { consoleUrl: s.url, acsUrl: `http://127.0.0.1:${acs.port}/` });
      await sim.firstRound;

      const aps = await list('ac:ap');
      for (const ap of DEMO_APS) {
        const row = aps.find((r) => r.mac === ap.mac)!;
        if (!ap.simulated) expect(row.online ?? 0, ap.name).toBe(0);
        else
          expect(row, ap.name).toMatchObject({
            online: 1,
            last_ip: '127.0.0.1',
            model: ap.model,
            os: ap.os,
            clients: expect.any(Number),
          });
      }
      const cpes = await list('tr069:device');
      for (const d of DEMO_CPES) {
        const row = cpes.find((r) => r.serial_number === d.serial)!;
        if (!d.simulated) expect(row.online ?? 0, d.serial).toBe(0);
        else
          expect(row, d.serial).toMatchObject({
            online: 1,
            ip: d.ip,
            mac: d.mac,
            software_version: d.softwareVersion,
            last_inform: expect.any(String),
          });
      }
      const boxes = await list('index:app_list');
      for (const b of DEMO_BOXES) {
        const row = boxes.find((r) => r.mac === b.mac)!;
        if (!b.simulated) expect(row.online ?? 0, b.key).toBe(0);
        else if (row.state === 'pending') {
          // Waiting for an operator: it registers, but only an authorised box heartbeats.
          expect(row, b.key).toMatchObject({ ip: '127.0.0.1', app_version: b.appVersion });
          expect(row.online ?? 0, b.key).toBe(0);
        } else expect(row, b.key).toMatchObject({ online: 1, ip: '127.0.0.1', app_version: b.appVersion });
      }
      const home = await call<{ cards: { key: string; value: number; total?: number }[] }>(Paths.home, {});
      const card = (key: string) => home.data.cards.find((c) => c.key === key);
      expect(card('aps_online')).toMatchObject({ value: DEMO_APS.filter((a) => a.simulated).length });
      expect(card('cpes_online')).toMatchObject({ value: DEMO_CPES.filter((d) => d.simulated).length });
      const authorised = DEMO_BOXES.filter((b) => b.simulated && b.key !== 'new').length;
      expect(card('terminals_online')).toMatchObject({ value: authorised });

      // A task queued for an ONT reaches it at once: the ACS knocks (a digest-authenticated connection
      // request to the URL the ONT reported), the ONT opens a session and answers the RPC.
      const ont = cpes.find((r) => r.serial_number === DEMO_CPES[0]!.serial)!;
      expect(String(ont.connection_request_url)).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cr\//);
      const reboot = await call<{ connection_requests: { sent: boolean }[] }>(
        resourceByName('tr069:device')!.endpoint,
        { method: 'reboot', ids: [ont.id] },
      );
      expect(reboot.code, reboot.msg).toBe(200);
      expect(reboot.data.connection_requests).toEqual([expect.objectContaining({ sent: true })]);
      const task = (name = 'reboot') =>
        s.app.db.kysely
          .selectFrom('device_tasks' as never)
          .select(['state' as never, 'fault_string' as never])
          .where('device_id' as never, '=', Number(ont.id) as never)
          .where('name' as never, '=', name as never)
          .executeTakeFirst() as Promise<{ state: string } | undefined>;
      const settled = async (name: string) => {
        const until = Date.now() + 10_000;
        while ((await task(name))?.state === 'pending' && Date.now() < until)
          await new Promise((r) => setTimeout(r, 50));
        return task(name);
      };
      const rebooted = await settled('reboot');
      expect(rebooted?.state, JSON.stringify(rebooted)).toBe('done');
      // A parameter read is answered from what the ONT holds, and the ACS stores what it says.
      const refresh = await call(resourceByName('tr069:device')!.endpoint, {
        method: 'refresh',
        id: ont.id,
        path: 'InternetGatewayDevice.DeviceInfo.',
      });
      expect(refresh.code, refresh.msg).toBe(200);
      const read = await settled('refreshObject');
      expect(read?.state, JSON.stringify(read)).toBe('done');

      await sim.stop();
      const after = sim.counts();
      await new Promise((r) => setTimeout(r, 300));
      expect(sim.counts()).toEqual(after);

      // A restart keeps the boxes' keys and tokens (under DATA_DIR/demo): they heartbeat at once.
      const seen = (await list('index:app_list')).find((r) => r.mac === DEMO_BOXES[0]!.mac)!.last_seen;
      s.clock.advance(5_000);
      sim = startDemoSimulator(s.app, { consoleUrl: s.url, acsUrl: `http://127.0.0.1:${acs.port}/` });
      await sim.firstRound;
      const again = (await list('index:app_list')).find((r) => r.mac === DEMO_BOXES[0]!.mac)!;
      expect(again).toMatchObject({ online: 1 });
      expect(again.last_seen).not.toBe(seen);
    } finally {
      await sim?.stop();
      await acs?.close();
    }
  });
});

describe('demo hotel on a host without an Ethernet interface', () => {
  let s: TestServer;
  beforeAll(async () => {
    process.env.IGS_SYSFS_NET = makeFakeSysfs(['lo']);
    s = await startServer('sqlite', { demo: true });
  });
  afterAll(async () => {
    delete process.env.IGS_SYSFS_NET;
    await s.close();
  });

  it('leaves DHCP off and the static leases out, says why, and its files still pass dnsmasq --test', async () => {
    const result = await seedDemo(s.app);
    expect(result).toMatchObject({ seeded: true, lan: null });
    expect(result.skipped).toEqual([
      { resource: 'system:dhcp_host', reason: expect.stringContaining('LAN interface') },
    ]);
    expect(result.settings).toContain(
      'network: this host has no Ethernet interface to make the LAN, so DHCP stays off',
    );
    const token = await s.login();
    const dhcp = await s.call<Row>('/admin.php/system/dhcp_set', { method: 'detail' }, { token });
    expect(dhcp.data).toMatchObject({
      subnet: { ok: false },
      config: { written: true, pending: false, test: { ran: true, ok: true } },
    });
  });
});
