import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The ffmpeg processes of running rotation channels (DOMAIN 2.6 media/MovieRotation): an
 * ffconcat list of the films, then `ffmpeg -re -f concat -i list -c copy` to HLS or MPEG-TS
 * multicast, restarted with back-off when it ends while the channel should run. Started with an
 * argument array, never a shell. Processes belong to this server process: they end with it.
 */

export interface RotationPlan {
  id: number;
  /** Absolute paths of the films' files, in play order. */
  files: string[];
  loop: boolean;
  output: 'hls' | 'udp_multicast';
  multicastAddr: string | null;
}

interface Supervised {
  child: ChildProcess | null;
  stopping: boolean;
  restarts: number;
  timer: NodeJS.Timeout | null;
  lastError: string;
}

const running = new Map<number, Supervised>();

/** Quoted for an ffconcat `file` line. */
const quoted = (p: string) => `'${p.replaceAll("'", "'\\''")}'`;

export function ffconcatList(files: readonly string[]): string {
  return `ffconcat version 1.0\n${files.map((f) => `file ${quoted(f)}`).join('\n')}\n`;
}

export function rotationDir(dataDir: string, id: number): string {
  return path.join(dataDir, 'media', 'rotation', String(id));
}

/** ffmpeg's arguments for a plan whose list is at `list`. */
export function ffmpegArgs(plan: RotationPlan, list: string, outDir: string): string[] {
  const input = [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-re',
    ...(plan.loop ? ['-stream_loop', '-1'] : []),
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    list,
    '-c',
    'copy',
  ];
  if (plan.output === 'udp_multicast' && plan.multicastAddr)
    return [...input, '-f', 'mpegts', `${plan.multicastAddr}?pkt_size=1316`];
  return [
    ...input,
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_list_size',
    '10',
    '-hls_flags',
    'delete_segments',
    path.join(outDir, 'index.m3u8'),
  ];
}

export function isRotationRunning(id: number): boolean {
  const s = running.get(id);
  return Boolean(s && !s.stopping);
}

/**
 * Writes the list and starts ffmpeg; resolves once the process has run `settleMs` without ending.
 * A process that ends at once (an unreadable file, a bad address) rejects with its last error line.
 */
export async function startRotation(
  binary: string,
  plan: RotationPlan,
  dataDir: string,
  log: FastifyBaseLogger,
  settleMs = 1000,
): Promise<void> {
  await stopRotation(plan.id);
  const dir = rotationDir(dataDir, plan.id);
  await fs.mkdir(dir, { recursive: true });
  const list = path.join(dir, 'list.ffconcat');
  await fs.writeFile(`${list}.tmp`, ffconcatList(plan.files));
  await fs.rename(`${list}.tmp`, list);
  const args = ffmpegArgs(plan, list, dir);
  const sup: Supervised = { child: null, stopping: false, restarts: 0, timer: null, lastError: '' };
  running.set(plan.id, sup);

  const launch = () => {
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    sup.child = child;
    const startedAt = Date.now();
    child.stderr?.on('data', (d: Buffer) => {
      const line = d.toString('utf8').trim().split('\n').pop();
      if (line) sup.lastError = line.slice(0, 300);
    });
    child.on('error', (e) => {
      sup.lastError = e.message;
    });
    child.on('exit', (code, signal) => {
      sup.child = null;
      if (sup.stopping) return;
      // A run of a minute or more resets the back-off; quick failures double it up to a minute.
      sup.restarts = Date.now() - startedAt > 60_000 ? 0 : sup.restarts + 1;
      const delay = Math.min(60_000, 1000 * 2 ** Math.min(sup.restarts, 6));
      log.warn(
        { rotation: plan.id, code, signal, error: sup.lastError },
        `rotation ${plan.id}: ffmpeg ended, restarting in ${delay} ms`,
      );
      sup.timer = setTimeout(launch, delay);
      sup.timer.unref();
    });
  };
  launch();

  await new Promise<void>((resolve, reject) => {
    const child = sup.child!;
    const timer = setTimeout(() => {
      child.off('exit', onExit);
      resolve();
    }, settleMs);
    const onExit = () => {
      clearTimeout(timer);
      const why = sup.lastError || 'ffmpeg ended at once';
      void stopRotation(plan.id).then(() => reject(new Error(why)));
    };
    child.once('exit', onExit);
  });
}

/** Ends the channel's ffmpeg (if this process runs one) and its restarts. */
export async function stopRotation(id: number): Promise<void> {
  const sup = running.get(id);
  if (!sup) return;
  sup.stopping = true;
  running.delete(id);
  if (sup.timer) clearTimeout(sup.timer);
  const child = sup.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// The processes end with the server.
process.once('exit', () => {
  for (const sup of running.values()) sup.child?.kill('SIGKILL');
});
