import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REPO_ROOT } from './server-process.ts';

/**
 * The built console: CONSOLE_DIR when set (the server, started with this environment, serves the
 * same folder), so a build of one's own can be measured while others use apps/console/dist.
 */
export const CONSOLE_DIST = process.env.CONSOLE_DIR
  ? // Resolved as the server resolves it (apps/server/src/platform/config.ts).
    path.resolve(process.env.INIT_CWD ?? process.cwd(), process.env.CONSOLE_DIR)
  : path.join(REPO_ROOT, 'apps/console/dist');
const DIST = CONSOLE_DIST;

/** `npm run build` (or a build into CONSOLE_DIR): the production console the server serves. */
export function buildConsole(): void {
  console.log(`== building the production console into ${DIST} ==`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = process.env.CONSOLE_DIR
    ? ['run', 'build', '-w', '@igs/console', '--', '--outDir', DIST, '--emptyOutDir']
    : ['run', 'build'];
  execFileSync(npm, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
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
