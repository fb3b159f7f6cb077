import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkKey, checkPrefix, FileNotFound, type FileStore, type StoredFile } from './store.ts';

/**
 * Files in the local data folder, at their key's path: the single-gateway default (SQLite), with
 * the layout it always had (uploads/files, exports, backups, licence, upgrades). Names starting
 * with a dot are work files (a put in progress, a feature's partial file) and are never listed.
 */
/** A put's work file, `.<name>.<uuid>.part` beside its target (and the upload cache's copies). */
export const WORK_FILE = /^\..+\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.part$/;

/**
 * Removes the work files under `root` (every folder but dot-named ones, which are other work:
 * a backup's `.work-…`) last written before `before`: the puts that wrote them died mid-way.
 */
export async function pruneWorkFiles(root: string, before: number): Promise<number> {
  let removed = 0;
  const walk = async (dir: string): Promise<void> => {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!e.name.startsWith('.')) await walk(full);
      } else if (e.isFile() && WORK_FILE.test(e.name)) {
        const st = await fs.stat(full).catch(() => null);
        if (st && st.mtimeMs < before) {
          await fs.rm(full, { force: true });
          removed++;
        }
      }
    }
  };
  await walk(root);
  return removed;
}

export function localFileStore(root: string): FileStore {
  const full = (key: string) => path.join(root, ...checkKey(key).split('/'));
  const statOf = async (key: string): Promise<StoredFile | null> => {
    const st = await fs.stat(full(key)).catch(() => null);
    return st?.isFile() ? { key, size: st.size, modifiedAt: st.mtimeMs } : null;
  };
  const store: FileStore = {
    kind: 'local',
    async put(key, body) {
      const target = full(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written beside the target and renamed over it: a reader never sees half a file.
      const part = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.part`);
      try {
        await pipeline(body instanceof Uint8Array ? Readable.from([body]) : body, createWriteStream(part));
        await fs.rename(part, target);
      } catch (e) {
        await fs.rm(part, { force: true });
        throw e;
      }
      return (await statOf(key))!;
    },
    async get(key) {
      const file = full(key);
      // Opened before it is handed out, so a missing file is FileNotFound, not a stream error.
      const handle = await fs.open(file, 'r').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT' || e.code === 'EISDIR') throw new FileNotFound(key);
        throw e;
      });
      return handle.createReadStream();
    },
    stat: statOf,
    async move(from, to) {
      const target = full(to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.rename(full(from), target).catch(async (e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') throw new FileNotFound(from);
        if (e.code !== 'EXDEV') throw e;
        await store.put(to, await store.get(from));
        await fs.rm(full(from), { force: true });
      });
    },
    async delete(key) {
      await fs.rm(full(key), { force: true });
    },
    async list(prefix) {
      checkPrefix(prefix);
      // The deepest folder the prefix names whole, walked; then filtered by the prefix's rest.
      const dirPart = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const out: StoredFile[] = [];
      const walk = async (rel: string): Promise<void> => {
        const entries = await fs
          .readdir(path.join(root, ...rel.split('/').filter(Boolean)), { withFileTypes: true })
          .catch(() => []);
        for (const e of entries) {
          if (e.name.startsWith('.')) continue;
          const key = rel ? `${rel}/${e.name}` : e.name;
          if (e.isDirectory()) {
            if (key.startsWith(prefix) || prefix.startsWith(`${key}/`)) await walk(key);
          } else if (e.isFile() && key.startsWith(prefix)) {
            const st = await statOf(key);
            if (st) out.push(st);
          }
        }
      };
      await walk(dirPart);
      return out.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    },
    localPath(key) {
      return full(key);
    },
    async pruneWork(before) {
      return pruneWorkFiles(root, before);
    },
    async close() {},
  };
  return store;
}
