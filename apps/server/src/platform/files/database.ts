import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type Kysely, sql } from 'kysely';
import { checkKey, checkPrefix, FileNotFound, type FileStore, type StoredFile } from './store.ts';

/** Rows of 1 MB: small enough to stream, large enough that a 2 GB file is 2,048 rows. */
export const CHUNK_BYTES = 1024 * 1024;

/**
 * Files kept in PostgreSQL itself (migration 032): `file_objects` names each key's current
 * object, `file_chunks` holds an object's bytes in numbered 1 MB rows. A put writes its chunks
 * under a new object id, one row at a time as the body arrives, then points the key at it and
 * drops the old object's rows in one transaction; a get reads the rows one at a time. So every
 * instance over the database sees the same files, no extra service is needed, and a 2 GB file
 * costs at most a chunk or two of memory on either side.
 */
// biome-ignore lint/suspicious/noExplicitAny: the file tables are not part of the typed schema
export function databaseFileStore(db: Kysely<any>): FileStore {
  const row = (r: { key: string; size: number | string; modified_at: number | string }): StoredFile => ({
    key: r.key,
    size: Number(r.size),
    modifiedAt: Number(r.modified_at),
  });
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const dropObject = (trx: Kysely<any>, objectId: string) =>
    sql`delete from file_chunks where object_id = ${objectId}`.execute(trx);
  // Once per process, before its first put: chunks a dead instance's unfinished put left behind.
  let swept: Promise<unknown> | null = null;
  return {
    kind: 'database',
    async put(key, body) {
      checkKey(key);
      swept ??= sweepOrphanChunks(db, Date.now()).catch(() => 0);
      await swept;
      const objectId = randomUUID();
      const now = Date.now();
      let n = 0;
      let size = 0;
      const write = async (chunk: Buffer) => {
        await sql`insert into file_chunks (object_id, n, data, created_at)
                  values (${objectId}, ${n}, ${chunk}, ${now})`.execute(db);
        n++;
        size += chunk.length;
      };
      try {
        // Pieces are gathered up to a chunk; awaiting each insert is the back-pressure.
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        for await (const piece of body instanceof Uint8Array ? [Buffer.from(body)] : body) {
          let buf = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
          while (buf.length) {
            const take = Math.min(buf.length, CHUNK_BYTES - pendingBytes);
            pending.push(buf.subarray(0, take));
            pendingBytes += take;
            buf = buf.subarray(take);
            if (pendingBytes === CHUNK_BYTES) {
              await write(Buffer.concat(pending, pendingBytes));
              pending = [];
              pendingBytes = 0;
            }
          }
        }
        if (pendingBytes) await write(Buffer.concat(pending, pendingBytes));
        const modifiedAt = Date.now();
        await db.transaction().execute(async (trx) => {
          const old = await sql<{ object_id: string }>`
            select object_id from file_objects where key = ${key} for update`.execute(trx);
          await sql`insert into file_objects (key, object_id, size, chunks, modified_at)
                    values (${key}, ${objectId}, ${size}, ${n}, ${modifiedAt})
                    on conflict (key) do update set object_id = excluded.object_id,
                      size = excluded.size, chunks = excluded.chunks,
                      modified_at = excluded.modified_at`.execute(trx);
          for (const o of old.rows) await dropObject(trx, o.object_id);
        });
        return { key, size, modifiedAt };
      } catch (e) {
        await dropObject(db, objectId).catch(() => {});
        throw e;
      }
    },
    async get(key) {
      checkKey(key);
      const found = await sql<{ object_id: string; chunks: number }>`
        select object_id, chunks from file_objects where key = ${key}`.execute(db);
      const obj = found.rows[0];
      if (!obj) throw new FileNotFound(key);
      async function* chunks() {
        for (let i = 0; i < Number(obj!.chunks); i++) {
          const r = await sql<{ data: Buffer }>`
            select data from file_chunks where object_id = ${obj!.object_id} and n = ${i}`.execute(db);
          // Replaced or deleted while being read: the reader gets an error, not a mix of two files.
          if (!r.rows[0]) throw new FileNotFound(key);
          yield r.rows[0].data;
        }
      }
      return Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
    },
    async stat(key) {
      checkKey(key);
      const r = await sql<{ key: string; size: number; modified_at: number }>`
        select key, size, modified_at from file_objects where key = ${key}`.execute(db);
      return r.rows[0] ? row(r.rows[0]) : null;
    },
    async move(from, to) {
      checkKey(from);
      checkKey(to);
      if (from === to) return;
      await db.transaction().execute(async (trx) => {
        const replaced = await sql<{ object_id: string }>`
          delete from file_objects where key = ${to} returning object_id`.execute(trx);
        const moved = await sql`update file_objects set key = ${to} where key = ${from}`.execute(trx);
        if (!Number(moved.numAffectedRows ?? 0)) throw new FileNotFound(from);
        for (const o of replaced.rows) await dropObject(trx, o.object_id);
      });
    },
    async delete(key) {
      checkKey(key);
      await db.transaction().execute(async (trx) => {
        const r = await sql<{ object_id: string }>`
          delete from file_objects where key = ${key} returning object_id`.execute(trx);
        for (const o of r.rows) await dropObject(trx, o.object_id);
      });
    },
    async list(prefix) {
      checkPrefix(prefix);
      // A LIKE pattern with the prefix's own % and _ escaped; keys are compared bytewise.
      const pattern = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const r = await sql<{ key: string; size: number; modified_at: number }>`
        select key, size, modified_at from file_objects where key like ${pattern}
        order by key collate "C"`.execute(db);
      return r.rows.map(row);
    },
    localPath() {
      return null;
    },
    pruneWork: (before) => dropOrphanChunks(db, before),
    async close() {},
  };
}

/**
 * Chunks no key points at, left by a put whose instance died before it finished: removed once
 * they are older than an hour (a put still running is younger).
 */
// biome-ignore lint/suspicious/noExplicitAny: see above
export function sweepOrphanChunks(db: Kysely<any>, now: number): Promise<number> {
  return dropOrphanChunks(db, now - 3_600_000);
}

/** Chunks no key points at whose put began before `before` (the prune's bound, FILE_PRUNE_HOURS). */
// biome-ignore lint/suspicious/noExplicitAny: see above
async function dropOrphanChunks(db: Kysely<any>, before: number): Promise<number> {
  const r = await sql`delete from file_chunks c where c.created_at < ${before}
    and not exists (select 1 from file_objects o where o.object_id = c.object_id)`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
