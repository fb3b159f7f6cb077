import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { statusCalls } from '@igs/contract/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCollector } from '../src/features/system-status/collector.ts';
import { findBinary } from '../src/platform/host/host-exec.ts';
import {
  cpuPercentBetween,
  memoryFigures,
  netRatesBetween,
  parseCpuinfo,
  parseCpuStat,
  parseLoadavg,
  parseMeminfo,
  parseMounts,
  parseNetDev,
  parseOsRelease,
  parseUptime,
  parseVersionBanner,
  realMounts,
} from '../src/platform/host/proc-parsers.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const RUNNING = '/admin.php/system/running';
const HOME = '/admin.php/system/home';

const STAT_1 = `cpu  100 0 50 800 50 0 0 0 0 0
cpu0 50 0 25 400 25 0 0 0 0 0
cpu1 50 0 25 400 25 0 0 0 0 0
intr 12345
ctxt 999
`;
// 200 more jiffies: 100 busy on cpu0, 0 on cpu1.
const STAT_2 = `cpu  180 0 70 900 50 0 0 0 0 0
cpu0 130 0 45 400 25 0 0 0 0 0
cpu1 50 0 25 500 25 0 0 0 0 0
`;

const NETDEV = (
  lo: number,
  eth: number,
) => `Inter-|   Receive                                                |  Transmit
 face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
    lo: ${lo}  207794    0    0    0     0          0         0 ${lo}  207794    0    0    0     0       0          0
  eth0: ${eth}   10266    2    1    0     0          0         0   ${eth * 2}    6304    0    0    0     0       0          0
`;

const MEMINFO = `MemTotal:       16000000 kB
MemFree:         2000000 kB
MemAvailable:   12000000 kB
Buffers:          100000 kB
Cached:          3000000 kB
SwapCached:            0 kB
SReclaimable:     200000 kB
SwapTotal:       1000000 kB
SwapFree:         750000 kB
HugePages_Total:       0
`;

const CPUINFO_X86 = `processor	: 0
vendor_id	: GenuineIntel
model name	: Intel(R) Celeron(R) J4125 CPU @ 2.00GHz
cpu MHz		: 1996.800
physical id	: 0
core id		: 0
cpu cores	: 2

processor	: 1
model name	: Intel(R) Celeron(R) J4125 CPU @ 2.00GHz
physical id	: 0
core id		: 1

processor	: 2
model name	: Intel(R) Celeron(R) J4125 CPU @ 2.00GHz
physical id	: 0
core id		: 0

`;

const CPUINFO_ARM = `processor	: 0
BogoMIPS	: 108.00
CPU implementer	: 0x41
CPU part	: 0xd08

processor	: 1
BogoMIPS	: 108.00
CPU part	: 0xd08

Hardware	: BCM2835
Model		: Raspberry Pi 4 Model B Rev 1.4
`;

const MOUNTS = `proc /proc proc rw,relatime 0 0
sysfs /sys sysfs rw,relatime 0 0
tmpfs /run tmpfs rw,nosuid 0 0
/dev/sda2 / ext4 rw,relatime 0 0
/dev/sda1 /boot/efi vfat rw 0 0
/dev/sdb1 /mnt/media\\040disk xfs rw 0 0
/dev/loop0 /snap/core/1 squashfs ro 0 0
/dev/sda2 /var/lib/docker/overlay ext4 rw 0 0
tank/data /tank zfs rw 0 0
overlay /var/lib/docker/x/merged overlay rw 0 0
cgroup2 /sys/fs/cgroup cgroup2 rw 0 0
`;

describe('proc parsers', () => {
  it('CPU use from /proc/stat deltas, total and per core', () => {
    const a = parseCpuStat(STAT_1);
    const b = parseCpuStat(STAT_2);
    expect(a.all).toEqual({ idle: 850, total: 1000 });
    expect(a.cores).toHaveLength(2);
    // 200 jiffies passed, 100 of them idle.
    expect(cpuPercentBetween(a.all, b.all)).toBe(50);
    expect(cpuPercentBetween(a.cores[0]!, b.cores[0]!)).toBe(100);
    expect(cpuPercentBetween(a.cores[1]!, b.cores[1]!)).toBe(0);
    expect(cpuPercentBetween(a.all, a.all)).toBeNull();
  });

  it('load, uptime, memory (with and without MemAvailable) and swap', () => {
    expect(parseLoadavg('0.26 0.44 0.27 1/153 14028\n')).toEqual({
      load: [0.26, 0.44, 0.27],
      running: 1,
      processes: 153,
    });
    expect(parseUptime('12345.67 23456.78\n')).toBeCloseTo(12345.67);
    const info = parseMeminfo(MEMINFO);
    expect(info.MemTotal).toBe(16000000 * 1024);
    expect(info.HugePages_Total).toBe(0);
    const m = memoryFigures(info);
    expect(m.memory.used).toBe((16000000 - 12000000) * 1024);
    expect(m.swap).toEqual({ total: 1000000 * 1024, used: 250000 * 1024, free: 750000 * 1024 });
    const old = memoryFigures(parseMeminfo(MEMINFO.replace(/MemAvailable.*\n/, '')));
    // free + buffers + cached + reclaimable slab
    expect(old.memory.available).toBe((2000000 + 100000 + 3000000 + 200000) * 1024);
  });

  it('os-release with quoted values', () => {
    const r = parseOsRelease(
      'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME=\'Debian\'\nVERSION_ID="12"\nID=debian\n# comment\n',
    );
    expect(r).toMatchObject({
      PRETTY_NAME: 'Debian GNU/Linux 12 (bookworm)',
      NAME: 'Debian',
      VERSION_ID: '12',
      ID: 'debian',
    });
  });

  it('cpuinfo of x86 and ARM', () => {
    expect(parseCpuinfo(CPUINFO_X86)).toEqual({
      model: 'Intel(R) Celeron(R) J4125 CPU @ 2.00GHz',
      logical: 3,
      physical: 2,
      mhz: 1997,
    });
    const arm = parseCpuinfo(CPUINFO_ARM);
    expect(arm.logical).toBe(2);
    expect(arm.model).toBe('BCM2835');
    expect(arm.physical).toBeNull();
  });

  it('real mounts only: no pseudo, loop or overlay file systems; a bind mount listed once; escapes decoded', () => {
    const list = realMounts(parseMounts(MOUNTS));
    expect(list.map((m) => m.mountpoint)).toEqual(['/', '/boot/efi', '/mnt/media disk', '/tank']);
  });

  it('interface counters and rates between two readings', () => {
    const a = parseNetDev(NETDEV(1000, 5000));
    expect(a.map((n) => n.iface)).toEqual(['lo', 'eth0']);
    expect(a[1]).toMatchObject({ rx_bytes: 5000, rx_errors: 2, rx_dropped: 1, tx_bytes: 10000 });
    const b = parseNetDev(NETDEV(3000, 6000));
    const r = netRatesBetween(a, b, 2000);
    expect(r.find((x) => x.iface === 'lo')).toMatchObject({ rx_rate: 1000, tx_rate: 1000 });
    expect(r.find((x) => x.iface === 'eth0')).toMatchObject({ rx_rate: 500, tx_rate: 1000 });
    // A counter that went back (driver reset) gives no rate rather than a negative one.
    expect(netRatesBetween(b, a, 1000)[0]).toMatchObject({ rx_rate: null });
  });

  it('version banners of dnsmasq, ffmpeg and asterisk', () => {
    expect(
      parseVersionBanner('Dnsmasq version 2.89  Copyright (c) 2000-2022 Simon Kelley\nCompile time options'),
    ).toBe('2.89');
    expect(parseVersionBanner('ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024')).toBe(
      '5.1.6-0+deb12u1',
    );
    expect(parseVersionBanner('Asterisk 20.5.0\n')).toBe('20.5.0');
    expect(parseVersionBanner('')).toBeNull();
  });
});

describe('collector on a sample root', () => {
  let root: string;
  const w = (p: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    fs.writeFileSync(path.join(root, p), text);
  };
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-proc-'));
    w('proc/stat', STAT_1);
    w('proc/net/dev', NETDEV(1000, 5000));
    w('proc/meminfo', MEMINFO);
    w('proc/loadavg', '1.50 1.00 0.50 2/300 999\n');
    w('proc/uptime', '3600.50 100.00\n');
    w('proc/cpuinfo', CPUINFO_X86);
    w('proc/sys/kernel/hostname', 'gw-test\n');
    w('proc/sys/kernel/osrelease', '6.1.0-28-amd64\n');
    w('proc/version', 'Linux version 6.1.0-28-amd64 (debian-kernel@lists.debian.org)\n');
    w(
      'etc/os-release',
      'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n',
    );
    w('proc/mounts', '/dev/sda2 / ext4 rw 0 0\nproc /proc proc rw 0 0\n');
    w('sys/class/thermal/thermal_zone0/type', 'x86_pkg_temp\n');
    w('sys/class/thermal/thermal_zone0/temp', '47500\n');
    w('sys/class/hwmon/hwmon0/name', 'coretemp\n');
    w('sys/class/hwmon/hwmon0/temp1_input', '52000\n');
    w('sys/class/hwmon/hwmon0/temp1_label', 'Package id 0\n');
    w('proc/101/comm', 'dnsmasq\n');
    w('proc/101/status', 'Name:\tdnsmasq\nVmRSS:\t    2048 kB\n');
    w('proc/202/comm', 'nginx\n');
    w('proc/203/comm', 'nginx\n');
    w('proc/303/comm', 'bash\n');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('kept warm, the first call measures since the background reading without waiting', async () => {
    w('proc/stat', STAT_1);
    let clock = 5_000_000;
    const gaps: number[] = [];
    const c = createCollector({
      root,
      now: () => clock,
      sleep: async (ms) => {
        gaps.push(ms);
        clock += ms;
      },
      statfs: async () => ({ blocks: 1000, bsize: 4096, bfree: 250, bavail: 200 }),
      versions: async () => [],
    });
    const stop = c.keepWarm(60_000);
    await new Promise((r) => setTimeout(r, 50)); // the first background reading
    clock += 4000;
    w('proc/stat', STAT_2);
    const r = await c.rates();
    stop();
    w('proc/stat', STAT_1); // as the next test expects to find it
    expect(gaps).toEqual([]);
    expect(r.interval_ms).toBe(4000);
    expect(r.cpu.usage_pct).toBe(50);
  });

  it('first call takes two readings a short gap apart; later calls report since the previous one', async () => {
    let clock = 1_000_000;
    const gaps: number[] = [];
    const c = createCollector({
      root,
      now: () => clock,
      // The "wait" between the first two readings: time passes and the counters move.
      sleep: async (ms) => {
        gaps.push(ms);
        clock += ms;
        w('proc/stat', STAT_2);
        w('proc/net/dev', NETDEV(1200, 5400));
      },
      statfs: async () => ({ blocks: 1000, bsize: 4096, bfree: 250, bavail: 200 }),
      versions: async () => [],
    });
    const s = await c.status();
    expect(gaps).toEqual([200]);
    expect(s.cpu).toMatchObject({
      usage_pct: 50,
      per_core: [100, 0],
      interval_ms: 200,
      cores: 3,
      physical_cores: 2,
      load: [1.5, 1, 0.5],
    });
    expect(s.cpu.model).toContain('J4125');
    expect(s.network.interval_ms).toBe(200);
    expect(s.network.interfaces.find((n) => n.iface === 'eth0')).toMatchObject({
      rx_rate: 2000,
      tx_rate: 4000,
    });
    expect(s.host).toMatchObject({
      hostname: 'gw-test',
      kernel: '6.1.0-28-amd64',
      uptime_s: 3601,
      os: { pretty_name: 'Debian GNU/Linux 12 (bookworm)', id: 'debian', version_id: '12' },
    });
    expect(s.memory).toMatchObject({ total: 16000000 * 1024, used: 4000000 * 1024, used_pct: 25 });
    expect(s.swap).toMatchObject({ used_pct: 25 });
    expect(s.disks).toEqual([
      {
        device: '/dev/sda2',
        mountpoint: '/',
        fstype: 'ext4',
        total: 4096000,
        used: 3072000,
        avail: 819200,
        used_pct: 78.9,
      },
    ]);
    expect(s.temperatures).toEqual([
      { source: 'thermal', name: 'thermal_zone0', label: 'x86_pkg_temp', celsius: 47.5 },
      { source: 'hwmon', name: 'coretemp', label: 'Package id 0', celsius: 52 },
    ]);
    const svc = Object.fromEntries(s.services.map((x) => [x.key, x]));
    expect(svc.dnsmasq).toMatchObject({ running: true, pids: [101], rss_bytes: 2048 * 1024 });
    expect(svc.nginx).toMatchObject({ running: true, pids: [202, 203] });
    expect(svc.asterisk).toMatchObject({ running: false, pids: [] });
    expect(svc.server).toMatchObject({ running: true, pids: [process.pid] });

    // 5 s later: no extra wait, the figure is over the 5 s since the previous reading.
    clock += 5000;
    w('proc/stat', STAT_2.replace('cpu  180 0 70 900', 'cpu  180 0 70 1900'));
    w('proc/net/dev', NETDEV(1200, 10400));
    const r = await c.rates();
    expect(gaps).toHaveLength(1);
    expect(r.interval_ms).toBe(5000);
    expect(r.cpu.usage_pct).toBe(0);
    expect(r.network.find((n) => n.iface === 'eth0')?.rx_rate).toBe(1000);
  });

  it('no thermal or hwmon folders: an empty list, not an invented figure', async () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-proc-bare-'));
    try {
      expect(await createCollector({ root: bare }).temperatures()).toEqual([]);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });
});

describeEachDb('system/running over HTTP', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
  });
  afterAll(async () => s.close());

  it('reports this host as /proc sees it', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the reply is checked field by field
    const r = await s.call<any>(RUNNING, {}, { token: admin });
    expect(r.code).toBe(200);
    // The reply is what the contract says the console gets.
    expect(statusCalls.running.output.safeParse(r.data).error).toBeUndefined();
    const d = r.data;
    expect(d.host.hostname).toBe(fs.readFileSync('/proc/sys/kernel/hostname', 'utf8').trim());
    expect(d.host.kernel).toBe(os.release());
    expect(d.host.uptime_s).toBeGreaterThan(0);
    expect(d.cpu.cores).toBe(os.cpus().length);
    expect(d.cpu.usage_pct).toBeGreaterThanOrEqual(0);
    expect(d.cpu.usage_pct).toBeLessThanOrEqual(100);
    expect(d.cpu.interval_ms).toBeGreaterThan(0);
    expect(d.memory.total).toBe(parseMeminfo(fs.readFileSync('/proc/meminfo', 'utf8')).MemTotal);
    const ifaces = fs.readdirSync('/sys/class/net');
    for (const n of d.network.interfaces) expect(ifaces).toContain(n.iface);
    for (const m of d.disks) expect(m.device.startsWith('/dev/') || m.fstype !== '').toBe(true);
    expect(d.disks.every((m: { fstype: string }) => !['proc', 'tmpfs', 'cgroup2'].includes(m.fstype))).toBe(
      true,
    );
    const versions = Object.fromEntries(d.versions.map((v: { key: string }) => [v.key, v]));
    expect(versions.server.version).toMatch(/^\d+\.\d+\.\d+/);
    for (const prog of ['dnsmasq', 'ffmpeg', 'asterisk']) {
      const installed = (await findBinary(prog)) !== null;
      expect(versions[prog].installed, prog).toBe(installed);
      if (!installed) expect(versions[prog].detail).toBe('not installed');
    }
    expect(d.services.find((x: { key: string }) => x.key === 'server')).toMatchObject({ running: true });
  });

  it('the dashboard uses the same collector', async () => {
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field
    const home = await s.call<any>(HOME, {}, { token: admin });
    expect(home.code).toBe(200);
    // biome-ignore lint/suspicious/noExplicitAny: checked field by field
    const run = await s.call<any>(RUNNING, {}, { token: admin });
    expect(home.data.system.cpu_count).toBe(run.data.cpu.cores);
    expect(home.data.system.memory.total).toBe(run.data.memory.total);
    expect(home.data.system.hostname).toBe(run.data.host.hostname);
  });

  it('refuses an account without the System information menu', async () => {
    const none = await accountWith(s, `norun_${kind}`, [HOME], []);
    const r = await s.call(RUNNING, {}, { token: none });
    expect(r.code).toBe(403);
    expect(r.msg).toContain(RUNNING);
    const ok = await accountWith(s, `run_${kind}`, [RUNNING], []);
    expect((await s.call(RUNNING, {}, { token: ok })).code).toBe(200);
    expect((await s.call(RUNNING, {})).code).toBe(1002);
  });
});
