import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports.ts';
import { until } from './waiting.ts';

/**
 * The real server as its own process (`node src/main.ts`), for what only a process shows: a
 * signal, a kill -9, a start on a database someone else is migrating. The in-process test server
 * (server.ts) serves every other test.
 */

const SERVER_DIR = path.resolve(import.meta.dirname, '../..');

export { freePort } from './ports.ts';

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything the process printed so far, stdout and stderr together. */
  log(): string;
  /** Resolves with the exit code (null when ended by a signal) once the process has exited. */
  exited: Promise<number | null>;
}

/**
 * Starts `node src/main.ts` on a free port with the services a test does not need off (CWMP,
 * GB28181, the captcha) and `env` over them, and waits until `/healthz` answers (at most 60 s;
 * a process that exits first fails with what it printed).
 */
export async function startServerProcess(
  env: Record<string, string>,
  args: readonly string[] = [],
): Promise<ServerProcess> {
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['src/main.ts', ...args], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      GW_CWMP: 'off',
      GW_GB28181: 'off',
      GW_CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => {
    log += d;
  });
  child.stderr!.on('data', (d) => {
    log += d;
  });
  const exited = new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });
  const url = `http://127.0.0.1:${port}`;
  await until(
    `the server on port ${port} to answer`,
    async () => {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
      const r = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
      return r?.status === 200;
    },
    60_000,
    100,
  );
  return { child, url, log: () => log, exited };
}

/** Ends a process with `signal` (SIGKILL after 20 s) and waits for its exit. */
export async function stopServerProcess(p: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  let timer: NodeJS.Timeout | undefined;
  const killLater = new Promise<void>((r) => {
    timer = setTimeout(() => {
      p.child.kill('SIGKILL');
      r();
    }, 20_000);
  });
  await Promise.race([p.exited, killLater]);
  clearTimeout(timer);
  await Promise.race([p.exited, new Promise((r) => setTimeout(r, 5000))]);
}
