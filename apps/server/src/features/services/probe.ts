import fs from 'node:fs/promises';
import { type Localized, texts } from '@igs/contract';
import type { ServiceKey, ServiceStatus } from '@igs/contract/extras';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { parseVersionBanner } from '../../platform/host/proc-parsers.ts';
import { TtlCache } from '../../platform/lib/ttl-cache.ts';
import { defaultUnit, type ProgramKey, SERVICE_PROGRAMS, type ServiceProgram } from './units.ts';

/**
 * The live state of a service on this host, never a stored value:
 * - a service none of whose programs is installed (PATH and the sbin folders) is `not_installed`;
 * - with systemd running (/run/systemd/system exists), `systemctl is-active <unit>` decides;
 * - without it (containers), the presence of the program's process in /proc/<pid>/comm does.
 */

export interface ServiceProbe {
  status: ServiceStatus;
  version: string | null;
  unit: string;
  binary: string | null;
  status_source: 'systemctl' | 'proc' | 'self' | 'none';
  /** Why the status is what it is, for the page (the program's path, systemctl's answer). */
  /** How the state was found, in both languages. */
  detail: Localized;
}

export async function systemdRunning(): Promise<boolean> {
  try {
    return (await fs.stat('/run/systemd/system')).isDirectory();
  } catch {
    return false;
  }
}

/** The command names of every process now running (/proc/<pid>/comm). */
export async function runningComms(procRoot = '/proc'): Promise<Set<string>> {
  const out = new Set<string>();
  const entries = await fs.readdir(procRoot).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((d) => /^\d+$/.test(d))
      .map(async (pid) => {
        const comm = await fs.readFile(`${procRoot}/${pid}/comm`, 'utf8').catch(() => '');
        if (comm.trim()) out.add(comm.trim());
      }),
  );
  return out;
}

/** The first installed program of a key, with its absolute path. */
export async function installedProgram(
  key: ProgramKey,
): Promise<{ program: ServiceProgram; file: string } | null> {
  for (const program of SERVICE_PROGRAMS[key]) {
    const file = await findBinary(program.binary);
    if (file) return { program, file };
  }
  return null;
}

const VERSION_TTL_MS = 60_000;
const versionCache = new TtlCache<string, Promise<string | null>>({ ttlMs: VERSION_TTL_MS });

/** The program's version from its own banner, asked at most once a minute per program. */
function programVersion(program: ServiceProgram, file: string): Promise<string | null> {
  const hit = versionCache.get(file);
  if (hit) return hit;
  const args = program.versionArgs;
  const value = args
    ? runFile(file, args, { timeoutMs: 3000, maxBytes: 64 * 1024 }).then((r) => {
        const text = `${r.stdout}\n${r.stderr}`;
        if (program.versionPattern) return program.versionPattern.exec(text)?.[1] ?? null;
        return parseVersionBanner(r.stdout) ?? parseVersionBanner(r.stderr);
      })
    : Promise.resolve(null);
  return versionCache.set(file, value);
}

async function isActive(systemctl: string, unit: string): Promise<{ active: boolean; answer: string }> {
  const r = await runFile(systemctl, ['is-active', `${unit}.service`], { timeoutMs: 5000 });
  const answer = r.stdout.trim() || r.error || r.stderr.trim() || `exit ${r.code}`;
  // activating/reloading are on their way up: the service is there, not stopped.
  return { active: ['active', 'activating', 'reloading'].includes(r.stdout.trim()), answer };
}

export interface ProbeContext {
  systemd: boolean;
  systemctl: string | null;
  comms: Set<string>;
  serverVersion: string;
  /** The port of the GB28181 agent when it runs in this process (features/video), else null. */
  gbAgentPort: number | null;
}

/** Facts shared by every row of one answer: read once, not ten times. */
export async function probeContext(
  serverVersion: string,
  gbAgentPort: number | null = null,
): Promise<ProbeContext> {
  const systemd = await systemdRunning();
  return {
    systemd,
    systemctl: systemd ? await findBinary('systemctl') : null,
    comms: systemd ? new Set() : await runningComms(),
    serverVersion,
    gbAgentPort,
  };
}

export async function probeService(key: ServiceKey, c: ProbeContext): Promise<ServiceProbe> {
  if (key === 'web')
    return {
      status: 'running',
      version: c.serverVersion,
      unit: '',
      binary: process.execPath,
      status_source: 'self',
      detail: texts('services.probe.self', { pid: process.pid }),
    };
  if (key === 'gb28181')
    return {
      status: c.gbAgentPort !== null ? 'running' : 'stopped',
      version: c.serverVersion,
      unit: '',
      binary: process.execPath,
      status_source: 'self',
      detail:
        c.gbAgentPort !== null
          ? texts('services.probe.gbAgent', { pid: process.pid, port: c.gbAgentPort })
          : texts('services.probe.gbNotRunning'),
    };
  const found = await installedProgram(key);
  if (!found) {
    const binaries = SERVICE_PROGRAMS[key].map((p) => p.binary);
    const names = { en: binaries.join(' or '), zh_CN: binaries.join(' 或 ') };
    return {
      status: 'not_installed',
      version: null,
      unit: defaultUnit(key),
      binary: null,
      status_source: 'none',
      detail: texts('services.probe.notFound', { names }),
    };
  }
  const { program, file } = found;
  const version = await programVersion(program, file);
  if (c.systemd && c.systemctl) {
    const { active, answer } = await isActive(c.systemctl, program.unit);
    return {
      status: active ? 'running' : 'stopped',
      version,
      unit: program.unit,
      binary: file,
      status_source: 'systemctl',
      detail: texts('services.probe.systemctl', { unit: program.unit, answer }),
    };
  }
  const running = program.comm.some((n) => c.comms.has(n));
  return {
    status: running ? 'running' : 'stopped',
    version,
    unit: program.unit,
    binary: file,
    status_source: 'proc',
    detail: running
      ? texts('services.probe.procRunning', { comm: program.comm.join('/') })
      : texts('services.probe.procNone', { comm: program.comm.join('/') }),
  };
}
