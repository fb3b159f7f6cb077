import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const SVC = '/admin.php/system/service_config';

interface Row {
  key: string;
  title: string;
  enabled: number;
  ports: number[];
  auto_start: number;
  status: string;
  version: string | null;
  unit: string;
  binary: string | null;
  status_source: string;
  ports_owner: string | null;
  server_id?: string;
  domain?: string;
  port?: number;
  password?: string;
  secret_set?: { password: boolean };
}

/** What this host really has, found by the test itself (not by the code under test). */
function installed(name: string): string | null {
  const dirs = [
    ...(process.env.PATH ?? '').split(':'),
    '/usr/local/sbin',
    '/usr/sbin',
    '/sbin',
    '/usr/bin',
    '/bin',
  ];
  for (const d of dirs) {
    const f = path.join(d, name);
    try {
      if (fs.statSync(f).isFile()) return f;
    } catch {}
  }
  return null;
}
function processRunning(comm: string): boolean {
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm) return true;
    } catch {}
  }
  return false;
}
const systemd = fs.existsSync('/run/systemd/system');

afterEach(() => {
  delete process.env.IGS_APPLY;
});

describeEachDb('Service configuration', (kind) => {
  let s: TestServer;
  let token: string;
  const call = <T = unknown>(body: Record<string, unknown>, t = token) => s.call<T>(SVC, body, { token: t });
  const list = async () => (await call<{ list: Row[]; total: number }>({ method: 'list' })).data.list;
  const row = async (key: string) => (await call<Row>({ method: 'detail', key })).data;
  let webPort = 0;

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    webPort = Number(new URL(s.url).port);
  });
  afterAll(async () => {
    await s.close();
  });

  it('lists one row per fixed key with every DOMAIN field', async () => {
    const rows = await list();
    expect(rows.map((r) => r.key)).toEqual([
      'web',
      'sip',
      'dhcp_dns',
      'acs',
      'gb28181',
      'rtmp',
      'ntp',
      'ssh',
      'snmp',
      'igmpproxy',
    ]);
    for (const r of rows) {
      expect(r).toHaveProperty('enabled');
      expect(Array.isArray(r.ports)).toBe(true);
      expect(r).toHaveProperty('auto_start');
      expect(['running', 'stopped', 'not_installed']).toContain(r.status);
      expect(r).toHaveProperty('version');
    }
    const web = rows.find((r) => r.key === 'web')!;
    expect(web).toMatchObject({
      status: 'running',
      ports: [webPort],
      status_source: 'self',
      version: '0.1.0',
    });
    // Owned ports come from their pages: voice basic settings' SIP port, DNS port + DHCP 67, CWMP.
    expect(rows.find((r) => r.key === 'sip')!.ports).toEqual([5060]);
    expect(rows.find((r) => r.key === 'dhcp_dns')!.ports).toEqual([53, 67]);
    expect(rows.find((r) => r.key === 'acs')!.ports).toEqual([7547]);
    expect(rows.find((r) => r.key === 'ssh')!.ports).toEqual([22]);
  });

  it('shows the status this host really has', async () => {
    const rows = await list();
    const dns = rows.find((r) => r.key === 'dhcp_dns')!;
    const bin = installed('dnsmasq');
    if (!bin) {
      expect(dns.status).toBe('not_installed');
    } else {
      expect(dns.binary).toBe(bin);
      expect(dns.unit).toBe('dnsmasq');
      expect(dns.version).toMatch(/^\d+\.\d+/);
      if (!systemd) {
        expect(dns.status_source).toBe('proc');
        expect(dns.status).toBe(processRunning('dnsmasq') ? 'running' : 'stopped');
      } else {
        expect(dns.status_source).toBe('systemctl');
      }
    }
    // Services whose programs are absent here say so, never running or stopped.
    for (const [key, names] of [
      ['snmp', ['snmpd']],
      ['sip', ['asterisk']],
      ['igmpproxy', ['igmpproxy']],
    ] as const) {
      const r = rows.find((x) => x.key === key)!;
      if (names.every((n) => !installed(n)))
        expect(r).toMatchObject({ status: 'not_installed', binary: null });
      else expect(r.status).not.toBe('not_installed');
    }
    // The GB28181 agent runs inside the server; this test server does not start it.
    expect(rows.find((r) => r.key === 'gb28181')!.status).toBe('stopped');
    // Filter by status (the [F] of DOMAIN).
    const filtered = (await call<{ list: Row[] }>({ method: 'list', filter: { status: 'not_installed' } }))
      .data.list;
    expect(filtered.every((r) => r.status === 'not_installed')).toBe(true);
    expect(filtered.some((r) => r.key === 'gb28181')).toBe(false);
  });

  it('keeps the gb28181 fields, never returning the password', async () => {
    const before = await row('gb28181');
    expect(before).toMatchObject({
      server_id: '34020000002000000001',
      domain: '3402000000',
      port: 15060,
      ports: [15060],
      password: '',
      secret_set: { password: false },
    });
    const r = await call({
      method: 'edit',
      key: 'gb28181',
      server_id: '44010200492000000001',
      domain: '4401020049',
      port: 15061,
      password: 'gbsecret',
    });
    expect(r.code).toBe(200);
    const after = await row('gb28181');
    expect(after).toMatchObject({
      server_id: '44010200492000000001',
      domain: '4401020049',
      port: 15061,
      ports: [15061],
      password: '',
      secret_set: { password: true },
    });
    // An empty password keeps the stored one.
    await call({ method: 'edit', key: 'gb28181', password: '' });
    expect((await row('gb28181')).secret_set).toEqual({ password: true });
    const stored = await s.app.db.kysely
      .selectFrom('singletons')
      .select('value')
      .where('name', '=', 'system:service_config')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).gb28181.password).toBe('gbsecret');
  });

  it('refuses bad values with the field named, changing nothing', async () => {
    const before = await list();
    for (const [body, field] of [
      [{ key: 'gb28181', server_id: '4401020049200000000' }, 'server_id'],
      [{ key: 'gb28181', domain: '44010' }, 'domain'],
      [{ key: 'gb28181', port: 70000 }, 'port'],
      [{ key: 'ssh', ports: [0] }, 'ports'],
      [{ key: 'ssh', ports: [22, 22] }, 'ports'],
      [{ key: 'ssh', server_id: '44010200492000000001' }, 'server_id'],
      [{ key: 'nope' }, 'key'],
      [{ key: 'sip', ports: [5070] }, 'ports'],
      [{ key: 'web', enabled: 0 }, 'enabled'],
    ] as const) {
      const r = await call<{ errors: { field: string }[] }>({ method: 'edit', ...body });
      expect(r.code, JSON.stringify(body)).toBe(422);
      expect(r.data.errors[0]!.field.split('.')[0]).toBe(field);
    }
    const sip = await call({ method: 'edit', key: 'sip', ports: [5070] });
    expect(sip.msg).toContain('Voice > Basic settings');
    expect(await list()).toEqual(before);
  });

  it('answers a port clash with 409 naming both services, changing nothing', async () => {
    const before = await list();
    const a = await call<{ clash: { with: string } }>({ method: 'edit', key: 'ssh', ports: [1935] });
    expect(a.code).toBe(409);
    expect(a.msg).toContain('SSH');
    expect(a.msg).toContain('RTMP');
    expect(a.msg).toContain('1935');
    const b = await call({ method: 'edit', key: 'rtmp', ports: [webPort] });
    expect(b.code).toBe(409);
    expect(b.msg).toContain('Web console');
    expect(b.msg).toContain('RTMP');
    const c = await call({ method: 'edit', key: 'gb28181', port: 53 });
    expect(c.code).toBe(409);
    expect(c.msg).toContain('DHCP and DNS');
    const zh = await s.call(
      SVC,
      { method: 'edit', key: 'snmp', ports: [22] },
      { token, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.code).toBe(409);
    expect(zh.msg).toContain('端口冲突');
    expect(await list()).toEqual(before);
    // A free port is accepted, and stored.
    const ok = await call<{ applied: boolean; service: Row }>({
      method: 'edit',
      key: 'ssh',
      ports: [2222],
      auto_start: 0,
    });
    expect(ok.code).toBe(200);
    expect(ok.data.service).toMatchObject({ ports: [2222], auto_start: 0 });
    expect((await row('ssh')).ports).toEqual([2222]);
  });

  it('runs verbs only where allowed: not installed is 503, no IGS_APPLY is "not applied"', async () => {
    const notInstalled = (await list()).find((r) => r.status === 'not_installed' && r.key !== 'gb28181');
    if (notInstalled) {
      const r = await call({ method: 'start', key: notInstalled.key });
      expect(r.code).toBe(503);
      expect(r.msg).toContain('not installed');
    }
    expect((await call({ method: 'restart', key: 'web' })).code).toBe(422);
    // The GB28181 agent starts with the server, not from here (as the web console).
    expect((await call({ method: 'start', key: 'gb28181' })).code).toBe(422);
    if (installed('dnsmasq')) {
      const r = await call<{ applied: boolean; service: Row }>({ method: 'restart', key: 'dhcp_dns' });
      expect(r.code).toBe(200);
      expect(r.data.applied).toBe(false);
      expect(r.msg).toContain('IGS_APPLY is not 1');
      expect(r.msg).toContain('systemctl restart dnsmasq.service');
      // With IGS_APPLY=1 on a host without systemd the answer says why nothing can run.
      if (!systemd) {
        process.env.IGS_APPLY = '1';
        const r2 = await call({ method: 'restart', key: 'dhcp_dns' });
        expect(r2.code).toBe(503);
        expect(r2.msg).toContain('systemd is not running');
        delete process.env.IGS_APPLY;
      }
      // A disabled service is not started.
      const off = await call<{ applied: boolean }>({ method: 'edit', key: 'dhcp_dns', enabled: 0 });
      expect(off.code).toBe(200);
      expect(off.msg).toContain('IGS_APPLY is not 1');
      const r3 = await call({ method: 'start', key: 'dhcp_dns' });
      expect(r3.code).toBe(409);
      await call({ method: 'edit', key: 'dhcp_dns', enabled: 1 });
    }
    // Every verb call is in the operation log with its key.
    const logged = await s.app.db.kysely
      .selectFrom('operation_log')
      .select(['module', 'action'])
      .where('module', '=', 'system:service_config')
      .execute();
    expect(logged.some((l) => l.action === 'restart')).toBe(true);
  });

  it('refuses callers without the menu or the button', async () => {
    const reader = await accountWith(s, `svc_reader_${kind}`, [SVC], []);
    expect((await call({ method: 'list' }, reader)).code).toBe(200);
    const edit = await call({ method: 'edit', key: 'ssh', ports: [2200] }, reader);
    expect(edit.code).toBe(403);
    expect(edit.msg).toContain('system:service_config:edit');
    expect((await call({ method: 'restart', key: 'dhcp_dns' }, reader)).code).toBe(403);
    expect((await row('ssh')).ports).toEqual([2222]);
    const none = await accountWith(s, `svc_none_${kind}`, [], []);
    expect((await call({ method: 'list' }, none)).code).toBe(403);
  });
});
