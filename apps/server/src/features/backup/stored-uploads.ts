import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/app-context.ts';

/**
 * A restore's `uploads` part when uploads live in a shared file store (PostgreSQL or S3) rather
 * than in the data folder, where a folder swap does it: the archive's files are put into the
 * store first (an upload's name is a new UUID, so a file of the same name has the same bytes),
 * and only once the database has committed are the uploads the archive does not have removed.
 * Undo, when the database does not commit, removes only what the restore added.
 */
export async function restoreStoredUploads(
  app: AppContext,
  stagedDir: string,
): Promise<{ undo(): Promise<void>; cleanup(): Promise<void> }> {
  const before = new Set((await app.files.list('uploads/')).map((f) => f.key));
  const restored = new Set<string>();
  const added: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    const entries = await fs.readdir(path.join(stagedDir, rel), { withFileTypes: true }).catch(() => []);
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) await walk(child);
      else if (e.isFile()) {
        const key = `uploads/${child}`;
        await app.files.put(key, createReadStream(path.join(stagedDir, child)));
        restored.add(key);
        if (!before.has(key)) added.push(key);
      }
    }
  };
  try {
    await walk('');
  } catch (e) {
    for (const key of added) await app.files.delete(key).catch(() => {});
    throw e;
  }
  return {
    async undo() {
      for (const key of added) await app.files.delete(key);
    },
    async cleanup() {
      for (const key of before) if (!restored.has(key)) await app.files.delete(key);
    },
  };
}
