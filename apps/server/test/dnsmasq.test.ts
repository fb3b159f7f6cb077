import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, expect, it, onTestFinished } from 'vitest';
import { optionFor } from './support/cpe-option43.ts';
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

/** A dnsmasq that refuses every configuration, as the real one refuses a bad line. */
function refusingDnsmasq(): string {
  const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'igs-fake-')), 'dnsmasq');
  fs.writeFileSync(fake, '#!/bin/sh\necho "dnsmasq: bad option at line 3 of $2" >&2\nexit 1\n', {
    mode: 0o755,
  });
  return fake;
}

afterEach(() => {
  delete process.env.IGS_DNSMASQ;
  delete process.env.IGS_APPLY;
  delete process.env.IGS_APPLY_ROOT;
});

describeEachDb('DHCP and DNS (dnsmasq)', (kind) => {
  let s: TestServer;
  let token: string;
  const file = (name: string) => path.join(s.dataDir, 'etc', 'dnsmasq.d', name);
  const read = (name: string) => fs.readFileSync(file(name), 'utf8');
  const dhcpForm = (body: Record<string, unknown>) => s.call(DHCP, { method: 'form', ...body }, { token });
  const status = async (path: string) =>
    (await s.call<{ config: { pending: boolean; applied: string } }>(path, { method: 'detail' }, { token }))
      .data.config;
  const listOf = async (path: string) =>
    (await s.call<{ list: Record<string, unknown>[] }>(path, { method: 'list', limit: 200 }, { token })).data
      .list;
  const upload = (path: string, format: string, text: string, extra: Record<string, string> = {}) => {
    const fd = new FormData();
    fd.append('method', 'import');
    fd.append('format', format);
    for (const [k, v] of Object.entries(extra)) fd.append(k, v);
    fd.append('file', new Blob([text]), `upload.${format}`);
    return s.call<{ inserted: number; errors: { line: number; field: string; msg: string }[] }>(path, fd, {
      token,
    });
  };
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
    // An option-60 vendor class is configured: option 43 goes to its clients only.
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,tag:stb,43,01:04:c0:a8:0a:01');
    expect(conf).not.toContain('dhcp-option=tag:igs-dhcp,43,');
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,66,"tftp.hotel.lan"');
    expect(conf).toContain('dhcp-vendorclass=set:stb,HUAWEI STB');
    expect(conf).toContain(`dhcp-leasefile=${s.dataDir}/dnsmasq.leases`);
    expect(dnsmasqAccepts(file('igs-dhcp.conf'))).toBe(true);
    const url = await dhcpForm({ ...good, option43: 'http://itms.hotel.lan:7547/acs' });
    expect(url.code).toBe(200);
    // A URL is sent as TR-069 sub-option 1, which a set-top box of the class reads back.
    expect(read('igs-dhcp.conf')).not.toContain('43,"http://');
    expect(optionFor(read('igs-dhcp.conf'), 'HUAWEI STB')?.get(1)).toBe('http://itms.hotel.lan:7547/acs');
    expect(optionFor(read('igs-dhcp.conf'), 'other')).toBeNull();
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
      [{ option43: `http://${'a'.repeat(248)}` }, 'option43', '253 bytes'],
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

  it('static leases: unique MAC and IP, inside the DHCP subnet; each write rewrites dhcp-host at once', async () => {
    const add = (body: Record<string, unknown>) =>
      s.call<{ id: number; dnsmasq: Record<string, unknown> }>(HOSTS, { method: 'add', ...body }, { token });
    const ok = await add({ mac: 'AA-BB-CC-00-00-01', ip: '192.168.10.50', hostname: 'frontdesk' });
    expect(ok.code).toBe(200);
    // Written and checked in the same call, as Apply would; the reply says so.
    expect(ok.data.dnsmasq).toMatchObject({
      written: ['dnsmasq.d/igs-dhcp.conf'],
      applied: false,
      test: { ran: true, ok: true },
    });
    expect(ok.msg).toContain('checked by dnsmasq');
    expect(ok.msg).toContain('not applied');
    expect(read('igs-dhcp.conf')).toContain('dhcp-host=aa:bb:cc:00:00:01,192.168.10.50,frontdesk');
    expect(dnsmasqAccepts(file('igs-dhcp.conf'))).toBe(true);
    // Nothing waits for Apply; the files are not in /etc because IGS_APPLY is off.
    expect(await status(DHCP)).toMatchObject({ pending: false, applied: 'off' });
    const afterAdd = read('igs-dhcp.conf');
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
    // Refused writes leave the file as it was.
    expect(read('igs-dhcp.conf')).toBe(afterAdd);

    // Edit and delete rewrite it too.
    const extra = await add({ mac: 'aa:bb:cc:00:00:05', ip: '192.168.10.55', hostname: 'minibar' });
    expect(read('igs-dhcp.conf')).toContain('dhcp-host=aa:bb:cc:00:00:05,192.168.10.55,minibar');
    const edited = await s.call(
      HOSTS,
      { method: 'edit', id: extra.data.id, ip: '192.168.10.56', hostname: 'minibar2' },
      { token },
    );
    expect(edited.code).toBe(200);
    expect(read('igs-dhcp.conf')).toContain('dhcp-host=aa:bb:cc:00:00:05,192.168.10.56,minibar2');
    expect(read('igs-dhcp.conf')).not.toContain('192.168.10.55');
    expect(dnsmasqAccepts(file('igs-dhcp.conf'))).toBe(true);
    const del = await s.call(HOSTS, { method: 'del', ids: [extra.data.id] }, { token });
    expect(del.code).toBe(200);
    expect(read('igs-dhcp.conf')).toBe(afterAdd);
    expect((await status(DHCP)).pending).toBe(false);
    // Apply still answers (for changes made elsewhere) and changes nothing here.
    expect((await s.call(DHCP, { method: 'apply' }, { token })).code).toBe(200);
    expect(read('igs-dhcp.conf')).toBe(afterAdd);

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

  it('says in the reader’s language that no lease file exists yet', async () => {
    fs.rmSync(path.join(s.dataDir, 'dnsmasq.leases'), { force: true });
    const zh = await s.call<{ list: unknown[]; note: string }>(
      DHCP,
      { method: 'leases' },
      { token, headers: { cookie: 'language=zh_CN' } },
    );
    expect(zh.data.list).toEqual([]);
    expect(zh.data.note).toContain('尚无租约文件');
    expect(zh.data.note).not.toMatch(/[A-Za-z]{4,} (lease|file)/);
    const en = await s.call<{ note: string }>(DHCP, { method: 'leases' }, { token });
    expect(en.data.note).toMatch(/^No lease file yet at /);
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
    expect(r.data.list.every((l) => (l as { family?: string }).family === 'v4')).toBe(true);

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

  it('lists DHCPv6 leases beside the DHCPv4 ones from a mixed lease file, the DUID where a MAC would be', async () => {
    const leaseFile = path.join(s.dataDir, 'dnsmasq.leases');
    const kept = fs.readFileSync(leaseFile, 'utf8');
    fs.copyFileSync(path.join(import.meta.dirname, 'fixtures', 'dnsmasq', 'mixed.leases'), leaseFile);
    onTestFinished(() => fs.writeFileSync(leaseFile, kept));
    const r = await s.call<{
      list: Record<string, unknown>[];
      total: number;
      server_duid: string;
    }>(DHCP, { method: 'leases' }, { token });
    expect(r.code).toBe(200);
    expect(r.data.server_duid).toBe('00:01:00:01:2e:d4:9b:5f:52:54:00:8a:61:3c');
    expect(r.data.total).toBe(7);
    expect(r.data.list.map((l) => `${l.family} ${l.ip}`)).toEqual([
      'v4 192.168.10.50',
      'v4 192.168.10.117',
      'v4 192.168.10.142',
      'v4 192.168.10.163',
      'v6 2001:db8:10::50',
      'v6 fd00:10::1c3',
      'v6 fd00:10::8f2a',
    ]);
    expect(r.data.list[5]).toMatchObject({
      mac: '',
      duid: '00:01:00:01:2c:1f:a2:7b:f0:18:98:3d:77:ab',
      iaid: '1084233775',
      hostname: 'desktop-room-0805',
      temporary: 0,
      static: 0,
    });
    expect(r.data.list[6]).toMatchObject({ temporary: 1, hostname: '' });
    expect(r.data.list[4]).toMatchObject({ expiry: 'never', static: 0 });
    expect(r.data.list[1]).toMatchObject({ mac: '3c:a6:2f:81:4e:07', duid: '', hostname: 'HUAWEI_HG8245H' });
  });

  it('static leases imported from CSV follow the same subnet rule, all or nothing, and are written at once', async () => {
    const before = read('igs-dhcp.conf');
    const r = await upload(
      HOSTS,
      'csv',
      'mac,ip,hostname\naa:bb:cc:00:00:21,192.168.10.61,ok\naa:bb:cc:00:00:22,172.16.0.5,far\n',
    );
    expect(r.code).toBe(200);
    expect(r.data.inserted).toBe(0);
    expect(r.data.errors).toEqual([expect.objectContaining({ line: 3, field: 'ip' })]);
    expect(r.data.errors[0]!.msg).toContain('not inside the DHCP subnet');
    expect(read('igs-dhcp.conf')).toBe(before);

    const good = await upload(HOSTS, 'csv', 'mac,ip,hostname\naa:bb:cc:00:00:21,192.168.10.61,ok\n');
    expect(good.data).toMatchObject({ inserted: 1, errors: [] });
    expect(read('igs-dhcp.conf')).toContain('dhcp-host=aa:bb:cc:00:00:21,192.168.10.61,ok');
    expect(dnsmasqAccepts(file('igs-dhcp.conf'))).toBe(true);
    const id = (await listOf(HOSTS)).find((h) => h.mac === 'aa:bb:cc:00:00:21')!.id;
    expect((await s.call(HOSTS, { method: 'del', ids: [id] }, { token })).code).toBe(200);
    expect(read('igs-dhcp.conf')).toBe(before);
  });

  it('warns when the network settings moved the subnet away from the saved range and leases', async () => {
    const NET = '/admin.php/Network/net';
    const move = { method: 'edit', name: 'ge1', role: 'lan', mode: 'static', ip: '192.168.20.1/24' };
    expect((await s.call(NET, move, { token })).code).toBe(200);
    const d = await s.call<{ warnings: string[]; config: { pending: boolean } }>(
      DHCP,
      { method: 'detail' },
      { token },
    );
    expect(d.data.warnings).toEqual([
      expect.stringContaining('192.168.10.100 is outside ge1 (192.168.20.1/24)'),
      expect.stringContaining('192.168.10.199 is outside ge1'),
      expect.stringContaining('static lease 192.168.10.50'),
    ]);
    // A change made outside these pages leaves the file out of date: that is what pending means now.
    expect(d.data.config.pending).toBe(true);
    expect((await s.call(NET, { ...move, ip: '192.168.10.1/24' }, { token })).code).toBe(200);
    const back = await s.call<{ warnings: string[]; config: { pending: boolean } }>(
      DHCP,
      { method: 'detail' },
      { token },
    );
    expect(back.data.warnings).toEqual([]);
    expect(back.data.config.pending).toBe(false);
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
    // A hosts file saved by Windows Notepad as UTF-16 with CRLF, or gzip-compressed, reads the same.
    const fromWindows = new FormData();
    fromWindows.append('method', 'import');
    fromWindows.append('format', 'hosts');
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('192.168.10.32 fax.hotel.lan\r\n', 'utf16le'),
    ]);
    fromWindows.append('file', new Blob([utf16]), 'hosts');
    expect((await s.call<{ inserted: number }>(RECORDS, fromWindows, { token })).data.inserted).toBe(1);
    const packed = new FormData();
    packed.append('method', 'import');
    packed.append('format', 'hosts');
    packed.append('file', new Blob([gzipSync('192.168.10.33 scan.hotel.lan\n')]), 'hosts.gz');
    expect((await s.call<{ inserted: number }>(RECORDS, packed, { token })).data.inserted).toBe(1);
    const broken = new FormData();
    broken.append('method', 'import');
    broken.append('format', 'hosts');
    broken.append('file', new Blob([Buffer.from([0x1f, 0x8b, 1, 2, 3])]), 'hosts.gz');
    expect((await s.call(RECORDS, broken, { token })).code).toBe(422);
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

  it('DNS record writes (add, edit, delete, hosts and CSV import) rewrite igs-dns.conf at once', async () => {
    const on = { method: 'form', enabled: 1, port: 53, upstream: ['223.5.5.5'] };
    expect((await s.call(DNS, on, { token })).code).toBe(200);
    // The records imported while DNS was off are in the file now it is on.
    expect(read('igs-dns.conf')).toContain('address=/printer.hotel.lan/192.168.10.30');
    const add = await s.call<{ id: number; dnsmasq: { test: { ok: boolean } } }>(
      RECORDS,
      { method: 'add', host: 'pos.hotel.lan', ip: '192.168.10.40' },
      { token },
    );
    expect(add.code).toBe(200);
    expect(add.data.dnsmasq.test.ok).toBe(true);
    expect(read('igs-dns.conf')).toContain('address=/pos.hotel.lan/192.168.10.40');
    expect(dnsmasqAccepts(file('igs-dns.conf'), file('igs-dhcp.conf'))).toBe(true);
    const edit = await s.call(RECORDS, { method: 'edit', id: add.data.id, ip: '192.168.10.41' }, { token });
    expect(edit.code).toBe(200);
    expect(read('igs-dns.conf')).toContain('address=/pos.hotel.lan/192.168.10.41');
    expect(read('igs-dns.conf')).not.toContain('192.168.10.40');
    const hosts = await upload(RECORDS, 'hosts', '192.168.10.42 bar.hotel.lan\n');
    expect(hosts.data.inserted).toBe(1);
    expect(read('igs-dns.conf')).toContain('address=/bar.hotel.lan/192.168.10.42');
    const csv = await upload(RECORDS, 'csv', 'host,ip\nspa.hotel.lan,192.168.10.43\n');
    expect(csv.data.inserted).toBe(1);
    expect(read('igs-dns.conf')).toContain('address=/spa.hotel.lan/192.168.10.43');
    // A dry run writes nothing, so it does not touch the file.
    const before = read('igs-dns.conf');
    const dry = await upload(RECORDS, 'csv', 'host,ip\ngym.hotel.lan,192.168.10.44\n', { dry_run: '1' });
    expect(dry.code).toBe(200);
    expect(read('igs-dns.conf')).toBe(before);
    const ids = (await listOf(RECORDS))
      .filter((r) => ['pos.hotel.lan', 'bar.hotel.lan', 'spa.hotel.lan'].includes(String(r.host)))
      .map((r) => r.id);
    expect(ids).toHaveLength(3);
    expect((await s.call(RECORDS, { method: 'del', ids }, { token })).code).toBe(200);
    for (const h of ['pos', 'bar', 'spa']) expect(read('igs-dns.conf')).not.toContain(`/${h}.hotel.lan/`);
    expect(dnsmasqAccepts(file('igs-dns.conf'), file('igs-dhcp.conf'))).toBe(true);
    expect(await status(DNS)).toMatchObject({ pending: false, applied: 'off' });
  });

  it('a record write dnsmasq refuses is rolled back: neither the records nor the files change', async () => {
    const dhcpBefore = read('igs-dhcp.conf');
    const dnsBefore = read('igs-dns.conf');
    const leasesBefore = await listOf(HOSTS);
    const recordsBefore = await listOf(RECORDS);
    const lease = leasesBefore[0]!;
    process.env.IGS_DNSMASQ = refusingDnsmasq();
    const refused = [
      await s.call(HOSTS, { method: 'add', mac: 'aa:bb:cc:00:00:31', ip: '192.168.10.71' }, { token }),
      await s.call(HOSTS, { method: 'edit', id: lease.id, hostname: 'renamed' }, { token }),
      await s.call(HOSTS, { method: 'del', ids: [lease.id] }, { token }),
      await upload(HOSTS, 'csv', 'mac,ip\naa:bb:cc:00:00:32,192.168.10.72\n'),
      await s.call(DHCP, { method: 'make_static', mac: 'de:ad:be:ef:00:11' }, { token }),
      await s.call(RECORDS, { method: 'add', host: 'new.hotel.lan', ip: '192.168.10.73' }, { token }),
      await s.call(RECORDS, { method: 'del', ids: [recordsBefore[0]!.id] }, { token }),
      await upload(RECORDS, 'hosts', '192.168.10.74 other.hotel.lan\n'),
    ];
    for (const r of refused) {
      expect(r.code).toBe(422);
      expect(r.msg).toContain('dnsmasq --test refused the configuration; nothing was written');
      expect(r.msg).toContain('bad option at line 3');
    }
    // An import that writes nothing (a dry run) is not checked, so it still answers.
    const dry = await upload(HOSTS, 'csv', 'mac,ip\naa:bb:cc:00:00:33,192.168.10.75\n', { dry_run: '1' });
    expect(dry.code).toBe(200);
    expect(await listOf(HOSTS)).toEqual(leasesBefore);
    expect(await listOf(RECORDS)).toEqual(recordsBefore);
    expect(read('igs-dhcp.conf')).toBe(dhcpBefore);
    expect(read('igs-dns.conf')).toBe(dnsBefore);
    delete process.env.IGS_DNSMASQ;
    expect(await status(DHCP)).toMatchObject({ pending: false });
    expect(await status(DNS)).toMatchObject({ pending: false });
  });

  it('a file that cannot be written rolls the record write back and says which file', async () => {
    const dir = path.join(s.dataDir, 'etc', 'dnsmasq.d');
    const dnsBefore = read('igs-dns.conf');
    const recordsBefore = await listOf(RECORDS);
    fs.renameSync(dir, `${dir}.aside`);
    fs.writeFileSync(dir, 'not a directory');
    try {
      const r = await s.call(
        RECORDS,
        { method: 'add', host: 'lost.hotel.lan', ip: '192.168.10.80' },
        { token },
      );
      expect(r.code).toBe(5000);
      expect(r.msg).toContain('Writing dnsmasq.d/igs-dns.conf failed');
      expect(r.msg).toContain('nothing was saved');
    } finally {
      fs.rmSync(dir);
      fs.renameSync(`${dir}.aside`, dir);
    }
    expect(await listOf(RECORDS)).toEqual(recordsBefore);
    expect(read('igs-dns.conf')).toBe(dnsBefore);
    expect((await status(DNS)).pending).toBe(false);
  });

  it('with IGS_APPLY=1 a record write puts the file in place; a copy that differs is pending', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-root-'));
    process.env.IGS_APPLY = '1';
    process.env.IGS_APPLY_ROOT = root;
    const placed = path.join(root, 'etc', 'dnsmasq.d', 'igs-dns.conf');
    const r = await s.call<{ id: number; dnsmasq: { applied: boolean } }>(
      RECORDS,
      { method: 'add', host: 'lobby.hotel.lan', ip: '192.168.10.90' },
      { token },
    );
    expect(r.code).toBe(200);
    expect(r.data.dnsmasq.applied).toBe(true);
    expect(r.msg).toBe('Saved, checked by dnsmasq and applied');
    expect(fs.readFileSync(placed, 'utf8')).toBe(read('igs-dns.conf'));
    expect(fs.readFileSync(placed, 'utf8')).toContain('address=/lobby.hotel.lan/192.168.10.90');
    expect(await status(DNS)).toMatchObject({ pending: false, applied: 'in_place' });
    // The DHCP half was not written since IGS_APPLY was set: its copy is missing, so it is pending.
    expect(await status(DHCP)).toMatchObject({ pending: true, applied: 'stale' });
    fs.writeFileSync(placed, '# changed by hand\n');
    expect(await status(DNS)).toMatchObject({ pending: true, applied: 'stale' });
    expect((await s.call(DNS, { method: 'apply' }, { token })).code).toBe(200);
    expect(await status(DNS)).toMatchObject({ pending: false, applied: 'in_place' });
    expect((await s.call(RECORDS, { method: 'del', ids: [r.data.id] }, { token })).code).toBe(200);
    expect(fs.readFileSync(placed, 'utf8')).not.toContain('lobby');
    delete process.env.IGS_APPLY;
    expect(await status(DNS)).toMatchObject({ pending: false, applied: 'off' });
  });

  it('a configuration dnsmasq refuses is not written, and the reply carries its message', async () => {
    process.env.IGS_DNSMASQ = refusingDnsmasq();
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
    // Rolling back the settings keeps the static leases stored since: the file is written from
    // the previous settings and the current records, not restored from before the lease was added.
    expect((await dhcpForm({ ...good, lease_time: '1d' })).code).toBe(200);
    const lease = await s.call<{ id: number }>(
      HOSTS,
      { method: 'add', mac: 'aa:bb:cc:00:00:41', ip: '192.168.10.81' },
      { token },
    );
    expect(read('igs-dhcp.conf')).toContain(',1d');
    expect((await s.call(DHCP, { method: 'rollback' }, { token })).code).toBe(200);
    expect(read('igs-dhcp.conf')).toContain(',8h');
    expect(read('igs-dhcp.conf')).toContain('dhcp-host=aa:bb:cc:00:00:41,192.168.10.81');
    expect((await status(DHCP)).pending).toBe(false);
    expect((await s.call(HOSTS, { method: 'del', ids: [lease.data.id] }, { token })).code).toBe(200);
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

  it("writes and matches only the gateway's (site 0) static leases and DNS records, never another site's", async () => {
    // Rows of another site (an operations site's records live in the same tables): the host's
    // dnsmasq serves the gateway's network only, so they are neither written nor matched.
    const db = s.app.db.kysely;
    const now = Date.now();
    await db
      .insertInto('system_dhcp_host')
      .values({
        site_id: 7,
        mac: 'de:ad:be:ef:07:07',
        ip: '192.168.10.77',
        hostname: 'site7-box',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await db
      .insertInto('system_dns_host')
      .values({ site_id: 7, host: 'site7.hotel.lan', ip: '192.168.10.78', created_at: now, updated_at: now })
      .execute();
    expect(
      (await s.call(DNS, { method: 'form', enabled: 1, port: 53, upstream: ['223.5.5.5'] }, { token })).code,
    ).toBe(200);
    const lease = await s.call(
      HOSTS,
      { method: 'add', mac: 'aa:bb:cc:00:07:01', ip: '192.168.10.71' },
      { token },
    );
    expect(lease.code).toBe(200);
    const record = await s.call(
      RECORDS,
      { method: 'add', host: 'site0.hotel.lan', ip: '192.168.10.72' },
      { token },
    );
    expect(record.code).toBe(200);
    const dhcp = read('igs-dhcp.conf');
    expect(dhcp).toContain('dhcp-host=aa:bb:cc:00:07:01,192.168.10.71');
    expect(dhcp).not.toContain('de:ad:be:ef:07:07');
    const dns = read('igs-dns.conf');
    expect(dns).toContain('address=/site0.hotel.lan/192.168.10.72');
    expect(dns).not.toContain('site7.hotel.lan');
    // The lease list marks as static only a lease of a gateway's static lease.
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    fs.writeFileSync(
      path.join(s.dataDir, 'dnsmasq.leases'),
      [
        `${expiry} aa:bb:cc:00:07:01 192.168.10.71 site0-box *`,
        `${expiry} de:ad:be:ef:07:07 192.168.10.77 site7-box *`,
      ].join('\n'),
    );
    const r = await s.call<{ list: { mac: string; static: number }[] }>(
      DHCP,
      { method: 'leases' },
      { token },
    );
    expect(r.code).toBe(200);
    expect(r.data.list.map((l) => [l.mac, l.static])).toEqual([
      ['aa:bb:cc:00:07:01', 1],
      ['de:ad:be:ef:07:07', 0],
    ]);
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
