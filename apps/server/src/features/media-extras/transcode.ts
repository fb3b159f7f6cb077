import { spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/**
 * A film's HLS transcode (DOMAIN 2.6 FilmManagement `transcode`): ffmpeg, one file after the
 * other (a series' episodes), each into `<out>/<n>/index.m3u8`. It runs in the background after
 * the call answers; the outcome goes to the server log. One transcode per film at a time.
 */

const busy = new Set<number>();

export function transcodeArgs(file: string, outDir: string): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    file,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-c:a',
    'aac',
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    path.join(outDir, 'index.m3u8'),
  ];
}

export function isTranscoding(filmId: number): boolean {
  return busy.has(filmId);
}

export function startTranscode(
  binary: string,
  files: readonly string[],
  out: string,
  log: FastifyBaseLogger,
  filmId: number,
): void {
  busy.add(filmId);
  const run = (i: number): void => {
    if (i >= files.length) {
      busy.delete(filmId);
      log.info({ film: filmId }, `film ${filmId}: HLS transcode done`);
      return;
    }
    const child = spawn(binary, transcodeArgs(files[i]!, path.join(out, String(i + 1))), {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let last = '';
    child.stderr?.on('data', (d: Buffer) => {
      last = d.toString('utf8').trim().split('\n').pop() ?? last;
    });
    child.on('error', (e) => {
      last = e.message;
    });
    child.on('close', (code) => {
      if (code !== 0) {
        busy.delete(filmId);
        log.error({ film: filmId, code, error: last }, `film ${filmId}: HLS transcode failed`);
        return;
      }
      run(i + 1);
    });
  };
  run(0);
}
