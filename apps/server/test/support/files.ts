import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { TestServer } from './server.ts';

/** The names of the uploaded files in the server's file store (uploads/files/<id>.<ext>). */
export async function storedUploadNames(s: TestServer): Promise<string[]> {
  return (await s.app.files.list('uploads/files/')).map((f) => f.key.slice('uploads/files/'.length));
}

/**
 * What an unfinished or refused upload left behind: partial files in the data folder (the local
 * store), chunks no stored file owns (the PostgreSQL store). Empty when nothing remains.
 */
export async function partialUploads(s: TestServer): Promise<string[]> {
  if (s.app.files.kind === 'database') {
    const r = await sql<{ object_id: string }>`select distinct object_id from file_chunks c
      where not exists (select 1 from file_objects o where o.object_id = c.object_id)`.execute(
      s.app.db.kysely,
    );
    return r.rows.map((x) => x.object_id);
  }
  const dir = path.join(s.dataDir, 'uploads', 'files');
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.part')) : [];
}
