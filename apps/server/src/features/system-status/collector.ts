import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  type CpuStat,
  cpuPercentBetween,
  fsUsage,
  memoryFigures,
  mountOf,
  type NetCounters,
  type NetRate,
  netRatesBetween,
  parseCpuinfo,
  parseCpuStat,
  parseLoadavg,
  parseMeminfo,
  parseMounts,
  parseNetDev,
  parseOsRelease,
  parseStatusRss,
  parseUptime,
  realMounts,
} from '../../platform/host/proc-parsers.ts';
import { versions as programVersions, type VersionInfo } from './versions.ts';

/**
 * The host's live state, read from /proc and /sys under an injectable root (tests point it at a
 * folder of sample files). CPU and network figures are rates between two readings: the collector
 * keeps the previous reading, so each call reports the time since the one before.
 */

export interface StatfsResult {
  blocks: number;
  bsize: number;
  bfree: number;
  bavail: number;
}

export interface CollectorOptions {
  root?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  statfs?: (p: string) => Promise<StatfsResult>;
  versions?: () => Promise<VersionInfo[]>;
  /** Gap between the two readings of a first call (or after a long pause). */
  firstGapMs?: number;
}

export interface MountUsage {
  device: string;
  mountpoint: string;
  fstype: string;
  total: number;
  used: number;
  avail: number;
  /** As df computes it: used / (used + available to users). */
  used_pct: number;
}

export interface Temperature {
  source: 'thermal' | 'hwmon';
  name: string;
  label: string;
  celsius: number;
}

export interface ServiceProcess {
  key: string;
  running: boolean;
  pids: number[];
  rss_bytes: number;
}

export interface RateSample {
  cpu: { usage_pct: number | null; per_core: (number | null)[] };
  network: NetRate[];
  /** How far apart the two readings behind the rates were. */
  interval_ms: number;
}

export interface SystemStatus {
  host: {
    hostname: string;
    os: { id: string; name: string; pretty_name: string; version_id: string };
    kernel: string;
    kernel_build: string;
    arch: string;
    uptime_s: number;
    boot_time: number;
  };
  cpu: {
    model: string;
    cores: number;
    physical_cores: number | null;
    mhz: number | null;
    load: [number, number, number];
    usage_pct: number | null;
    per_core: (number | null)[];
    interval_ms: number;
  };
  memory: MemoryUse;
  swap: MemoryUse;
  disks: MountUsage[];
  network: { interfaces: NetRate[]; interval_ms: number };
  temperatures: Temperature[];
  versions: VersionInfo[];
  services: ServiceProcess[];
}

export interface MemoryUse {
  total: number;
  used: number;
  free: number;
  used_pct: number;
  available?: number;
  buffers?: number;
  cached?: number;
}

/** Gateway daemons looked for in /proc/<pid>/comm (which holds at most 15 characters). */
export const GATEWAY_SERVICES: { key: string; comm: string[] }[] = [
  { key: 'dnsmasq', comm: ['dnsmasq'] },
  { key: 'asterisk', comm: ['asterisk'] },
  { key: 'nginx', comm: ['nginx'] },
  { key: 'keepalived', comm: ['keepalived'] },
  { key: 'igmpproxy', comm: ['igmpproxy'] },
  { key: 'openvpn', comm: ['openvpn'] },
  { key: 'pppd', comm: ['pppd'] },
  { key: 'sshd', comm: ['sshd'] },
  { key: 'snmpd', comm: ['snmpd'] },
  { key: 'ntp', comm: ['chronyd', 'ntpd', 'systemd-timesyn'] },
  { key: 'zlmediakit', comm: ['MediaServer'] },
  { key: 'ffmpeg', comm: ['ffmpeg'] },
  { key: 'postgresql', comm: ['postgres'] },
];

const STALE_MS = 60_000;
const MIN_GAP_MS = 500;

const pct = (used: number, total: number) => (total > 0 ? Math.round((used / total) * 1000) / 10 : 0);

export type Collector = ReturnType<typeof createCollector>;

export function createCollector(opts: CollectorOptions = {}) {
  const root = opts.root ?? '/';
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const statfs = opts.statfs ?? ((p: string) => fs.statfs(p));
  const firstGap = opts.firstGapMs ?? 200;
  const at = (p: string) => path.join(root, p);
  const read = (p: string) => fs.readFile(at(p), 'utf8');
  const readOr = (p: string, fallback: string) => read(p).catch(() => fallback);

  interface Reading {
    at: number;
    cpu: CpuStat;
    net: NetCounters[];
  }
  let previous: Reading | null = null;
  let lastRates: RateSample | null = null;
  let inFlight: Promise<RateSample> | null = null;
  // The background reading of keepWarm(): a base for the first call, so that it need not wait.
  let warm: Reading | null = null;

  async function reading(): Promise<Reading> {
    const [stat, dev] = await Promise.all([read('proc/stat'), readOr('proc/net/dev', '')]);
    return { at: now(), cpu: parseCpuStat(stat), net: parseNetDev(dev) };
  }

  function between(a: Reading, b: Reading): RateSample {
    const ms = b.at - a.at;
    return {
      cpu: {
        usage_pct: cpuPercentBetween(a.cpu.all, b.cpu.all),
        per_core: b.cpu.cores.map((c, i) => (a.cpu.cores[i] ? cpuPercentBetween(a.cpu.cores[i]!, c) : null)),
      },
      network: netRatesBetween(a.net, b.net, ms),
      interval_ms: ms,
    };
  }

  /**
   * CPU use and interface rates since the previous call. The first call (or one after a pause of
   * a minute) takes two readings `firstGapMs` apart, so the figure is always a recent one.
   */
  function rates(): Promise<RateSample> {
    if (inFlight) return inFlight;
    inFlight = (async () => {
      const t = now();
      // Two callers a moment apart (dashboard and status page) share the last figure.
      if (previous && lastRates && t - previous.at < MIN_GAP_MS) return lastRates;
      const usable = (r: Reading | null) => r !== null && t - r.at <= STALE_MS && t - r.at >= MIN_GAP_MS;
      let base = usable(previous) ? previous : usable(warm) ? warm : null;
      if (!base) {
        base = await reading();
        await sleep(firstGap);
      }
      const next = await reading();
      lastRates = between(base, next);
      previous = next;
      return lastRates;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function memory(): Promise<{ memory: MemoryUse; swap: MemoryUse }> {
    const m = memoryFigures(parseMeminfo(await read('proc/meminfo')));
    return {
      memory: { ...m.memory, used_pct: pct(m.memory.used, m.memory.total) },
      swap: { ...m.swap, used_pct: pct(m.swap.used, m.swap.total) },
    };
  }

  async function usageOf(
    mountpoint: string,
  ): Promise<Omit<MountUsage, 'device' | 'mountpoint' | 'fstype'> | null> {
    try {
      return fsUsage(await statfs(at(mountpoint)));
    } catch {
      return null; // unmounted meanwhile, or not ours to read
    }
  }

  async function mounts(): Promise<MountUsage[]> {
    const list = realMounts(parseMounts(await readOr('proc/mounts', '')));
    const out: MountUsage[] = [];
    for (const m of list) {
      const u = await usageOf(m.mountpoint);
      if (u) out.push({ device: m.source, mountpoint: m.mountpoint, fstype: m.fstype, ...u });
    }
    return out;
  }

  /**
   * The filesystem holding the data directory: the dashboard's disk figure. Measured at its mount
   * point, so it is the very row of the status page's table and of the disk page (fsUsage).
   */
  async function dataDisk(dataDir: string) {
    const real = await fs.realpath(dataDir).catch(() => path.resolve(dataDir));
    const mount = mountOf(parseMounts(await readOr('proc/mounts', '')), real);
    const mountpoint = mount?.mountpoint ?? '/';
    const u = (await usageOf(mountpoint)) ?? (await usageOf(real));
    return {
      path: dataDir,
      mountpoint,
      total: u?.total ?? 0,
      used: u?.used ?? 0,
      avail: u?.avail ?? 0,
      used_pct: u?.used_pct ?? 0,
    };
  }

  async function listDir(p: string): Promise<string[]> {
    return fs.readdir(at(p)).catch(() => []);
  }

  /** Thermal zones and hwmon sensors; an empty list where the host exposes none (VMs, containers). */
  async function temperatures(): Promise<Temperature[]> {
    const out: Temperature[] = [];
    for (const zone of (await listDir('sys/class/thermal'))
      .filter((z) => z.startsWith('thermal_zone'))
      .sort()) {
      const raw = (await readOr(`sys/class/thermal/${zone}/temp`, '')).trim();
      const milli = Number(raw);
      if (raw === '' || !Number.isFinite(milli)) continue;
      const type = (await readOr(`sys/class/thermal/${zone}/type`, zone)).trim();
      out.push({ source: 'thermal', name: zone, label: type, celsius: Math.round(milli / 100) / 10 });
    }
    for (const hw of (await listDir('sys/class/hwmon')).sort()) {
      const name = (await readOr(`sys/class/hwmon/${hw}/name`, hw)).trim();
      const inputs = (await listDir(`sys/class/hwmon/${hw}`)).filter((f) => /^temp\d+_input$/.test(f)).sort();
      for (const input of inputs) {
        const raw = (await readOr(`sys/class/hwmon/${hw}/${input}`, '')).trim();
        const milli = Number(raw);
        if (raw === '' || !Number.isFinite(milli)) continue;
        const label = (await readOr(`sys/class/hwmon/${hw}/${input.replace('_input', '_label')}`, '')).trim();
        out.push({
          source: 'hwmon',
          name,
          label: label || input.replace('_input', ''),
          celsius: Math.round(milli / 100) / 10,
        });
      }
    }
    return out;
  }

  /** Processes of the gateway's daemons, from /proc/<pid>/comm, plus this server itself. */
  async function services(): Promise<ServiceProcess[]> {
    const found = new Map<string, { pids: number[]; rss: number }>();
    const wanted = new Map<string, string>();
    for (const s of GATEWAY_SERVICES) for (const c of s.comm) wanted.set(c, s.key);
    const pids = (await listDir('proc')).filter((d) => /^\d+$/.test(d));
    await Promise.all(
      pids.map(async (pid) => {
        const comm = (await readOr(`proc/${pid}/comm`, '')).trim();
        const key = wanted.get(comm);
        if (!key) return;
        const rss = parseStatusRss(await readOr(`proc/${pid}/status`, ''));
        const entry = found.get(key) ?? { pids: [], rss: 0 };
        entry.pids.push(Number(pid));
        entry.rss += rss;
        found.set(key, entry);
      }),
    );
    const list: ServiceProcess[] = GATEWAY_SERVICES.map((s) => {
      const f = found.get(s.key);
      return {
        key: s.key,
        running: !!f,
        pids: f ? f.pids.sort((a, b) => a - b) : [],
        rss_bytes: f?.rss ?? 0,
      };
    });
    list.unshift({ key: 'server', running: true, pids: [process.pid], rss_bytes: process.memoryUsage.rss() });
    return list;
  }

  async function host(): Promise<SystemStatus['host']> {
    const [hostname, osRelease, kernel, build, uptime] = await Promise.all([
      readOr('proc/sys/kernel/hostname', ''),
      read('etc/os-release').catch(() => readOr('usr/lib/os-release', '')),
      readOr('proc/sys/kernel/osrelease', ''),
      readOr('proc/version', ''),
      readOr('proc/uptime', '0'),
    ]);
    const osr = parseOsRelease(osRelease);
    const up = parseUptime(uptime);
    return {
      hostname: hostname.trim() || (root === '/' ? os.hostname() : ''),
      os: {
        id: osr.ID ?? '',
        name: osr.NAME ?? '',
        pretty_name: osr.PRETTY_NAME ?? osr.NAME ?? '',
        version_id: osr.VERSION_ID ?? '',
      },
      kernel: kernel.trim(),
      kernel_build: build.trim(),
      arch: os.arch(),
      uptime_s: Math.round(up),
      boot_time: Math.round(now() - up * 1000),
    };
  }

  async function cpuStatic() {
    const [info, load] = await Promise.all([readOr('proc/cpuinfo', ''), readOr('proc/loadavg', '')]);
    return { info: parseCpuinfo(info), load: parseLoadavg(load).load };
  }

  /**
   * Takes a reading every `everyMs` in the background, so that the first call after a quiet spell
   * measures over the last few seconds at once instead of waiting `firstGapMs` for a second
   * reading (the dashboard asks for it right after sign-in). Two small /proc reads per period.
   */
  function keepWarm(everyMs = 10_000): () => void {
    const tick = () => {
      reading()
        .then((r) => {
          warm = r;
        })
        .catch(() => {});
    };
    tick();
    const timer = setInterval(tick, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  return {
    rates,
    keepWarm,
    memory,
    mounts,
    temperatures,
    services,
    host,
    usageOf,
    dataDisk,

    /** Everything the status page shows. */
    async status(): Promise<SystemStatus> {
      const [h, cpu, r, mem, disks, temps, vers, svc] = await Promise.all([
        host(),
        cpuStatic(),
        rates(),
        memory(),
        mounts(),
        temperatures(),
        (opts.versions ?? programVersions)(),
        services(),
      ]);
      return {
        host: h,
        cpu: {
          model: cpu.info.model,
          cores: cpu.info.logical || r.cpu.per_core.length,
          physical_cores: cpu.info.physical,
          mhz: cpu.info.mhz,
          load: cpu.load,
          usage_pct: r.cpu.usage_pct,
          per_core: r.cpu.per_core,
          interval_ms: r.interval_ms,
        },
        memory: mem.memory,
        swap: mem.swap,
        disks,
        network: { interfaces: r.network, interval_ms: r.interval_ms },
        temperatures: temps,
        versions: vers,
        services: svc,
      };
    },

    /** The dashboard's host figures (system/home): the same readings, fewer of them. */
    async summary(dataDir: string) {
      const [h, cpu, r, mem, disk] = await Promise.all([
        host(),
        cpuStatic(),
        rates(),
        memory(),
        dataDisk(dataDir),
      ]);
      return {
        hostname: h.hostname,
        uptime_s: h.uptime_s,
        load: cpu.load.map((l) => Math.round(l * 100) / 100),
        cpu_count: cpu.info.logical || r.cpu.per_core.length,
        cpu_percent: r.cpu.usage_pct ?? 0,
        memory: { total: mem.memory.total, used: mem.memory.used },
        disk,
      };
    },
  };
}

let shared: Collector | null = null;

/** The one collector of this process, so the dashboard and the status page share readings. */
export function hostCollector(): Collector {
  shared ??= createCollector();
  return shared;
}
