/**
 * Pure parsers of the kernel's text files (/proc, /etc/os-release). Each takes the file's text and
 * returns plain numbers; nothing here reads the disk, so each is tested on sample texts.
 */

/** Jiffies of one CPU line of /proc/stat: busy and total since boot. */
export interface CpuTimes {
  idle: number;
  total: number;
}

export interface CpuStat {
  all: CpuTimes;
  /** One entry per logical CPU, in /proc/stat order (cpu0, cpu1, ...). */
  cores: CpuTimes[];
}

function cpuTimes(fields: number[]): CpuTimes {
  // user nice system idle iowait irq softirq steal (guest time is already counted in user).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = fields;
  return { idle: idle + iowait, total: user + nice + system + idle + iowait + irq + softirq + steal };
}

export function parseCpuStat(text: string): CpuStat {
  let all: CpuTimes = { idle: 0, total: 0 };
  const cores: CpuTimes[] = [];
  for (const line of text.split('\n')) {
    const m = /^cpu(\d*)\s+(.*)$/.exec(line);
    if (!m) continue;
    const times = cpuTimes(m[2]!.trim().split(/\s+/).map(Number));
    if (m[1] === '') all = times;
    else cores[Number(m[1])] = times;
  }
  return { all, cores: cores.filter(Boolean) };
}

/** Busy share in percent between two readings, one decimal; null when no time passed. */
export function cpuPercentBetween(prev: CpuTimes, next: CpuTimes): number | null {
  const total = next.total - prev.total;
  if (total <= 0) return null;
  const busy = total - (next.idle - prev.idle);
  return Math.round(Math.min(100, Math.max(0, (busy / total) * 100)) * 10) / 10;
}

export interface LoadAvg {
  load: [number, number, number];
  running: number;
  processes: number;
}

export function parseLoadavg(text: string): LoadAvg {
  const [a = '0', b = '0', c = '0', procs = '0/0'] = text.trim().split(/\s+/);
  const [running = '0', processes = '0'] = procs.split('/');
  return { load: [Number(a), Number(b), Number(c)], running: Number(running), processes: Number(processes) };
}

/** /proc/meminfo as bytes by key (the file gives kB). */
export function parseMeminfo(text: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const m = /^([\w()]+):\s+(\d+)(?:\s+kB)?/.exec(line);
    if (m) out[m[1]!] = Number(m[2]) * (line.includes('kB') ? 1024 : 1);
  }
  return out;
}

export interface MemoryFigures {
  memory: { total: number; used: number; available: number; free: number; buffers: number; cached: number };
  swap: { total: number; used: number; free: number };
}

/** Used memory is total minus MemAvailable (what `free` calls available), not minus MemFree. */
export function memoryFigures(info: Record<string, number>): MemoryFigures {
  const total = info.MemTotal ?? 0;
  const free = info.MemFree ?? 0;
  const cached = (info.Cached ?? 0) + (info.SReclaimable ?? 0);
  const buffers = info.Buffers ?? 0;
  // Kernels before 3.14 have no MemAvailable: free + buffers + page cache is the old estimate.
  const available = info.MemAvailable ?? free + buffers + cached;
  const swapTotal = info.SwapTotal ?? 0;
  const swapFree = info.SwapFree ?? 0;
  return {
    memory: { total, used: Math.max(0, total - available), available, free, buffers, cached },
    swap: { total: swapTotal, used: Math.max(0, swapTotal - swapFree), free: swapFree },
  };
}

/** Seconds since boot from /proc/uptime. */
export function parseUptime(text: string): number {
  return Number.parseFloat(text.trim().split(/\s+/)[0] ?? '0') || 0;
}

/** KEY=value lines of os-release(5); quoted values are unquoted and unescaped. */
export function parseOsRelease(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const m = /^([A-Z0-9_]+)=(.*)$/.exec(line.trim());
    if (!m) continue;
    let v = m[2]!.trim();
    const q = v[0];
    if ((q === '"' || q === "'") && v.endsWith(q) && v.length >= 2) {
      v = v.slice(1, -1);
      if (q === '"') v = v.replace(/\\(["\\$`])/g, '$1');
    }
    out[m[1]!] = v;
  }
  return out;
}

export interface CpuInfo {
  model: string;
  /** Logical CPUs (what the scheduler sees). */
  logical: number;
  /** Physical cores when the file says (x86: unique physical id + core id); else null. */
  physical: number | null;
  mhz: number | null;
}

/** /proc/cpuinfo of x86 ("model name") and ARM ("Hardware", "Processor", "CPU part"). */
export function parseCpuinfo(text: string): CpuInfo {
  const blocks = text
    .split(/\n\s*\n/)
    .map((b) => {
      const rec: Record<string, string> = {};
      for (const line of b.split('\n')) {
        const i = line.indexOf(':');
        if (i > 0) rec[line.slice(0, i).trim()] = line.slice(i + 1).trim();
      }
      return rec;
    })
    .filter((r) => Object.keys(r).length > 0);
  const cpus = blocks.filter((r) => r.processor !== undefined && /^\d+$/.test(r.processor));
  const header = blocks.find((r) => r.Hardware || r['model name'] || r.Processor) ?? {};
  const first = cpus[0] ?? {};
  const model =
    first['model name'] ??
    header['model name'] ??
    header.Hardware ??
    header.Processor ??
    (first['CPU part'] ? `CPU part ${first['CPU part']}` : '');
  const cores = new Set(
    cpus.filter((c) => c['core id'] !== undefined).map((c) => `${c['physical id'] ?? 0}:${c['core id']}`),
  );
  const mhz = Number.parseFloat(first['cpu MHz'] ?? '');
  return {
    model,
    logical: cpus.length,
    physical: cores.size > 0 ? cores.size : null,
    mhz: Number.isFinite(mhz) ? Math.round(mhz) : null,
  };
}

export interface MountEntry {
  source: string;
  mountpoint: string;
  fstype: string;
  options: string[];
}

/** /proc/mounts (fstab format); `\040` and friends are octal escapes of the kernel. */
export function parseMounts(text: string): MountEntry[] {
  const decode = (s: string) =>
    s.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(Number.parseInt(o, 8)));
  const out: MountEntry[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (f.length < 4) continue;
    out.push({
      source: decode(f[0]!),
      mountpoint: decode(f[1]!),
      fstype: f[2]!,
      options: f[3]!.split(','),
    });
  }
  return out;
}

/** Filesystems that hold no disk space of their own. */
const PSEUDO_FS = new Set([
  'proc',
  'sysfs',
  'devtmpfs',
  'devpts',
  'tmpfs',
  'ramfs',
  'cgroup',
  'cgroup2',
  'securityfs',
  'pstore',
  'bpf',
  'debugfs',
  'tracefs',
  'configfs',
  'fusectl',
  'mqueue',
  'hugetlbfs',
  'autofs',
  'binfmt_misc',
  'rpc_pipefs',
  'nsfs',
  'efivarfs',
  'selinuxfs',
  'squashfs',
  'iso9660',
  'overlay',
  'aufs',
  'fuse.lxcfs',
  'fuse.portal',
  'fuse.gvfsd-fuse',
]);

/** Disk-backed filesystems without a /dev source. */
const SOURCELESS_REAL = new Set(['zfs', 'btrfs', 'nfs', 'nfs4', 'cifs', 'smb3', 'fuseblk', '9p', 'virtiofs']);

/**
 * A filesystem's use from statfs, as df computes it: used = blocks - free, and the percentage of
 * what users may fill, used / (used + available to users), one decimal. The one formula of the
 * dashboard, the status page and the disk page, so all three show the same figure.
 */
export function fsUsage(s: { blocks: number; bsize: number; bfree: number; bavail: number }): {
  total: number;
  used: number;
  avail: number;
  used_pct: number;
} {
  const total = s.blocks * s.bsize;
  const used = (s.blocks - s.bfree) * s.bsize;
  const avail = s.bavail * s.bsize;
  return {
    total,
    used,
    avail,
    used_pct: used + avail > 0 ? Math.round((used / (used + avail)) * 1000) / 10 : 0,
  };
}

/**
 * The mount holding a path: the longest mount point that contains it. A filesystem mounted at
 * several points (bind mounts) is named by the point realMounts lists, as the status page does.
 */
export function mountOf(mounts: MountEntry[], target: string): MountEntry | undefined {
  const inside = (p: string, dir: string) => dir === '/' || p === dir || p.startsWith(`${dir}/`);
  const holder = mounts
    .filter((m) => m.mountpoint.startsWith('/') && inside(target, m.mountpoint))
    .sort((a, b) => b.mountpoint.length - a.mountpoint.length)[0];
  if (!holder) return undefined;
  const listed = realMounts(mounts).find((m) => m.source === holder.source && m.fstype === holder.fstype);
  return listed ?? holder;
}

/**
 * Real filesystems only: a block device (never a loop image) or a network/pool filesystem. A
 * device mounted twice (bind mounts) is listed once, at its shortest mount point.
 */
export function realMounts(mounts: MountEntry[]): MountEntry[] {
  const byDevice = new Map<string, MountEntry>();
  for (const m of mounts) {
    if (PSEUDO_FS.has(m.fstype)) continue;
    const isDevice = m.source.startsWith('/dev/') && !m.source.startsWith('/dev/loop');
    if (!isDevice && !SOURCELESS_REAL.has(m.fstype)) continue;
    const key = `${m.source} ${m.fstype}`;
    const seen = byDevice.get(key);
    if (!seen || m.mountpoint.length < seen.mountpoint.length) byDevice.set(key, m);
  }
  return [...byDevice.values()];
}

export interface NetCounters {
  iface: string;
  rx_bytes: number;
  rx_packets: number;
  rx_errors: number;
  rx_dropped: number;
  tx_bytes: number;
  tx_packets: number;
  tx_errors: number;
  tx_dropped: number;
}

export function parseNetDev(text: string): NetCounters[] {
  const out: NetCounters[] = [];
  for (const line of text.split('\n')) {
    const i = line.indexOf(':');
    if (i < 0 || line.includes('|')) continue;
    const iface = line.slice(0, i).trim();
    const n = line
      .slice(i + 1)
      .trim()
      .split(/\s+/)
      .map(Number);
    if (!iface || n.length < 16) continue;
    out.push({
      iface,
      rx_bytes: n[0]!,
      rx_packets: n[1]!,
      rx_errors: n[2]!,
      rx_dropped: n[3]!,
      tx_bytes: n[8]!,
      tx_packets: n[9]!,
      tx_errors: n[10]!,
      tx_dropped: n[11]!,
    });
  }
  return out;
}

export interface NetRate extends NetCounters {
  /** Bytes per second over the sampling interval; null for an interface that just appeared. */
  rx_rate: number | null;
  tx_rate: number | null;
}

/** Per-interface byte rates between two readings `ms` apart. A counter that went back (reset) gives null. */
export function netRatesBetween(prev: NetCounters[], next: NetCounters[], ms: number): NetRate[] {
  const before = new Map(prev.map((p) => [p.iface, p]));
  const rate = (a: number, b: number | undefined) =>
    b === undefined || ms <= 0 || a < b ? null : Math.round(((a - b) * 1000) / ms);
  return next.map((n) => {
    const p = before.get(n.iface);
    return { ...n, rx_rate: rate(n.rx_bytes, p?.rx_bytes), tx_rate: rate(n.tx_bytes, p?.tx_bytes) };
  });
}

/** VmRSS of /proc/<pid>/status in bytes, or 0. */
export function parseStatusRss(text: string): number {
  const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(text);
  return m ? Number(m[1]) * 1024 : 0;
}

/** The version word of a `--version` / `-V` banner: "Dnsmasq version 2.89", "Asterisk 20.5.0". */
export function parseVersionBanner(text: string): string | null {
  const first = text.split('\n').find((l) => l.trim()) ?? '';
  const m = /\bversion\s+v?([0-9][\w.+~:-]*)/i.exec(first) ?? /\b([0-9]+\.[0-9]+[\w.+~:-]*)/.exec(first);
  return m ? m[1]! : null;
}
