import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCK_KEYS } from '../src/platform/db/lock-keys.ts';
import { pruneFiles } from '../src/platform/files/prune.ts';
import { type LocalS3, startLocalS3 } from './support/s3-server.ts';
import { type DbKind, type Fleet, startInstances, startServer, type TestServer } from './support/server.ts';

/**
 * The file store's prune (issue 17; platform/files/prune.ts, docs/deployment/files.md): expired
 * exports and abandoned uploads leave the store, on every back end (the local data folder on
 * SQLite, PostgreSQL itself, an S3-compatible store), run by one instance at a time, on a schedule.
 */

const LOGGING = '/admin.php/system/logging';
const UPLOAD = '/admin.php/common/upload';
const HOUR = 3_600_000;
// A 320×240 PNG header and some body: enough for the image kind's content check.
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d4948445200000140000000f00806000000', 'hex'),
  Buffer.alloc(2000, 7),
]);

async function exportLog(s: TestServer, token: string): Promise<{ url: string; key: string }> {
  const before = new Set((await s.app.files.list('exports/')).map((f) => f.key));
  const r = await s.call<{ url: string }>(LOGGING, { method: 'export' }, { token });
  expect(r.code, r.msg).toBe(200);
  const made = (await s.app.files.list('exports/')).filter((f) => !before.has(f.key));
  expect(made).toHaveLength(1);
  return { url: r.data.url, key: made[0]!.key };
}

async function upload(s: TestServer, token: string): Promise<{ id: string; file: string }> {
  const fd = new FormData();
  fd.append('kind', 'image');
  fd.append('file', new Blob([new Uint8Array(PNG)]), 'poster.png');
  const r = await s.call<{ id: string }>(UPLOAD, fd, { token });
  expect(r.code, r.msg).toBe(200);
  const row = await s.app.db.kysely
    .selectFrom('uploads')
    .select('file')
    .where('id', '=', r.data.id)
    .executeTakeFirstOrThrow();
  return { id: r.data.id, file: row.file };
}

const exists = async (s: TestServer, key: string) => (await s.app.files.stat(key)) !== null;

type Backend = { name: string; kind: DbKind; s3?: boolean };
const BACKENDS: Backend[] = [
  { name: 'local data folder, SQLite', kind: 'sqlite' },
  { name: 'PostgreSQL itself', kind: 'postgres' },
  { name: 'S3-compatible store, SQLite', kind: 'sqlite', s3: true },
];

for (const backend of BACKENDS) {
  describe(`file store prune [${backend.name}]`, () => {
    let s: TestServer;
    let s3: LocalS3 | undefined;
    let token: string;

    beforeAll(async () => {
      if (backend.s3) s3 = await startLocalS3();
      s = await startServer(backend.kind, s3 ? { files: { kind: 's3', s3: s3.settings } } : {});
      token = await s.login();
    }, 60_000);
    afterAll(async () => {
      await s?.close();
      await s3?.close();
    }, 60_000);

    // First: the store's times are real ones, the server's clock only moves on in the tests after it.
    it('keeps an export file no link names for a link’s life and FILE_PRUNE_HOURS, then removes it', async () => {
      const made = await exportLog(s, token);
      // The link's row goes as its download starts (as the download route removes it), or by the
      // clear-cache task: the file may still be streaming to a slow browser.
      await s.app.db.kysely.deleteFrom('downloads').execute();
      s.clock.advance(11 * 60_000);
      await pruneFiles(s.app);
      expect(await exists(s, made.key)).toBe(true);
      // Still within 24 h (FILE_PRUNE_HOURS) after the link's 10 minutes.
      s.clock.advance(23 * HOUR + 58 * 60_000);
      await pruneFiles(s.app);
      expect(await exists(s, made.key)).toBe(true);
      s.clock.advance(2 * 60_000);
      await pruneFiles(s.app);
      expect(await exists(s, made.key)).toBe(false);
      // Back to the store's real times for the tests after this one.
      s.clock.advance(-(11 * 60_000 + 24 * HOUR));
      token = await s.login();
    });

    it('removes an expired export’s file, whose link then answers a clear error, and keeps a fresh one', async () => {
      expect(s.app.files.kind).toBe(backend.s3 ? 's3' : backend.kind === 'postgres' ? 'database' : 'local');
      const old = await exportLog(s, token);
      // A link lives 10 minutes.
      s.clock.advance(11 * 60_000);
      const fresh = await exportLog(s, token);
      const pass = await pruneFiles(s.app);
      expect(pass.ran).toBe(true);
      expect(await exists(s, old.key)).toBe(false);
      expect(await exists(s, fresh.key)).toBe(true);
      for (const [lang, text] of [
        ['en', 'This download link is invalid, already used or expired'],
        ['zh-CN', '下载链接无效、已使用或已过期'],
      ] as const) {
        const res = await fetch(s.url + old.url, { headers: { 'accept-language': lang } });
        expect(res.status).toBe(404);
        const body = (await res.json()) as { code: number; msg: string };
        expect(body.code).toBe(404);
        expect(body.msg).toContain(text);
      }
      // The fresh link still serves its file, once; then the file is gone.
      const got = await fetch(s.url + fresh.url);
      expect(got.status).toBe(200);
      expect((await got.text()).length).toBeGreaterThan(0);
      await vi.waitFor(async () => expect(await exists(s, fresh.key)).toBe(false), { timeout: 5000 });
    });

    it('removes an uploaded file no upload record names once it is older than FILE_PRUNE_HOURS, and keeps recorded ones', async () => {
      const kept = await upload(s, token);
      // Bytes stored whose record was never written (the instance died between the two).
      const orphan = `uploads/files/${randomUUID()}.png`;
      await s.app.files.put(orphan, PNG);
      await pruneFiles(s.app);
      expect(await exists(s, orphan)).toBe(true);
      s.clock.advance(25 * HOUR);
      await pruneFiles(s.app);
      expect(await exists(s, orphan)).toBe(false);
      expect(await exists(s, `uploads/files/${kept.file}`)).toBe(true);
      // Still served through a fresh session's link.
      const again = await s.login();
      const res = await fetch(`${s.url}/admin.php/common/file/${kept.id}`, { headers: { IGSAuth: again } });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      token = again;
    });

    it('removes what interrupted puts left once older than FILE_PRUNE_HOURS', async () => {
      const now = s.app.now();
      if (s.app.files.kind === 'local') {
        const dir = path.join(s.dataDir, 'uploads', 'files');
        fs.mkdirSync(dir, { recursive: true });
        const stale = path.join(dir, `.x.png.${randomUUID()}.part`);
        const recent = path.join(dir, `.y.png.${randomUUID()}.part`);
        fs.writeFileSync(stale, 'half');
        fs.writeFileSync(recent, 'half');
        // Times by the server's clock (the tests move it on).
        const old = new Date(now - 25 * HOUR);
        const young = new Date(now - 2 * HOUR);
        fs.utimesSync(stale, old, old);
        fs.utimesSync(recent, young, young);
        // A backup's own work folder is not the prune's.
        const work = path.join(s.dataDir, 'backups', `.work-${randomUUID()}`);
        fs.mkdirSync(work, { recursive: true });
        const inWork = path.join(work, `.z.${randomUUID()}.part`);
        fs.writeFileSync(inWork, 'backup');
        fs.utimesSync(inWork, old, old);
        const pass = await pruneFiles(s.app);
        expect(pass.work).toBeGreaterThanOrEqual(1);
        expect(fs.existsSync(stale)).toBe(false);
        expect(fs.existsSync(recent)).toBe(true);
        expect(fs.readdirSync(work)).toHaveLength(1);
      } else if (s.app.files.kind === 'database') {
        const db = s.app.db.kysely;
        const chunk = (id: string, at: number) =>
          sql`insert into file_chunks (object_id, n, data, created_at) values (${id}, 0, ${Buffer.from('x')}, ${at})`.execute(
            db,
          );
        const [stale, recent] = [randomUUID(), randomUUID()];
        await chunk(stale, now - 25 * HOUR);
        await chunk(recent, now - 2 * HOUR);
        await pruneFiles(s.app);
        const left = await sql<{ object_id: string }>`select object_id from file_chunks
          where object_id in (${stale}, ${recent})`.execute(db);
        expect(left.rows.map((r) => r.object_id)).toEqual([recent]);
      } else {
        // s3rver lists no multipart uploads (NotImplemented): the pass goes on without them.
        const pass = await pruneFiles(s.app);
        expect(pass.ran).toBe(true);
        expect(pass.work).toBe(0);
      }
    });

    it("clears this instance's cached copies of uploads that are gone", async () => {
      const live = await upload(s, token);
      const dir = path.join(s.dataDir, 'cache', 'uploads');
      fs.mkdirSync(dir, { recursive: true });
      const gone = `${randomUUID()}.png`;
      const old = new Date(s.app.now() - 25 * HOUR);
      for (const name of [gone, live.file]) {
        fs.writeFileSync(path.join(dir, name), PNG);
        fs.utimesSync(path.join(dir, name), old, old);
      }
      const pass = await pruneFiles(s.app);
      expect(pass.cache).toBe(1);
      expect(fs.readdirSync(dir)).toEqual([live.file]);
    });
  });
}

describe('file store prune across instances [postgres]', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    // A fast schedule: the pass runs by itself within a fraction of a second.
    s = await startServer('postgres', {
      files: { kind: 'database', prune: { afterMs: 24 * HOUR, everyMs: 200 } },
    });
    token = await s.login();
  }, 60_000);
  afterAll(async () => s?.close(), 60_000);

  it('skips the pass while another instance holds the leader lock, and runs it on schedule afterwards', async () => {
    const made = await exportLog(s, token);
    // Another instance's pass in progress: the lock held by a connection of its own.
    const other = new pg.Client({ connectionString: (s.app.config.databaseUrl as string) ?? '' });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [LOCK_KEYS.filePrune]);
      s.clock.advance(11 * 60_000);
      const pass = await pruneFiles(s.app);
      expect(pass.ran).toBe(false);
      expect(await exists(s, made.key)).toBe(true);
      await other.query('commit');
    } finally {
      await other.end();
    }
    // The scheduled pass (every 200 ms here) removes it once the lock is free.
    await vi.waitFor(async () => expect(await exists(s, made.key)).toBe(false), {
      timeout: 10_000,
      interval: 50,
    });
  });
});

describe('file store prune, two instances over one PostgreSQL', () => {
  let fleet: Fleet;
  let a: TestServer;
  let b: TestServer;
  let token: string;
  beforeAll(async () => {
    fleet = await startInstances(2, { files: { kind: 'database' } });
    [a, b] = fleet.instances as [TestServer, TestServer];
    token = await a.login();
  }, 120_000);
  afterAll(async () => fleet?.close(), 60_000);

  /** Holds `s`'s next removal from the store until `release` is called. */
  function holdNextDelete(s: TestServer): { reached: Promise<void>; release(): void; restore(): void } {
    const files = s.app.files;
    const original = files.delete;
    let reached!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((r) => {
      reached = r;
    });
    const gate = new Promise<void>((r) => {
      release = r;
    });
    files.delete = async (key: string) => {
      reached();
      await gate;
      return original.call(files, key);
    };
    return { reached: arrived, release, restore: () => (files.delete = original) };
  }

  /** Counts `s`'s listings of the store (each pass that runs lists the exports). */
  function countLists(s: TestServer): { count(): number; restore(): void } {
    const files = s.app.files;
    const original = files.list;
    let n = 0;
    files.list = (prefix: string) => {
      n++;
      return original.call(files, prefix);
    };
    return { count: () => n, restore: () => (files.list = original) };
  }

  const advance = (ms: number) => {
    a.clock.advance(ms);
    b.clock.advance(ms);
  };

  it('runs one pass at a time: the other instance skips while the first is still removing files', async () => {
    const made = await exportLog(a, token);
    advance(11 * 60_000);
    const held = holdNextDelete(a);
    const lists = countLists(b);
    try {
      const first = pruneFiles(a.app);
      // The first pass has taken the expired link and is removing its file.
      await held.reached;
      const second = await pruneFiles(b.app);
      expect(second.ran).toBe(false);
      expect(lists.count()).toBe(0);
      expect(await exists(a, made.key)).toBe(true);
      held.release();
      const done = await first;
      expect(done.ran).toBe(true);
      expect(done.exports).toBe(1);
      expect(await exists(b, made.key)).toBe(false);
    } finally {
      held.release();
      held.restore();
      lists.restore();
    }
    // The lock ends with the pass: the other instance's next pass runs.
    const next = await pruneFiles(b.app);
    expect(next.ran).toBe(true);
  });

  it('stops a pass whose lock connection was lost before its next step, and the other instance then runs', async () => {
    await exportLog(a, token);
    advance(11 * 60_000);
    const held = holdNextDelete(a);
    const admin = new pg.Client({ connectionString: fleet.databaseUrl });
    await admin.connect();
    try {
      const first = pruneFiles(a.app);
      const failed = first.then(
        () => null,
        (e: Error) => e,
      );
      await held.reached;
      // The session holding the prune's advisory lock (one bigint key: objid is its low 32 bits).
      const r = await admin.query<{ pid: number }>(
        `select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted`,
        [LOCK_KEYS.filePrune],
      );
      expect(r.rows).toHaveLength(1);
      const pid = r.rows[0]!.pid;
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await vi.waitFor(async () =>
        expect((await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rows).toHaveLength(
          0,
        ),
      );
      held.release();
      expect((await failed)?.message).toMatch(/lock's connection was lost/);
      expect((await pruneFiles(b.app)).ran).toBe(true);
    } finally {
      held.release();
      held.restore();
      await admin.end();
    }
  });
});
