import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from './server-process.ts';

const DIST = path.join(REPO_ROOT, 'apps/console/dist');

/** `npm run build`: the production console the server serves. */
export function buildConsole(): void {
  console.log('== building the production console ==');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['run', 'build'], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
}

export function consoleBuilt(): boolean {
  return fs.existsSync(path.join(DIST, 'index.html'));
}

/** Gzipped size in KB of every built asset, largest first: where the bytes are. */
export function assetSizes(): { file: string; gzipKB: number }[] {
  const dir = path.join(DIST, 'assets');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /\.(js|css)$/.test(f))
    .map((file) => ({
      file,
      gzipKB: Math.round(zlib.gzipSync(fs.readFileSync(path.join(dir, file))).length / 102.4) / 10,
    }))
    .sort((a, b) => b.gzipKB - a.gzipKB);
}
