import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../app-context.ts';

/**
 * A named set of generated configuration files under `${DATA_DIR}/etc/` (DOMAIN real-effect
 * policy): the tree mirrors `/etc`, so `systemd/network/10-igs-eth0.network` here is
 * `/etc/systemd/network/10-igs-eth0.network` on apply. Writing a set keeps the files it replaces
 * (`.igs/<set>.previous/`), so `rollback` can put the previous set back. Files are written
 * atomically (temporary file, then rename); secrets are mode 0600.
 */

export interface ConfigFile {
  /** Relative to `etc/`, e.g. `ppp/peers/igs-pptp-office`. */
  path: string;
  content: string;
  /** Holds a password: mode 0600. */
  secret?: boolean;
}

interface Manifest {
  files: { path: string; sha256: string; secret: boolean }[];
  written_at: number;
}

export interface ApplyReport {
  /** True when the files were copied into place. */
  applied: boolean;
  /** Why not, or what failed; empty when applied cleanly. */
  note: string;
  root?: string;
  commands?: CommandResult[];
}

export interface CommandResult {
  command: string;
  ok: boolean;
  output: string;
}

export interface SetWriteResult {
  /** Absolute paths written under `${DATA_DIR}/etc`. */
  written: string[];
  /** Files of the previous set that this one no longer has. */
  removed: string[];
  apply: ApplyReport;
}

export function etcDir(app: AppContext): string {
  return path.join(app.config.dataDir, 'etc');
}

function stateDir(app: AppContext): string {
  return path.join(etcDir(app), '.igs');
}

/** Deployment switch of the real-effect policy: copy into /etc only with IGS_APPLY=1. */
export function applyEnabled(): boolean {
  return process.env.IGS_APPLY === '1';
}

/** Where apply copies to: `/` in production; a scratch root lets tests check the copy. */
export function applyRoot(): string {
  return path.resolve(process.env.IGS_APPLY_ROOT || '/');
}

/** Reload commands (networkctl, timedatectl, systemctl) touch the running host: only for `/`. */
export function applyTouchesHost(): boolean {
  return applyEnabled() && applyRoot() === '/';
}

function checkRelative(rel: string): string {
  const norm = path.posix.normalize(rel);
  if (
    norm.startsWith('/') ||
    norm.startsWith('..') ||
    norm.includes('/../') ||
    norm === '.' ||
    norm.startsWith('.igs')
  )
    throw new Error(`refusing configuration path ${rel}`);
  return norm;
}

async function writeAtomic(file: string, content: string | Buffer, secret: boolean): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${randomBytes(4).toString('hex')}`;
  await fs.writeFile(tmp, content, { mode: secret ? 0o600 : 0o644 });
  await fs.rename(tmp, file);
}

async function readManifest(file: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

const locks = new Map<string, Promise<unknown>>();

/** One writer per set at a time in this process: saves of one set never interleave. */
export function withSetLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const prev = locks.get(name) ?? Promise.resolve();
  const next = prev.then(fn, fn);
  locks.set(
    name,
    next.catch(() => {}),
  );
  return next;
}

/** The files of the current set, read back (for export and for checks). */
export async function readSet(app: AppContext, name: string): Promise<ConfigFile[]> {
  const manifest = await readManifest(path.join(stateDir(app), `${name}.json`));
  if (!manifest) return [];
  const out: ConfigFile[] = [];
  for (const f of manifest.files) {
    const content = await fs.readFile(path.join(etcDir(app), f.path), 'utf8').catch(() => null);
    if (content !== null) out.push({ path: f.path, content, secret: f.secret });
  }
  return out;
}

/** The previous set, or null when there is none to roll back to. */
export async function readPreviousSet(app: AppContext, name: string): Promise<ConfigFile[] | null> {
  const dir = path.join(stateDir(app), `${name}.previous`);
  const manifest = await readManifest(path.join(dir, 'manifest.json'));
  if (!manifest) return null;
  const out: ConfigFile[] = [];
  for (const f of manifest.files) {
    const content = await fs.readFile(path.join(dir, 'files', f.path), 'utf8').catch(() => null);
    if (content !== null) out.push({ path: f.path, content, secret: f.secret });
  }
  return out;
}

export interface WriteSetOptions {
  /** Commands run after the copy, only when apply touches the running host. */
  reload?: (changed: string[]) => { file: string; args: string[] }[];
}

/**
 * Replaces set `name` with `files`: the current files are kept as the previous set, the new ones
 * written atomically, files the set no longer has removed; then copied into place when IGS_APPLY=1.
 * Call inside `withSetLock(name, …)`.
 */
export async function writeSet(
  app: AppContext,
  name: string,
  files: ConfigFile[],
  opts: WriteSetOptions = {},
): Promise<SetWriteResult> {
  const etc = etcDir(app);
  const state = stateDir(app);
  const manifestFile = path.join(state, `${name}.json`);
  const rels = files.map((f) => checkRelative(f.path));
  const current = await readManifest(manifestFile);

  // Keep what is there now as the previous set.
  const prevDir = path.join(state, `${name}.previous`);
  await fs.rm(prevDir, { recursive: true, force: true });
  if (current) {
    const kept: Manifest['files'] = [];
    for (const f of current.files) {
      const data = await fs.readFile(path.join(etc, f.path)).catch(() => null);
      if (data === null) continue;
      await writeAtomic(path.join(prevDir, 'files', f.path), data, true);
      kept.push(f);
    }
    await writeAtomic(
      path.join(prevDir, 'manifest.json'),
      JSON.stringify({ files: kept, written_at: current.written_at }),
      false,
    );
  } else {
    // An empty previous set: rolling back the first write removes its files.
    await writeAtomic(
      path.join(prevDir, 'manifest.json'),
      JSON.stringify({ files: [], written_at: 0 }),
      false,
    );
  }

  const written: string[] = [];
  const entries: Manifest['files'] = [];
  for (const [i, f] of files.entries()) {
    const abs = path.join(etc, rels[i]!);
    await writeAtomic(abs, f.content, Boolean(f.secret));
    written.push(abs);
    entries.push({
      path: rels[i]!,
      sha256: createHash('sha256').update(f.content).digest('hex'),
      secret: Boolean(f.secret),
    });
  }
  const removedRel = (current?.files ?? []).map((f) => f.path).filter((p) => !rels.includes(p));
  for (const rel of removedRel) await fs.rm(path.join(etc, rel), { force: true });
  await writeAtomic(manifestFile, JSON.stringify({ files: entries, written_at: app.now() }), false);

  const changed = [
    ...entries
      .filter((e) => current?.files.find((c) => c.path === e.path)?.sha256 !== e.sha256)
      .map((e) => e.path),
    ...removedRel,
  ];
  const apply = await applySet(files, rels, removedRel, changed, opts);
  return { written, removed: removedRel.map((r) => path.join(etc, r)), apply };
}

async function applySet(
  files: ConfigFile[],
  rels: string[],
  removed: string[],
  changed: string[],
  opts: WriteSetOptions,
): Promise<ApplyReport> {
  if (!applyEnabled())
    return { applied: false, note: 'Written but not applied: IGS_APPLY is not 1 on this deployment' };
  const root = applyRoot();
  try {
    for (const [i, f] of files.entries())
      await writeAtomic(path.join(root, 'etc', rels[i]!), f.content, Boolean(f.secret));
    for (const rel of removed) await fs.rm(path.join(root, 'etc', rel), { force: true });
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    return {
      applied: false,
      root,
      note: `Written but not applied: copying into ${path.join(root, 'etc')} failed (${err.code ?? err.message})`,
    };
  }
  const commands: CommandResult[] = [];
  if (applyTouchesHost() && changed.length)
    for (const c of opts.reload?.(changed) ?? []) commands.push(await runCommand(c.file, c.args));
  const failed = commands.filter((c) => !c.ok);
  return {
    applied: true,
    root,
    commands,
    note: failed.length ? `Applied; ${failed.map((c) => `${c.command} failed: ${c.output}`).join('; ')}` : '',
  };
}

/** A fixed program with fixed arguments, no shell, 15 s at most. */
export function runCommand(file: string, args: string[], timeoutMs = 15_000): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, windowsHide: true }, (err, stdout, stderr) => {
      const output = `${stdout}${stderr}`.trim().slice(0, 2000);
      const command = [file, ...args].join(' ');
      if (!err) return resolve({ command, ok: true, output });
      const e = err as NodeJS.ErrnoException & { killed?: boolean };
      const why =
        e.code === 'ENOENT'
          ? `${file} is not installed`
          : e.killed
            ? `timed out after ${timeoutMs / 1000} s`
            : output || e.message;
      resolve({ command, ok: false, output: why });
    });
  });
}

/** Puts the previous set back (the current one becomes the previous); null when there is none. */
export async function rollbackSet(
  app: AppContext,
  name: string,
  opts: WriteSetOptions = {},
): Promise<SetWriteResult | null> {
  const previous = await readPreviousSet(app, name);
  if (!previous) return null;
  return writeSet(app, name, previous, opts);
}
