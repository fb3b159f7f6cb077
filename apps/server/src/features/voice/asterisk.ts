import fs from 'node:fs/promises';
import path from 'node:path';
import { findBinary, type RunResult, runFile } from '../../platform/host/host-exec.ts';

/**
 * The Asterisk on this host, found and asked honestly: the program on PATH (or ASTERISK_BIN),
 * `asterisk -V` for the version, and its remote console (`asterisk -rx`, a fixed command per
 * call, never a shell) for everything live. Debian 12 does not package Asterisk, so "not
 * installed" is a normal answer (DOMAIN real-effect policy 5).
 */

export type AsteriskState = 'running' | 'stopped' | 'not_installed';

export interface AsteriskInfo {
  state: AsteriskState;
  binary: string | null;
  version: string | null;
  uptime_s: number | null;
  last_reload_s: number | null;
  /** Why the remote console could not be used although the process runs (permissions). */
  console_error: string | null;
}

export async function asteriskBinary(env: NodeJS.ProcessEnv = process.env): Promise<string | null> {
  const configured = env.ASTERISK_BIN;
  if (configured) {
    if (!path.isAbsolute(configured)) return null;
    try {
      await fs.access(configured, fs.constants.X_OK);
      return configured;
    } catch {
      return null;
    }
  }
  return findBinary('asterisk');
}

/** Whether a process named asterisk runs, from /proc (null when /proc cannot be read). */
export async function asteriskProcessRunning(proc = '/proc'): Promise<boolean | null> {
  let entries: string[];
  try {
    entries = await fs.readdir(proc);
  } catch {
    return null;
  }
  for (const pid of entries) {
    if (!/^\d+$/.test(pid)) continue;
    const comm = await fs.readFile(path.join(proc, pid, 'comm'), 'utf8').catch(() => '');
    if (comm.trim() === 'asterisk') return true;
  }
  return false;
}

/** The commands this server sends to the remote console; arguments are checked by the callers. */
export type ConsoleCommand =
  | 'core show uptime seconds'
  | 'core show channels concise'
  | 'pjsip show contacts'
  | 'pjsip show registrations'
  | 'core reload'
  | 'core restart gracefully'
  | `channel request hangup ${string}`
  | `channel originate ${string}`
  | `channel redirect ${string}`;

export function runConsole(binary: string, command: ConsoleCommand, timeoutMs = 5000): Promise<RunResult> {
  return runFile(binary, ['-rx', command], { timeoutMs });
}

/** True when the remote console answered (exit 0 and not Asterisk's "Unable to connect"). */
export function consoleAnswered(r: RunResult): boolean {
  return r.code === 0 && !/Unable to connect to remote asterisk/i.test(r.stdout + r.stderr);
}

export async function asteriskInfo(): Promise<AsteriskInfo> {
  const binary = await asteriskBinary();
  const info: AsteriskInfo = {
    state: 'not_installed',
    binary,
    version: null,
    uptime_s: null,
    last_reload_s: null,
    console_error: null,
  };
  if (!binary) return info;
  const [v, up] = await Promise.all([
    runFile(binary, ['-V'], { timeoutMs: 3000 }),
    runConsole(binary, 'core show uptime seconds', 4000),
  ]);
  info.version = v.code === 0 ? v.stdout.trim().split('\n')[0]!.slice(0, 80) || null : null;
  if (consoleAnswered(up)) {
    info.state = 'running';
    const m = /System uptime:\s*(\d+)/.exec(up.stdout);
    const r = /Last reload:\s*(\d+)/.exec(up.stdout);
    info.uptime_s = m ? Number(m[1]) : null;
    info.last_reload_s = r ? Number(r[1]) : null;
    return info;
  }
  if (await asteriskProcessRunning()) {
    info.state = 'running';
    info.console_error = (up.stderr || up.stdout || up.error || 'no answer').trim().slice(0, 200);
    return info;
  }
  info.state = 'stopped';
  return info;
}

export interface ActiveChannel {
  channel: string;
  context: string;
  exten: string;
  state: string;
  application: string;
  data: string;
  callerid: string;
  duration_s: number;
  bridge: string;
  uniqueid: string;
}

/** `core show channels concise`: one `!`-separated line per channel. */
export function parseConciseChannels(text: string): ActiveChannel[] {
  const out: ActiveChannel[] = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split('!');
    if (f.length < 12) continue;
    out.push({
      channel: f[0]!,
      context: f[1]!,
      exten: f[2]!,
      state: f[4]!,
      application: f[5]!,
      data: f[6]!,
      callerid: f[7]!,
      duration_s: Number(f[11]) || 0,
      bridge: f[12] ?? '',
      uniqueid: f[13] ?? '',
    });
  }
  return out;
}

/** `pjsip show contacts`: AOR name and status per contact. */
export function parseContacts(text: string): { aor: string; uri: string; status: string }[] {
  const out: { aor: string; uri: string; status: string }[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*Contact:\s+([^/\s]+)\/(\S+)\s+\S+\s+(\S+)/.exec(line);
    if (m && !m[1]!.startsWith('<')) out.push({ aor: m[1]!, uri: m[2]!, status: m[3]! });
  }
  return out;
}

/** `pjsip show registrations`: the registration name and its status. */
export function parseRegistrations(text: string): { name: string; status: string }[] {
  const out: { name: string; status: string }[] = [];
  for (const line of text.split('\n')) {
    const m = /^\s*([^/\s<]+)\/sips?:\S+\s+\S+\s+([A-Za-z]+)/.exec(line);
    if (m) out.push({ name: m[1]!, status: m[2]! });
  }
  return out;
}
