import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { makeFakeSysfs } from './support/fake-sysfs.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const DHCP = '/admin.php/system/dhcp_set';
const DNS = '/admin.php/system/dns_set';
const HOSTS = '/admin.php/system/dhcp_host';
const RECORDS = '/admin.php/system/dns_host';
const DNSMASQ = '/usr/sbin/dnsmasq';
const FAKE = makeFakeSysfs(['lo', 'ge0', 'ge1']);

/** The real checker, run by the test itself on what the server wrote. */
function dnsmasqAccepts(...files: string[]): boolean {
  try {
    execFileSync(DNSMASQ, ['--test', ...files.map((f) => `--conf-file=${f}`)], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

afterEach(() => {
  delete process.env.IGS_DNSMASQ;
});

describeEachDb('DHCP and DNS (dnsmasq)', (kind) => {
  let s: TestServer;
  let token: string;
  const file = (name: string) => path.join(s.dataDir, 'etc', 'dnsmasq.d', name);
  const read = (name: string) => fs.readFileSync(file(name), 'utf8');
  const dhcpForm = (body: Record<string, unknown>) => s.call(DHCP, { method: 'form', ...body }, { token });
  const good = {
    interface: 'lan',
    range_start: '192.168.10.100',
    range_end: '192.168.10.199',
    lease_time: '12h',
    gateway: '192.168.10.1',
    dns1: '192.168.10.1',
    dns2: '223.5.5.5',
    ntp: '192.168.10.1',
    domain: 'hotel.lan',
    option43: '01:04:c0:a8:0a:01',
    option66: 'tftp.hotel.lan',
    option60_tags: [{ vendor_class: 'HUAWEI STB', tag: 'stb' }],
  };

  beforeAll(async () => {
    process.env.IGS_SYSFS_NET = FAKE;
    s = await startServer(kind);
    token = await s.login();
    // The LAN interface DHCP serves: ge1, 192.168.10.1/24.
    const r = await s.call(
      '/admin.php/Network/net',
      { method: 'edit', name: 'ge1', role: 'lan', mode: 'static', ip: '192.168.10.1/24' },
      { token },
    );
    expect(r.code).toBe(200);
  });
  afterAll(async () => s.close());

  it('starts from the DOMAIN defaults: .100 to .199 of the LAN subnet, dnsmasq found', async () => {
    const r = await s.call<{
      interface: string;
      range_start: string;
      range_end: string;
      lease_time: string;
      subnet: { ok: boolean; dev: string };
      dnsmasq: { installed: boolean; version: string };
      config: { written: boolean };
    }>(DHCP, { method: 'detail' }, { token });
    expect(r.data).toMatchObject({
      interface: 'lan',
      range_start: '192.168.10.100',
      range_end: '192.168.10.199',
      lease_time: '12h',
      subnet: { ok: true, dev: 'ge1' },
      config: { written: false },
    });
    expect(r.data.dnsmasq.installed).toBe(true);
    expect(r.data.dnsmasq.version).toMatch(/^\d+\.\d+/);
  });

  it('writes dhcp-range, dhcp-option and dhcp-vendorclass, and dnsmasq --test passes', async () => {
    const r = await dhcpForm(good);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      written: ['dnsmasq.d/igs-dhcp.conf'],
      applied: false,
      test: { ran: true, ok: true },
    });
    expect(r.msg).toContain('not applied');
    const conf = read('igs-dhcp.conf');
    expect(conf).toContain('dhcp-range=set:igs-dhcp,192.168.10.100,192.168.10.199,255.255.255.0,12h');
    expect(conf).toContain('dhcp-authoritative');
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,option:router,192.168.10.1');
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,option:dns-server,192.168.10.1,223.5.5.5');
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,option:ntp-server,192.168.10.1');
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,option:domain-name,hotel.lan');
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,43,01:04:c0:a8:0a:01');
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,66,"tftp.hotel.lan"');
    expect(conf).toContain('dhcp-vendorclass=set:stb,HUAWEI STB');
    expect(conf).toContain(`dhcp-leasefile=${s.dataDir}/dnsmasq.leases`);
    expect(dnsmasqAccepts(file('igs-dhcp.conf'))).toBe(true);
    const url = await dhcpForm({ ...good, option43: 'http://itms.hotel.lan:7547/acs' });
    expect(url.code).toBe(200);
    expect(read('igs-dhcp.conf')).toContain('43,"http://itms.hotel.lan:7547/acs"');
    expect(dnsmasqAccepts(file('igs-dhcp.conf'))).toBe(true);
  });

  it('refuses ranges outside the subnet, reversed ranges and bad values, writing nothing', async () => {
    const before = read('igs-dhcp.conf');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ range_start: '192.168.11.100' }, 'range_start', 'not a host address of ge1'],
      [{ range_end: '192.168.10.255' }, 'range_end', 'not a host address'],
      [{ range_start: '192.168.10.150', range_end: '192.168.10.120' }, 'range_end', 'ends before it starts'],
      [{ range_start: '192.168.10.1', range_end: '192.168.10.20' }, 'range_start', 'own address'],
      [{ lease_time: '1m' }, 'lease_time', '2m to 30d'],
      [{ lease_time: '31d' }, 'lease_time', '2m to 30d'],
      [{ lease_time: '12x' }, 'lease_time', '2m to 30d'],
      [{ gateway: '10.0.0.1' }, 'gateway', 'not inside'],
      [{ dns1: 'dns.example' }, 'dns1', 'IPv4'],
      [{ option43: 'zz"; rm' }, 'option43', 'hex'],
      [{ option60_tags: [{ vendor_class: 'a,b', tag: 'x' }] }, 'option60_tags.0.vendor_class', 'commas'],
      [{ option60_tags: [{ vendor_class: 'a', tag: 'igs-dhcp' }] }, 'option60_tags.0.tag', 'igs-'],
      [{ leases_file: 'relative.leases' }, 'leases_file', 'absolute'],
      [{ leases_file: '/etc/shadow' }, 'leases_file', '.leases'],
      [{ interface: 'ge9' }, 'interface', 'no interface ge9'],
      [{ interface: 'wan' }, 'interface', 'wan role'],
    ];
    for (const [body, field, text] of cases) {
      const r = await dhcpForm({ ...good, ...body });
      expect(r.code, JSON.stringify(body)).toBe(422);
      const errors = (r.data as unknown as { errors: { field: string; msg: string }[] }).errors;
      expect(errors.find((e) => e.field === field)?.msg, JSON.stringify(body)).toContain(text);
    }
    expect(read('igs-dhcp.conf')).toBe(before);
  });

  it('static leases: unique MAC and IP, inside the DHCP subnet; apply writes them as dhcp-host', async () => {
    const add = (body: Record<string, unknown>) =>
      s.call<{ id: number }>(HOSTS, { method: 'add', ...body }, { token });
    const ok = await add({ mac: 'AA-BB-CC-00-00-01', ip: '192.168.10.50', hostname: 'frontdesk' });
    expect(ok.code).toBe(200);
    const outside = await add({ mac: 'aa:bb:cc:00:00:02', ip: '192.168.11.50' });
    expect(outside.code).toBe(422);
    expect(outside.msg).toContain('not inside the DHCP subnet 192.168.10.0/24');
    expect((await add({ mac: 'aa:bb:cc:00:00:03', ip: '192.168.10.1' })).msg).toContain(
      'address of ge1 itself',
    );
    expect((await add({ mac: 'aa:bb:cc:00:00:01', ip: '192.168.10.51' })).code).toBe(409);
    expect((await add({ mac: 'aa:bb:cc:00:00:04', ip: '192.168.10.50' })).code).toBe(409);
    const moved = await s.call(HOSTS, { method: 'edit', id: ok.data.id, ip: '10.9.9.9' }, { token });
    expect(moved.code).toBe(422);

    const detail = await s.call<{ config: { pending: boolean } }>(DHCP, { method: 'detail' }, { token });
    expect(detail.data.config.pending).toBe(true);
    const applied = await s.call(DHCP, { method: 'apply' }, { token });
    expect(applied.code).toBe(200);
    expect(read('igs-dhcp.conf')).toContain('dhcp-host=aa:bb:cc:00:00:01,192.168.10.50,frontdesk');
    expect(dnsmasqAccepts(file('igs-dhcp.conf'))).toBe(true);
    expect(
      (await s.call<{ config: { pending: boolean } }>(DHCP, { method: 'detail' }, { token })).data.config
        .pending,
    ).toBe(false);

    // A new subnet that would strand the static lease is refused.
    const mgmt = { method: 'edit', name: 'ge0', role: 'mgmt', mode: 'static', ip: '10.20.0.1/24' };
    expect((await s.call('/admin.php/Network/net', mgmt, { token })).code).toBe(200);
    const strand = await dhcpForm({
      ...good,
      interface: 'ge0',
      range_start: '10.20.0.100',
      range_end: '10.20.0.199',
      gateway: '',
    });
    expect(strand.code).toBe(422);
    expect(strand.msg).toContain('static lease 192.168.10.50 (aa:bb:cc:00:00:01) would be outside ge0');
  });

  it('lists the leases from the lease file, marks static ones, and turns one into a static lease', async () => {
    const now = Math.floor(Date.now() / 1000);
    fs.writeFileSync(
      path.join(s.dataDir, 'dnsmasq.leases'),
      [
        `${now + 3600} aa:bb:cc:00:00:01 192.168.10.50 frontdesk 01:aa:bb:cc:00:00:01`,
        `${now + 7200} de:ad:be:ef:00:10 192.168.10.123 tv-0805 *`,
        `0 de:ad:be:ef:00:11 192.168.10.124 * *`,
        `${now + 60} de:ad:be:ef:00:12 192.168.99.9 stray *`,
        'duid 00:01:00:01:2c:00:00:00:00:00:00:01',
        'garbage line',
      ].join('\n'),
    );
    const r = await s.call<{
      list: { mac: string; ip: string; hostname: string; static: number; expiry: string }[];
    }>(DHCP, { method: 'leases' }, { token });
    expect(r.code).toBe(200);
    expect(r.data.list.map((l) => l.ip)).toEqual([
      '192.168.10.50',
      '192.168.10.123',
      '192.168.10.124',
      '192.168.99.9',
    ]);
    expect(r.data.list[0]).toMatchObject({ mac: 'aa:bb:cc:00:00:01', static: 1, hostname: 'frontdesk' });
    expect(r.data.list[1]).toMatchObject({ static: 0, hostname: 'tv-0805' });
    expect(r.data.list[2]).toMatchObject({ expiry: 'never', hostname: '' });

    const made = await s.call<{ id: number }>(
      DHCP,
      { method: 'make_static', mac: 'DE:AD:BE:EF:00:10' },
      { token },
    );
    expect(made.code).toBe(200);
    expect(read('igs-dhcp.conf')).toContain('dhcp-host=de:ad:be:ef:00:10,192.168.10.123,tv-0805');
    expect(dnsmasqAccepts(file('igs-dhcp.conf'))).toBe(true);
    expect((await s.call(DHCP, { method: 'make_static', mac: 'de:ad:be:ef:00:10' }, { token })).code).toBe(
      409,
    );
    expect((await s.call(DHCP, { method: 'make_static', mac: '00:00:00:00:00:99' }, { token })).code).toBe(
      404,
    );
    const stray = await s.call(DHCP, { method: 'make_static', mac: 'de:ad:be:ef:00:12' }, { token });
    expect(stray.code).toBe(422);
    const hosts = await s.call<{ total: number }>(HOSTS, { method: 'list' }, { token });
    expect(hosts.data.total).toBe(2);
  });

  it('static leases imported from CSV follow the same subnet rule, all or nothing', async () => {
    const fd = new FormData();
    fd.append('method', 'import');
    fd.append('format', 'csv');
    fd.append(
      'file',
      new Blob(['mac,ip,hostname\naa:bb:cc:00:00:21,192.168.10.61,ok\naa:bb:cc:00:00:22,172.16.0.5,far\n']),
      'h.csv',
    );
    const r = await s.call<{ inserted: number; errors: { line: number; field: string; msg: string }[] }>(
      HOSTS,
      fd,
      { token },
    );
    expect(r.code).toBe(200);
    expect(r.data.inserted).toBe(0);
    expect(r.data.errors).toEqual([expect.objectContaining({ line: 3, field: 'ip' })]);
    expect(r.data.errors[0]!.msg).toContain('not inside the DHCP subnet');
  });

  it('warns when the network settings moved the subnet away from the saved range and leases', async () => {
    const NET = '/admin.php/Network/net';
    const move = { method: 'edit', name: 'ge1', role: 'lan', mode: 'static', ip: '192.168.20.1/24' };
    expect((await s.call(NET, move, { token })).code).toBe(200);
    const d = await s.call<{ warnings: string[] }>(DHCP, { method: 'detail' }, { token });
    expect(d.data.warnings).toEqual([
      expect.stringContaining('192.168.10.100 is outside ge1 (192.168.20.1/24)'),
      expect.stringContaining('192.168.10.199 is outside ge1'),
      expect.stringContaining('static lease 192.168.10.50'),
    ]);
    expect((await s.call(NET, { ...move, ip: '192.168.10.1/24' }, { token })).code).toBe(200);
    expect(
      (await s.call<{ warnings: string[] }>(DHCP, { method: 'detail' }, { token })).data.warnings,
    ).toEqual([]);
  });

  it('DNS: port, cache, upstreams, overrides and host records; dnsmasq --test passes on the pair', async () => {
    const rec = await s.call(
      RECORDS,
      { method: 'add', host: 'nas.hotel.lan', ip: '192.168.10.20' },
      { token },
    );
    expect(rec.code).toBe(200);
    const r = await s.call(
      DNS,
      {
        method: 'form',
        port: 53,
        upstream: ['223.5.5.5', '2400:3200::1'],
        cache_size: 2000,
        no_resolv: 1,
        overrides: [{ domain: 'corp.example', server: '10.8.0.53' }],
      },
      { token },
    );
    expect(r.code).toBe(200);
    const conf = read('igs-dns.conf');
    expect(conf).toContain('port=53\ncache-size=2000\nno-resolv\nserver=223.5.5.5\nserver=2400:3200::1');
    expect(conf).toContain('server=/corp.example/10.8.0.53');
    expect(conf).toContain('address=/nas.hotel.lan/192.168.10.20');
    expect(dnsmasqAccepts(file('igs-dns.conf'), file('igs-dhcp.conf'))).toBe(true);
    const off = await s.call(DNS, { method: 'form', enabled: 0 }, { token });
    expect(off.code).toBe(200);
    expect(read('igs-dns.conf')).toContain('port=0');
  });

  it('DNS host records import from the /etc/hosts format, all or nothing', async () => {
    const upload = (text: string) => {
      const fd = new FormData();
      fd.append('method', 'import');
      fd.append('format', 'hosts');
      fd.append('file', new Blob([text]), 'hosts');
      return s.call<{ inserted: number; errors: { line: number; field: string }[] }>(RECORDS, fd, { token });
    };
    const bad = await upload('192.168.10.30 printer.hotel.lan\n192.168.10.31 bad_name!\n');
    expect(bad.code).toBe(200);
    expect(bad.data.inserted).toBe(0);
    expect(bad.data.errors[0]).toMatchObject({ line: 2, field: 'host' });
    const r = await upload(
      '# hotel\n127.0.0.1 localhost\n::1 ip6-localhost\n192.168.10.30 printer.hotel.lan printer # lobby\n',
    );
    expect(r.data).toMatchObject({ inserted: 2, errors: [] });
    const list = await s.call<{ list: { host: string; ip: string }[] }>(
      RECORDS,
      { method: 'list', keyword: 'printer' },
      { token },
    );
    expect(list.data.list.map((x) => x.host).sort()).toEqual(['printer', 'printer.hotel.lan']);
  });

  it('DNS: bad settings are refused and nothing is written', async () => {
    const before = read('igs-dns.conf');
    const cases: [Record<string, unknown>, string][] = [
      [{ no_resolv: 1, upstream: [] }, 'upstream'],
      [{ port: 70000 }, 'port'],
      [{ cache_size: 20000 }, 'cache_size'],
      [{ upstream: ['dns.example'] }, 'upstream'],
      [{ upstream: ['1.1.1.1', '1.1.1.1'] }, 'upstream'],
      [
        {
          overrides: [
            { domain: 'a.example', server: '1.1.1.1' },
            { domain: 'A.example', server: '1.0.0.1' },
          ],
        },
        'overrides.1.domain',
      ],
      [{ overrides: [{ domain: 'bad domain', server: '1.1.1.1' }] }, 'overrides.0.domain'],
      [{ overrides: [{ domain: 'x.example', server: 'nope' }] }, 'overrides.0.server'],
    ];
    for (const [body, field] of cases) {
      const r = await s.call(DNS, { method: 'form', enabled: 1, ...body }, { token });
      expect(r.code, JSON.stringify(body)).toBe(422);
      const errors = (r.data as unknown as { errors: { field: string }[] }).errors;
      expect(
        errors.map((e) => e.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    expect(read('igs-dns.conf')).toBe(before);
  });

  it('a configuration dnsmasq refuses is not written, and the reply carries its message', async () => {
    const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'igs-fake-')), 'dnsmasq');
    fs.writeFileSync(fake, '#!/bin/sh\necho "dnsmasq: bad option at line 3 of $2" >&2\nexit 1\n', {
      mode: 0o755,
    });
    process.env.IGS_DNSMASQ = fake;
    const before = read('igs-dhcp.conf');
    const r = await dhcpForm({ ...good, lease_time: '6h' });
    expect(r.code).toBe(422);
    expect(r.msg).toContain('dnsmasq --test refused the configuration; nothing was written');
    expect(r.msg).toContain('bad option at line 3');
    expect(read('igs-dhcp.conf')).toBe(before);
    expect(
      (await s.call<{ lease_time: string }>(DHCP, { method: 'detail' }, { token })).data.lease_time,
    ).toBe('12h');
  });

  it('says clearly when dnsmasq is not installed, and still writes the files', async () => {
    process.env.IGS_DNSMASQ = '/nonexistent/dnsmasq';
    const r = await dhcpForm({ ...good, lease_time: '8h' });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ test: { ran: false, ok: false } });
    expect(r.msg).toContain('dnsmasq is not installed');
    expect(read('igs-dhcp.conf')).toContain(',8h');
    const d = await s.call<{
      dnsmasq: { installed: boolean };
      config: { test: { ran: boolean; output: string } };
    }>(DHCP, { method: 'detail' }, { token });
    expect(d.data.dnsmasq.installed).toBe(false);
    expect(d.data.config.test.output).toContain('not installed');
  });

  it('rollback restores the previous DHCP file and settings; nothing to roll back is 409', async () => {
    const before = read('igs-dhcp.conf');
    expect((await dhcpForm({ ...good, lease_time: '2d' })).code).toBe(200);
    expect(read('igs-dhcp.conf')).toContain(',2d');
    const rb = await s.call(DHCP, { method: 'rollback' }, { token });
    expect(rb.code).toBe(200);
    expect(read('igs-dhcp.conf')).toBe(before);
    expect(
      (await s.call<{ lease_time: string }>(DHCP, { method: 'detail' }, { token })).data.lease_time,
    ).toBe('8h');
    const fresh = await startServer(kind);
    try {
      const t = await fresh.login();
      expect((await fresh.call(DNS, { method: 'rollback' }, { token: t })).code).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('exports the generated configuration as a download', async () => {
    const r = await s.call<{ url: string }>(DHCP, { method: 'export' }, { token });
    expect(r.code).toBe(200);
    const res = await fetch(s.url + r.data.url);
    const text = await res.text();
    expect(text).toContain('dhcp-range=set:igs-dhcp,192.168.10.100,192.168.10.199');
  });

  it('refuses callers without the menu or the button; reads need only the menu', async () => {
    const none = await accountWith(s, `nodhcp_${kind}`, ['/admin.php/system/home'], []);
    expect((await s.call(DHCP, { method: 'detail' }, { token: none })).code).toBe(403);
    const viewer = await accountWith(s, `dhcpview_${kind}`, [DHCP], []);
    expect((await s.call(DHCP, { method: 'leases' }, { token: viewer })).code).toBe(200);
    const before = read('igs-dhcp.conf');
    const form = await s.call(DHCP, { method: 'form', ...good, lease_time: '1d' }, { token: viewer });
    expect(form.code).toBe(403);
    expect(form.msg).toContain('system:dhcp_set:edit');
    expect((await s.call(DHCP, { method: 'apply' }, { token: viewer })).msg).toContain(
      'system:dhcp_set:edit',
    );
    expect(
      (await s.call(DHCP, { method: 'make_static', mac: 'de:ad:be:ef:00:11' }, { token: viewer })).msg,
    ).toContain('system:dhcp_set:make_static');
    expect((await s.call(DHCP, { method: 'rollback' }, { token: viewer })).msg).toContain(
      'system:dhcp_set:rollback',
    );
    expect((await s.call(DNS, { method: 'form', port: 5353 }, { token: viewer })).code).toBe(403);
    expect(read('igs-dhcp.conf')).toBe(before);
  });
});
