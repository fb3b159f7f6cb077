import fs from 'node:fs';
import path from 'node:path';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { parseVersionBanner } from '../../platform/host/proc-parsers.ts';

export interface VersionInfo {
  key: string;
  installed: boolean;
  /** Null when not installed, or when the program ran but printed no version we could read. */
  version: string | null;
  /** The binary's path, or why it could not be asked. */
  detail: string;
}

/** Daemons whose versions the status page shows, and how each tells its version. */
const PROGRAMS: { key: string; binary: string; args: string[] }[] = [
  { key: 'dnsmasq', binary: 'dnsmasq', args: ['--version'] },
  { key: 'ffmpeg', binary: 'ffmpeg', args: ['-version'] },
  { key: 'asterisk', binary: 'asterisk', args: ['-V'] },
];

const appsDir = path.resolve(import.meta.dirname, '../../../..');

function packageVersion(file: string): string | null {
  try {
    const v = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version;
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** The console's and server's versions come from their package.json files, read once. */
const ownVersions: VersionInfo[] = [
  { key: 'console', file: path.join(appsDir, 'console/package.json') },
  { key: 'server', file: path.join(appsDir, 'server/package.json') },
].map(({ key, file }) => {
  const version = packageVersion(file);
  return {
    key,
    installed: version !== null,
    version,
    detail: version === null ? 'package.json not found' : '',
  };
});

async function programVersion(p: (typeof PROGRAMS)[number], dirs?: string[]): Promise<VersionInfo> {
  const file = await findBinary(p.binary, dirs);
  if (!file) return { key: p.key, installed: false, version: null, detail: 'not installed' };
  const r = await runFile(file, p.args, { timeoutMs: 3000, maxBytes: 256 * 1024 });
  if (r.timedOut)
    return { key: p.key, installed: true, version: null, detail: `${file}: no answer within 3 s` };
  const version = parseVersionBanner(r.stdout) ?? parseVersionBanner(r.stderr);
  return {
    key: p.key,
    installed: true,
    version,
    detail: version ? file : `${file}: ${r.error ?? 'no version printed'}`,
  };
}

const CACHE_MS = 60_000;
let cached: { at: number; value: Promise<VersionInfo[]> } | null = null;

/**
 * Versions of the console, server, Node.js, dnsmasq, ffmpeg and Asterisk. Asking three programs
 * every 5 s would be wasteful, so the answer is kept for a minute.
 */
export function versions(now = Date.now(), dirs?: string[]): Promise<VersionInfo[]> {
  if (!dirs && cached && now - cached.at < CACHE_MS) return cached.value;
  const value = Promise.all(PROGRAMS.map((p) => programVersion(p, dirs))).then((list) => [
    ...ownVersions,
    { key: 'node', installed: true, version: process.versions.node, detail: process.execPath },
    ...list,
  ]);
  if (!dirs) cached = { at: now, value };
  return value;
}
