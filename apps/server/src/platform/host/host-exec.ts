import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Finding and running the host's programs: always an absolute path, a fixed argument array and a
 * time-out; never a shell (DOMAIN real-effect policy 4).
 */

/** PATH, then the sbin folders a non-root PATH often lacks (ip, arp, smartctl live there). */
export function toolDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter((d) => path.isAbsolute(d));
  for (const d of ['/usr/local/sbin', '/usr/local/bin', '/usr/sbin', '/usr/bin', '/sbin', '/bin']) {
    if (!dirs.includes(d)) dirs.push(d);
  }
  return dirs;
}

/** The absolute path of an executable by name, or null when it is not installed. */
export async function findBinary(name: string, dirs: string[] = toolDirs()): Promise<string | null> {
  if (!/^[\w.+-]+$/.test(name)) return null;
  for (const dir of dirs) {
    const file = path.join(dir, name);
    try {
      const st = await fs.stat(file);
      if (!st.isFile()) continue;
      await fs.access(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

export interface RunResult {
  stdout: string;
  stderr: string;
  /** Exit code; null when killed (time-out) or not started. */
  code: number | null;
  timedOut: boolean;
  error?: string;
}

/** Runs a program to completion and never throws: a failure is in the result. */
export function runFile(
  file: string,
  args: readonly string[],
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    execFile(
      file,
      args as string[],
      {
        timeout: opts.timeoutMs ?? 5000,
        maxBuffer: opts.maxBytes ?? 4 * 1024 * 1024,
        killSignal: 'SIGKILL',
        env: { ...process.env, LC_ALL: 'C' },
        windowsHide: true,
      },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: number | string }) | null;
        resolve({
          stdout: String(stdout),
          stderr: String(stderr),
          code: e ? (typeof e.code === 'number' ? e.code : null) : 0,
          timedOut: Boolean(e?.killed),
          ...(e && typeof e.code !== 'number' ? { error: e.message } : {}),
        });
      },
    );
  });
}
