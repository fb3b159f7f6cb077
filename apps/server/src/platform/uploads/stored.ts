import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../app-context.ts';
import { readSmallFile, withLocalFile } from '../files/index.ts';
import { pruneWorkFiles } from '../files/local.ts';

/**
 * Where an upload's bytes are in the file store (platform/files): `uploads/files/<id>.<ext>`,
 * the path they always had under the data folder. Every feature that reads an uploaded file
 * (a sound, a firmware, an image) goes through here, so it reads the deployment's shared store
 * and not one instance's disk.
 */
export function uploadKey(file: string): string {
  if (!/^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/.test(file)) throw new Error(`bad upload file name ${file}`);
  return `uploads/files/${file}`;
}

/** An upload's bytes as a stream (FileNotFound when they are gone). */
export function openUpload(app: AppContext, file: string): Promise<Readable> {
  return app.files.get(uploadKey(file));
}

/** A small upload read whole (an audio prompt, a text file); refused above `maxBytes`. */
export function readUpload(app: AppContext, file: string, maxBytes: number): Promise<Buffer> {
  return readSmallFile(app.files, uploadKey(file), maxBytes);
}

/** Removes an upload's bytes (its record is gone). */
export function removeUpload(app: AppContext, file: string): Promise<void> {
  return app.files.delete(uploadKey(file));
}

/** An upload as a real file for a host tool, for the time of `work` (files/temp.ts). */
export function withUploadFile<T>(
  app: AppContext,
  file: string,
  work: (path: string) => Promise<T>,
): Promise<T> {
  return withLocalFile(app.files, uploadKey(file), work);
}

/**
 * An upload as a real file that a long-running host program keeps open (ffmpeg transcoding or
 * looping a film): the local back end's own file; with a shared store, a copy in this instance's
 * `cache/uploads` folder, fetched once and kept while the same upload is used again (an upload's
 * bytes never change under its name). The cache is this instance's disk only, never the truth.
 */
export async function cachedUploadFile(app: AppContext, file: string): Promise<string | null> {
  const key = uploadKey(file);
  const own = app.files.localPath(key);
  if (own) return own;
  const stored = await app.files.stat(key);
  if (!stored) return null;
  const dir = path.join(app.config.dataDir, 'cache', 'uploads');
  const target = path.join(dir, file);
  const have = await fs.stat(target).catch(() => null);
  if (have?.size === stored.size) return target;
  await fs.mkdir(dir, { recursive: true });
  const part = path.join(dir, `.${file}.${randomUUID()}.part`);
  try {
    await pipeline(await app.files.get(key), createWriteStream(part, { mode: 0o600 }));
    await fs.rename(part, target);
  } finally {
    await fs.rm(part, { force: true });
  }
  return target;
}

/** Upload files read per query when the prune looks for their records. */
const PRUNE_CHUNK = 500;

/** The upload file names among `files` that an upload record names. */
async function recorded(app: AppContext, files: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < files.length; i += PRUNE_CHUNK) {
    const rows = await app.db.kysely
      .selectFrom('uploads')
      .select('file')
      .where('file', 'in', files.slice(i, i + PRUNE_CHUNK))
      .execute();
    for (const r of rows) out.add(r.file);
  }
  return out;
}

/**
 * Upload files in the store that no upload record names, written before `before`: an upload
 * whose record was never written (its instance died, or the database failed, between storing the
 * bytes and recording them). Run by the prune (platform/files/prune.ts); returns how many went.
 */
export async function pruneAbandonedUploads(app: AppContext, before: number): Promise<number> {
  const old = (await app.files.list('uploads/files/')).filter((f) => f.modifiedAt < before);
  const names = old.map((f) => f.key.slice('uploads/files/'.length));
  const kept = await recorded(app, names);
  let removed = 0;
  for (const name of names)
    if (!kept.has(name)) {
      await app.files.delete(uploadKey(name));
      removed++;
    }
  return removed;
}

/**
 * This instance's upload cache (cachedUploadFile): copies of uploads that are gone (their record
 * removed), and fetches that never finished, written before `before`. Every instance runs it on
 * its own disk. A program still reading a removed copy keeps its open file.
 */
export async function pruneUploadCache(app: AppContext, before: number): Promise<number> {
  const dir = path.join(app.config.dataDir, 'cache', 'uploads');
  let removed = await pruneWorkFiles(dir, before);
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const copies = entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => e.name);
  const kept = await recorded(app, copies);
  for (const name of copies)
    if (!kept.has(name)) {
      const st = await fs.stat(path.join(dir, name)).catch(() => null);
      if (st && st.mtimeMs < before) {
        await fs.rm(path.join(dir, name), { force: true });
        removed++;
      }
    }
  return removed;
}
