import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
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
    const dhcp = await s.call(
      DHCP,
      {
        method: 'form',
        interface: 'lan',
        range_start: '192.168.10.100',
        range_end: '192.168.10.199',
        lease_time: '12h',
        gateway: '192.168.10.1',
        // The DHCP page's own option 43 for set-top boxes stays beside the ITMS one.
        option43: '01:04:c0:a8:0a:01',
      },
      { token },
    );
    expect(dhcp.code).toBe(200);
  });
  afterAll(async () => s.close());

  it('turning dhcp_option43 on writes the ITMS line into the DHCP file; dnsmasq --test accepts it', async () => {
    expect(fs.readFileSync(file(), 'utf8')).not.toContain('dslforum.org');
    const r = await itms({ acs_url: 'http://192.168.10.1:7547/acs', dhcp_option43: 1 });
    expect(r.code).toBe(200);
    const conf = fs.readFileSync(file(), 'utf8');
    expect(conf).toContain(LINE);
    expect(conf).toContain('dhcp-option=tag:igs-dhcp,43,01:04:c0:a8:0a:01');
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
});
