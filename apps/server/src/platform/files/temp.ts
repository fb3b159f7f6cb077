import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FileStore, StoredFile } from './store.ts';

/**
 * Runs `work` with the stored file as a real file on this machine's disk, for a step that hands
 * a path to a program or reads it by position (an archive, a package's signature): the local
 * back end's own file, otherwise a private temporary copy that is removed afterwards, whatever
 * `work` does.
 */
export async function withLocalFile<T>(
  store: FileStore,
  key: string,
  work: (file: string) => Promise<T>,
): Promise<T> {
  const own = store.localPath(key);
  if (own) {
    // Checked the same way as the other back ends: a missing file is FileNotFound.
    (await store.get(key)).destroy();
    return work(own);
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'igs-file-'));
  try {
    const file = path.join(dir, path.basename(key));
    await pipeline(await store.get(key), createWriteStream(file, { mode: 0o600 }));
    return await work(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A small stored file read whole (a licence, a settings document); refused above `maxBytes`. */
export async function readSmallFile(store: FileStore, key: string, maxBytes = 1024 * 1024): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of await store.get(key)) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new Error(`stored file ${key} is larger than ${maxBytes} bytes`);
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

/**
 * Stores a file this instance made on its disk (a backup archive) under `key` and removes the
 * local file: a rename with the local back end (no copy of a large file), a streamed put
 * otherwise. The local file is removed in both cases, also when the put fails.
 */
export async function putLocalFile(store: FileStore, key: string, file: string): Promise<StoredFile> {
  const own = store.localPath(key);
  try {
    if (own) {
      await fs.mkdir(path.dirname(own), { recursive: true });
      await fs.rename(file, own);
      return (await store.stat(key))!;
    }
    return await store.put(key, createReadStream(file));
  } finally {
    await fs.rm(file, { force: true });
  }
}
