import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { optionFor } from './support/cpe-option43.ts';
import { makeFakeSysfs } from './support/fake-sysfs.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * DOMAIN 2.5 tr069/Itms `dhcp_option43`: "adds a dhcp-option line for dnsmasq". The line the ITMS
 * page shows is the one written into the DHCP file, which the real dnsmasq accepts; a file dnsmasq
 * refuses undoes the ITMS save.
 */

const ITMS = '/admin.php/tr069/itms';
const DHCP = '/admin.php/system/dhcp_set';
const DNSMASQ = '/usr/sbin/dnsmasq';
const FAKE = makeFakeSysfs(['lo', 'ge0', 'ge1']);
const LINE = 'dhcp-option=vendor:dslforum.org,1,"http://192.168.10.1:7547/acs"';

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

describeEachDb('ITMS DHCP option 43 in the dnsmasq file', (kind) => {
  let s: TestServer;
  let token: string;
  const file = () => path.join(s.dataDir, 'etc', 'dnsmasq.d', 'igs-dhcp.conf');
  const itms = (body: Record<string, unknown>) => s.call(ITMS, { method: 'form', ...body }, { token });
  const dhcpForm = (over: Record<string, unknown>) =>
    s.call(
      DHCP,
      {
        method: 'form',
        interface: 'lan',
        range_start: '192.168.10.100',
        range_end: '192.168.10.199',
        lease_time: '12h',
        gateway: '192.168.10.1',
        ...over,
      },
      { token },
    );
  const stored = async () =>
    (await s.call<Record<string, unknown>>(ITMS, { method: 'detail' }, { token })).data;

  beforeAll(async () => {
    process.env.IGS_SYSFS_NET = FAKE;
    s = await startServer(kind);
    token = await s.login();
    const net = await s.call(
      '/admin.php/Network/net',
      { method: 'edit', name: 'ge1', role: 'lan', mode: 'static', ip: '192.168.10.1/24' },
      { token },
    );
    expect(net.code).toBe(200);
    // The DHCP page's own option 43 for set-top boxes stays beside the ITMS one.
    expect((await dhcpForm({ option43: '01:04:c0:a8:0a:01' })).code).toBe(200);
  });
  afterAll(async () => s.close());

  it('turning dhcp_option43 on writes the ITMS line into the DHCP file; dnsmasq --test accepts it', async () => {
    expect(fs.readFileSync(file(), 'utf8')).not.toContain('dslforum.org');
    const r = await itms({ acs_url: 'http://192.168.10.1:7547/acs', dhcp_option43: 1 });
    expect(r.code).toBe(200);
    const conf = fs.readFileSync(file(), 'utf8');
    expect(conf).toContain(LINE);
    // The page's option 43 goes to every client but those of the ACS's class (dnsmasq would send
    // them two option 43s, which a CPE joins into one).
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,tag:!igs-acs,43,01:04:c0:a8:0a:01');
    expect(conf).toContain('dhcp-vendorclass=set:igs-acs,dslforum.org');
    expect(Object.fromEntries(optionFor(conf, 'dslforum.org')!)).toEqual({
      1: 'http://192.168.10.1:7547/acs',
    });
    expect(Object.fromEntries(optionFor(conf, 'HUAWEI STB')!)).toEqual({ 1: '\xc0\xa8\x0a\x01' });
    expect((await stored()).dnsmasq_lines).toEqual([LINE]);
    expect(dnsmasqAccepts(file())).toBe(true);
    // The DHCP page reports the file as up to date, not pending.
    const dhcp = await s.call<{ config: { pending: boolean; test: { ok: boolean } } }>(
      DHCP,
      { method: 'detail' },
      { token },
    );
    expect(dhcp.data.config).toMatchObject({ pending: false, test: { ok: true } });
  });

  it('a changed ACS URL rewrites the line; turning the option off removes it', async () => {
    expect((await itms({ acs_url: 'http://192.168.10.1:7548/' })).code).toBe(200);
    expect(fs.readFileSync(file(), 'utf8')).toContain(
      'dhcp-option=vendor:dslforum.org,1,"http://192.168.10.1:7548/"',
    );
    expect((await itms({ dhcp_option43: 0 })).code).toBe(200);
    expect(fs.readFileSync(file(), 'utf8')).not.toContain('dslforum.org');
    expect(dnsmasqAccepts(file())).toBe(true);
  });

  it('when dnsmasq refuses the file, the ITMS save is undone and the file stays as it was', async () => {
    const before = fs.readFileSync(file(), 'utf8');
    const fake = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'igs-fake-')), 'dnsmasq');
    fs.writeFileSync(fake, '#!/bin/sh\necho "dnsmasq: bad option at line 12" >&2\nexit 1\n', { mode: 0o755 });
    process.env.IGS_DNSMASQ = fake;
    const r = await itms({ dhcp_option43: 1 });
    expect(r.code).toBe(422);
    expect(r.msg).toContain('dnsmasq --test');
    expect((await stored()).dhcp_option43).toBe(0);
    expect(fs.readFileSync(file(), 'utf8')).toBe(before);
  });

  it('a save that does not change the lines leaves the DHCP file alone', async () => {
    const before = fs.statSync(file()).mtimeMs;
    expect((await itms({ inform_interval_s: 600 })).code).toBe(200);
    expect(fs.statSync(file()).mtimeMs).toBe(before);
  });

  it('a CPE decodes the ACS URL (sub-option 1) and provisioning code (sub-option 2) from the option bytes', async () => {
    const url = 'http://192.168.10.1:7547/acs';
    expect((await itms({ acs_url: url, provisioning_code: 'HOTEL.ROOMS-2', dhcp_option43: 1 })).code).toBe(
      200,
    );
    let conf = fs.readFileSync(file(), 'utf8');
    expect(conf).toContain('dhcp-option=vendor:dslforum.org,2,"HOTEL.ROOMS-2"');
    expect((await stored()).dnsmasq_lines).toEqual([
      `dhcp-option=vendor:dslforum.org,1,"${url}"`,
      'dhcp-option=vendor:dslforum.org,2,"HOTEL.ROOMS-2"',
    ]);
    // A CPE announcing dslforum.org gets both sub-options through dnsmasq's vendor encapsulation.
    expect(Object.fromEntries(optionFor(conf, 'dslforum.org')!)).toEqual({ 1: url, 2: 'HOTEL.ROOMS-2' });
    expect(dnsmasqAccepts(file())).toBe(true);

    // Option-60 vendor classes of the DHCP page: their clients get the ACS as encoded sub-options,
    // matched by the tag dnsmasq sets from option 60; a client of no class gets no option 43.
    const classes = [
      { vendor_class: 'HG8245', tag: 'ont' },
      { vendor_class: 'ZXHN', tag: 'zte' },
    ];
    expect((await dhcpForm({ option43: '', option60_tags: classes })).code).toBe(200);
    conf = fs.readFileSync(file(), 'utf8');
    expect(conf).toContain('dhcp-vendorclass=set:ont,HG8245');
    expect(conf).toMatch(
      /^dhcp-option=tag:igs-dhcp,tag:ont,tag:!igs-acs,43,01:1c:68:74:74:70(:[0-9a-f]{2})+$/m,
    );
    for (const vendor of ['HG8245H', 'ZXHN F660'])
      expect(Object.fromEntries(optionFor(conf, vendor)!), vendor).toEqual({ 1: url, 2: 'HOTEL.ROOMS-2' });
    expect(optionFor(conf, 'MSFT 5.0')).toBeNull();
    expect(dnsmasqAccepts(file())).toBe(true);

    // The DHCP page's own option 43 for its classes wins there; the ACS still reaches dslforum.org.
    expect((await dhcpForm({ option43: '01:04:c0:a8:0a:01', option60_tags: classes })).code).toBe(200);
    conf = fs.readFileSync(file(), 'utf8');
    expect(Object.fromEntries(optionFor(conf, 'HG8245H')!)).toEqual({ 1: '\xc0\xa8\x0a\x01' });
    expect(Object.fromEntries(optionFor(conf, 'dslforum.org')!)).toEqual({ 1: url, 2: 'HOTEL.ROOMS-2' });
    expect(dnsmasqAccepts(file())).toBe(true);
  });

  it('a provisioning code dnsmasq could not carry is refused and changes nothing', async () => {
    const before = fs.readFileSync(file(), 'utf8');
    const was = await stored();
    for (const code of ['two words', 'a"b', 'a,b', 'x'.repeat(65)]) {
      const r = await itms({ provisioning_code: code });
      expect(r.code, code).toBe(422);
      expect(r.msg, code).toMatch(/Provisioning code/);
    }
    expect((await stored()).provisioning_code).toBe(was.provisioning_code);
    expect(fs.readFileSync(file(), 'utf8')).toBe(before);
  });
});
