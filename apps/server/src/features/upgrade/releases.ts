import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/app-context.ts';
import { extractPayload, type UpgradeManifest } from './package.ts';

/**
 * Installed releases under DATA_DIR/releases: one folder per version, a `current` link naming the
 * one the service runs and a `previous` link for rollback. The service unit starts
 * `releases/current` (docs/operator-guide.md); switching the link is atomic (rename over it).
 */

export function releasesDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'releases');
}

/** Host changes happen only where the deployment allows them (DOMAIN real-effect policy). */
export function applyEnabled(): boolean {
  return process.env.IGS_APPLY === '1';
}

async function readLink(p: string): Promise<string | null> {
  try {
    return await fs.readlink(p);
  } catch {
    return null;
  }
}

export async function releaseLinks(
  app: AppContext,
): Promise<{ current: string | null; previous: string | null }> {
  const dir = releasesDir(app);
  return {
    current: await readLink(path.join(dir, 'current')),
    previous: await readLink(path.join(dir, 'previous')),
  };
}

/** Points `name` at `target` (a folder name beside it) atomically. */
async function pointLink(dir: string, name: string, target: string): Promise<void> {
  const tmp = path.join(dir, `.${name}-${randomUUID()}`);
  await fs.symlink(target, tmp);
  await fs.rename(tmp, path.join(dir, name));
}

/** Unpacks a verified package into releases/<version> and makes it current. */
export async function installRelease(
  app: AppContext,
  file: string,
  manifest: UpgradeManifest,
): Promise<void> {
  const dir = releasesDir(app);
  await fs.mkdir(dir, { recursive: true });
  const staging = path.join(dir, `.staging-${randomUUID()}`);
  const work = path.join(dir, `.work-${randomUUID()}`);
  const dest = path.join(dir, manifest.version);
  let replaced: string | null = null;
  try {
    await extractPayload(file, staging, work);
    await fs.writeFile(
      path.join(staging, '.igs-release.json'),
      `${JSON.stringify({ ...manifest, installed_at: new Date(app.now()).toISOString() }, null, 1)}\n`,
    );
    const { current } = await releaseLinks(app);
    if (
      await fs.stat(dest).then(
        () => true,
        () => false,
      )
    ) {
      replaced = path.join(dir, `.${manifest.version}-replaced-${randomUUID()}`);
      await fs.rename(dest, replaced);
    }
    await fs.rename(staging, dest);
    if (current && current !== manifest.version) await pointLink(dir, 'previous', current);
    await pointLink(dir, 'current', manifest.version);
  } catch (e) {
    if (replaced) await fs.rename(replaced, dest).catch(() => {});
    throw e;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(work, { recursive: true, force: true });
    if (replaced) await fs.rm(replaced, { recursive: true, force: true });
  }
}

/** Makes `previous` current again (and the current one previous). */
export async function rollbackRelease(
  app: AppContext,
): Promise<{ current: string; previous: string | null }> {
  const dir = releasesDir(app);
  const { current, previous } = await releaseLinks(app);
  if (!previous) throw new Error('no previous release');
  await pointLink(dir, 'current', previous);
  if (current) await pointLink(dir, 'previous', current);
  return { current: previous, previous: current };
}

/**
 * With IGS_RESTART_ON_UPGRADE=1 the server stops itself shortly after answering, so that its
 * supervisor (systemd `Restart=always`) starts the release now current. Otherwise the operator
 * restarts the service.
 */
export function scheduleRestart(app: AppContext): boolean {
  if (process.env.IGS_RESTART_ON_UPGRADE !== '1') return false;
  app.log.info('upgrade applied: stopping so that the supervisor starts the new release');
  setTimeout(() => process.kill(process.pid, 'SIGTERM'), 1500).unref();
  return true;
}
