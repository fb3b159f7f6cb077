import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/platform/db/database.ts';
import { fileStore as fileStoreTables } from '../src/platform/db/migrations/032-file-store.ts';
import { sweepOrphanChunks } from '../src/platform/files/database.ts';
import {
  FileNotFound,
  type FileStore,
  openFileStore,
  readSmallFile,
  withLocalFile,
} from '../src/platform/files/index.ts';
import { localFileStore } from '../src/platform/files/local.ts';
import { s3FileStore } from '../src/platform/files/s3.ts';
import { scratchDatabase } from './support/postgres.ts';
import { type LocalS3, startLocalS3 } from './support/s3-server.ts';

/**
 * The file store's contract (platform/files), the same suite over each back end: the local data
 * folder (a SQLite server's default), PostgreSQL (a PostgreSQL server's default) and an
 * S3-compatible store (s3rver on 127.0.0.1). The stores are opened alone, without a server.
 */

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Live memory that a whole file in memory would add to: the JS heap and Buffers' backing stores. */
function liveBytes(): number {
  // Twice: Buffers' backing stores are released by the finalisers the first collection runs.
  gc();
  gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

const BIG = 50 * 1024 * 1024;
const PIECE = 256 * 1024;

/** BIG bytes made on the fly (never held whole), its SHA-256 and the peak live memory while read. */
function bigBody(): { body: Readable; digest: () => string; peak: () => number } {
  const seed = randomBytes(PIECE);
  const hash = createHash('sha256');
  let peak = 0;
  let i = 0;
  const body = Readable.from(
    (function* () {
      for (; i * PIECE < BIG; i++) {
        const piece = Buffer.from(seed);
        piece.writeUInt32BE(i, 0);
        hash.update(piece);
        if (i % 16 === 0) peak = Math.max(peak, liveBytes());
        yield piece;
      }
    })(),
  );
  return { body, digest: () => hash.digest('hex'), peak: () => peak };
}

async function text(s: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(c as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function contract(name: string, open: () => Promise<{ store: FileStore; close(): Promise<void> }>) {
  describe(`file store contract [${name}]`, () => {
    let store: FileStore;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ store, close } = await open());
    }, 60_000);
    afterAll(async () => close?.(), 60_000);

    it('puts, gets, stats, replaces and deletes a file', async () => {
      const put = await store.put('contract/a/one.txt', Buffer.from('first'));
      expect(put.size).toBe(5);
      expect(await text(await store.get('contract/a/one.txt'))).toBe('first');
      expect(await store.stat('contract/a/one.txt')).toMatchObject({ key: 'contract/a/one.txt', size: 5 });
      await store.put('contract/a/one.txt', Readable.from([Buffer.from('second '), Buffer.from('body')]));
      expect(await text(await store.get('contract/a/one.txt'))).toBe('second body');
      expect((await store.stat('contract/a/one.txt'))?.size).toBe(11);
      await store.delete('contract/a/one.txt');
      expect(await store.stat('contract/a/one.txt')).toBeNull();
      await expect(store.get('contract/a/one.txt')).rejects.toBeInstanceOf(FileNotFound);
      // Deleting what is not there is no error.
      await store.delete('contract/a/one.txt');
    });

    it('lists by prefix, in key order, and nothing outside it', async () => {
      await store.put('contract/list/b.bin', Buffer.from('bb'));
      await store.put('contract/list/a.bin', Buffer.from('a'));
      await store.put('contract/list/sub/c.bin', Buffer.from('ccc'));
      await store.put('contract/listless/d.bin', Buffer.from('d'));
      const all = await store.list('contract/list/');
      expect(all.map((f) => [f.key, f.size])).toEqual([
        ['contract/list/a.bin', 1],
        ['contract/list/b.bin', 2],
        ['contract/list/sub/c.bin', 3],
      ]);
      expect((await store.list('contract/list/a')).map((f) => f.key)).toEqual(['contract/list/a.bin']);
      expect(await store.list('contract/none/')).toEqual([]);
    });

    it('keeps the file it had when a put fails half-way', async () => {
      await store.put('contract/keep.txt', Buffer.from('kept'));
      const failing = new Readable({
        read() {
          this.push(Buffer.alloc(1024, 1));
          this.destroy(new Error('client went away'));
        },
      });
      await expect(store.put('contract/keep.txt', failing)).rejects.toThrow();
      expect(await text(await store.get('contract/keep.txt'))).toBe('kept');
      await expect(
        store.put(
          'contract/never.txt',
          Readable.from(
            (async function* () {
              yield Buffer.from('x');
              throw new Error('broken');
            })(),
          ),
        ),
      ).rejects.toThrow('broken');
      expect(await store.stat('contract/never.txt')).toBeNull();
    });

    it('moves a file to another key, replacing what was there', async () => {
      await store.put('contract/move/from.bin', Buffer.from('moving'));
      await store.put('contract/move/to.bin', Buffer.from('old'));
      await store.move('contract/move/from.bin', 'contract/move/to.bin');
      expect(await store.stat('contract/move/from.bin')).toBeNull();
      expect(await text(await store.get('contract/move/to.bin'))).toBe('moving');
      await expect(store.move('contract/move/none.bin', 'contract/move/x.bin')).rejects.toBeInstanceOf(
        FileNotFound,
      );
    });

    it('refuses keys that would leave the store', async () => {
      for (const key of ['../escape', '/abs', 'a/../../b', 'a\\b', '', 'a//b', 'a/'])
        await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/bad file store key/);
    });

    it('gives a real file for a host tool, and removes a temporary copy after', async () => {
      await store.put('contract/tool.txt', Buffer.from('for a program'));
      let seen = '';
      const file = await withLocalFile(store, 'contract/tool.txt', async (f) => {
        seen = (await import('node:fs')).readFileSync(f, 'utf8');
        return f;
      });
      expect(seen).toBe('for a program');
      if (!store.localPath('contract/tool.txt'))
        expect((await import('node:fs')).existsSync(file)).toBe(false);
      expect((await readSmallFile(store, 'contract/tool.txt')).toString()).toBe('for a program');
      await expect(readSmallFile(store, 'contract/tool.txt', 4)).rejects.toThrow(/larger than/);
    });

    it('streams a 50 MB file in and out, same bytes, without holding it in memory', async () => {
      const before = liveBytes();
      const gen = bigBody();
      const put = await store.put('contract/big.bin', gen.body);
      expect(put.size).toBe(BIG);
      const wanted = gen.digest();
      const inPeak = gen.peak() - before;
      expect((await store.stat('contract/big.bin'))?.size).toBe(BIG);

      const hash = createHash('sha256');
      let outPeak = 0;
      let n = 0;
      for await (const chunk of await store.get('contract/big.bin')) {
        hash.update(chunk as Buffer);
        if (n++ % 16 === 0) outPeak = Math.max(outPeak, liveBytes() - before);
      }
      expect(hash.digest('hex')).toBe(wanted);
      console.log(
        `[${name}] 50 MB put: live memory +${(inPeak / 1048576).toFixed(1)} MB at most; get: +${(outPeak / 1048576).toFixed(1)} MB`,
      );
      // Loose bounds (a chunk, or three 5 MB multipart parts, in flight, and the collector's
      // slack): well under the file itself.
      expect(inPeak).toBeLessThan(BIG / 2);
      expect(outPeak).toBeLessThan(BIG / 2);
      await store.delete('contract/big.bin');
      expect(await store.stat('contract/big.bin')).toBeNull();
    }, 120_000);
  });
}

contract('local', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-files-'));
  return { store: localFileStore(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
});

contract('postgres', async () => {
  // An empty database: the store's tables made by their own migration.
  const scratch = await scratchDatabase();
  const db = openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir(), poolSize: 4 });
  await fileStoreTables('postgres').up(db.kysely as never);
  const store = await openFileStore(undefined, db, os.tmpdir());
  // With PostgreSQL and no FILE_STORE, the database itself is the store.
  expect(store.kind).toBe('database');
  return {
    store,
    close: async () => {
      await db.close();
      await scratch.drop();
    },
  };
});

contract('s3', async () => {
  const s3: LocalS3 = await startLocalS3();
  const store = s3FileStore(s3.settings);
  return {
    store,
    close: async () => {
      await store.close();
      await s3.close();
    },
  };
});

describe('file store [postgres]: what a dead instance left', () => {
  it('chunks of a put that never finished go after an hour; a stored file and a put in progress stay', async () => {
    const scratch = await scratchDatabase();
    const db = openDatabase({ databaseUrl: scratch.url, dataDir: os.tmpdir(), poolSize: 2 });
    try {
      await fileStoreTables('postgres').up(db.kysely as never);
      const store = await openFileStore(undefined, db, os.tmpdir());
      await store.put('kept.bin', Buffer.alloc(10, 1));
      const orphan = (id: string, at: number) =>
        sql`insert into file_chunks (object_id, n, data, created_at) values (${id}, 0, ${Buffer.from('x')}, ${at})`.execute(
          db.kysely,
        );
      const now = Date.now();
      await orphan('00000000-0000-0000-0000-00000000dead', now - 2 * 3_600_000);
      await orphan('00000000-0000-0000-0000-0000000a11fe', now - 60_000);
      expect(await sweepOrphanChunks(db.kysely as never, now)).toBe(1);
      const left = await sql<{ object_id: string }>`select distinct object_id from file_chunks`.execute(
        db.kysely,
      );
      expect(left.rows.map((r) => r.object_id)).toContain('00000000-0000-0000-0000-0000000a11fe');
      expect(left.rows.length).toBe(2);
      expect(await text(await store.get('kept.bin'))).toBe(Buffer.alloc(10, 1).toString());
    } finally {
      await db.close();
      await scratch.drop();
    }
  });
});
