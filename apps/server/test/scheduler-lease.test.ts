import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { hashPassword } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupsDir } from '../src/features/backup/archive.ts';
import { schedulerOf, TASK_TABLE } from '../src/features/scheduler/scheduler.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { formatDateTime, parseDateTime } from '../src/platform/lib/time.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { type ServerProcess, startServerProcess, stopServerProcess } from './support/server-process.ts';
import { until } from './support/waiting.ts';

/**
 * Scheduled runs hold a lease renewed by heartbeat (docs/deployment/scheduler.md): a run whose
 * instance died is failed (or taken over when resumable) by another instance once two heartbeats
 * pass unrenewed, what it left unfinished is removed, and the task's next slot runs. First the
 * rules in one process with the test clock, then real server processes killed with SIGKILL in
 * the middle of a scheduled backup.
 */

const TASKS = '/admin.php/system/timed_task';
const DEAD = 'gone-host:4242:abcdef';

interface Run {
  id: number;
  result: string;
  output_tail: string;
  scheduled: string;
}

describeEachDb('scheduler leases (one process, test clock)', (kind) => {
  let s: TestServer;
  let admin: string;
  // The clock is moved instead of waiting; a minute's heartbeat keeps a slot moved to within its grace.
  const HEARTBEAT_S = 60;
  const LAPSE_MS = 2 * HEARTBEAT_S * 1000;
  beforeAll(async () => {
    s = await startServer(kind, { schedulerHeartbeatS: HEARTBEAT_S });
    // The first pass (at start) is over before the test leaves runs of a "dead" instance about.
    await schedulerOf(s.app).tick();
    admin = await s.login();
  });
  afterAll(async () => s.close());

  const add = async (body: Record<string, unknown>) => {
    const r = await s.call<{ id: number }>(TASKS, { method: 'add', ...body }, { token: admin });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const history = async (id: number, lang: 'en' | 'zh_CN' = 'en') =>
    (
      await s.call<{ total: number; list: Run[] }>(
        TASKS,
        { method: 'history', id },
        { token: admin, headers: { cookie: `language=${lang}` } },
      )
    ).data;
  const onlyTaskEnabled = async (id: number) => {
    await s.app.db.kysely
      .updateTable(TASK_TABLE as never)
      .set({ enabled: 0 } as never)
      .where('id' as never, '!=', id as never)
      .execute();
  };
  /** A run row as an instance that then died leaves it. */
  const deadRun = async (taskId: number, scheduledAt: number, partial = '') => {
    const now = s.clock.now();
    const row = await s.app.db.kysely
      .insertInto('timed_task_run')
      .values({
        task_id: taskId,
        trigger: 'schedule',
        scheduled_at: scheduledAt,
        started_at: now,
        result: 'running',
        instance_id: DEAD,
        heartbeat_at: now,
        partial,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const runRow = (id: number) =>
    s.app.db.kysely.selectFrom('timed_task_run').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('a backup run whose instance stopped answering is failed after two heartbeats, its unfinished files removed; the next slot runs', async () => {
    const scheduler = schedulerOf(s.app);
    const id = await add({ name: 'five-minutely backup', type: 'backup', cron: '*/5 * * * *' });
    await onlyTaskEnabled(id);
    const due = parseDateTime(
      String(
        (await s.call<{ next_run_at: string }>(TASKS, { method: 'detail', id }, { token: admin })).data
          .next_run_at,
      ),
    );
    // What a backup killed mid-run leaves in the backups folder, named by its partial id.
    const partialId = '0f0e0d0c-0b0a-4909-8807-060504030201';
    const dir = backupsDir(s.app);
    fs.mkdirSync(path.join(dir, `.work-${partialId}`, 'db'), { recursive: true });
    fs.writeFileSync(path.join(dir, `.work-${partialId}`, 'db', 'users.jsonl'), '[]\n');
    fs.writeFileSync(path.join(dir, `.${partialId}.tar.gz.part`), 'half an archive');
    const other = path.join(dir, '.0a0b0c0d-0000-4000-8000-000000000000.tar.gz.part');
    fs.writeFileSync(other, 'another backup being written');
    const runId = await deadRun(id, due - 5 * 60_000, `backup:${partialId}`);

    // Within its lease the run is taken as going: run_now is refused, nothing is ended.
    expect(await scheduler.isRunning(id)).toBe(true);
    expect((await s.call(TASKS, { method: 'run_now', id }, { token: admin })).code).toBe(423);
    s.clock.advance(LAPSE_MS - 1000);
    await scheduler.endLapsedRuns();
    expect((await runRow(runId)).result).toBe('running');
    expect(fs.existsSync(path.join(dir, `.${partialId}.tar.gz.part`))).toBe(true);

    // Two heartbeats without a renewal: failed with the reason, its files gone, the others' kept.
    s.clock.advance(2000);
    await scheduler.endLapsedRuns();
    const ended = await runRow(runId);
    expect(ended).toMatchObject({ result: 'fail', partial: '' });
    expect(Number(ended.finished_at)).toBeGreaterThan(Number(ended.heartbeat_at) + LAPSE_MS);
    expect(fs.existsSync(path.join(dir, `.work-${partialId}`))).toBe(false);
    expect(fs.existsSync(path.join(dir, `.${partialId}.tar.gz.part`))).toBe(false);
    expect(fs.existsSync(other)).toBe(true);
    fs.rmSync(other);
    const en = (await history(id)).list.find((r) => r.id === runId)!;
    expect(en.result).toBe('fail');
    expect(en.output_tail).toMatch(
      new RegExp(
        `^Failed: instance ${DEAD} stopped answering during the run \\(last heartbeat \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\); its unfinished files were removed$`,
      ),
    );
    const zh = (await history(id, 'zh_CN')).list.find((r) => r.id === runId)!;
    expect(zh.output_tail).toContain(`实例 ${DEAD} 停止响应`);
    const listed = (await s.call<{ last_result: string }>(TASKS, { method: 'detail', id }, { token: admin }))
      .data;
    expect(listed.last_result).toContain('stopped answering');
    expect(await scheduler.isRunning(id)).toBe(false);

    // The next slot runs as usual (it used to be skipped: "the previous run is still going").
    s.clock.advance(Math.max(0, due - s.clock.now()) + 1000);
    expect(await scheduler.tick()).toBe(1);
    await scheduler.settled();
    const next = (await history(id)).list[0]!;
    expect(next.result, next.output_tail).toBe('success');
    expect(parseDateTime(next.scheduled)).toBe(due);
  });

  it('a resumable job whose instance died is taken over: run again here on the same run row', async () => {
    const scheduler = schedulerOf(s.app);
    const id = await add({
      name: 'log purge',
      type: 'clean_logs',
      cron: '0 4 * * *',
      params: { older_than_days: 30 },
    });
    await onlyTaskEnabled(id);
    const runId = await deadRun(id, s.clock.now() - 60_000);
    s.clock.advance(LAPSE_MS + 1000);
    await scheduler.endLapsedRuns();
    await scheduler.settled();
    const row = await runRow(runId);
    expect(row).toMatchObject({ result: 'success', instance_id: scheduler.instanceId });
    const run = (await history(id)).list.find((r) => r.id === runId)!;
    const [first, second] = run.output_tail.split('\n');
    expect(first).toMatch(
      new RegExp(
        `^Taken over: instance ${DEAD} stopped answering during the run .*; instance ${scheduler.instanceId.replace(/[.]/g, '\\.')} ran the task again$`,
      ),
    );
    expect(second).toMatch(/^Deleted \d+ operation-log entr(y|ies) older than 30 days$/);
    expect((await history(id)).total).toBe(1);
  });

  it('of two instances looking at once, one ends a lapsed run; a run whose instance renews its lease stays', async () => {
    const second = await startServer(
      kind,
      { schedulerHeartbeatS: HEARTBEAT_S },
      { db: openDatabase({ databaseUrl: s.app.config.databaseUrl, dataDir: s.dataDir }), now: s.clock.now },
    );
    try {
      const a = schedulerOf(s.app);
      const b = schedulerOf(second.app);
      await b.tick();
      const id = await add({ name: 'purge', type: 'clean_logs', cron: '0 5 * * *' });
      await onlyTaskEnabled(id);
      const lapsed = await deadRun(id, s.clock.now() - 120_000);
      s.clock.advance(LAPSE_MS + 1000);
      // Renewed by its (slow but living) instance just before the others look: it keeps the run.
      const renewed = await deadRun(id, s.clock.now() - 60_000);
      const [x, y] = await Promise.all([a.endLapsedRuns(), b.endLapsedRuns()]);
      expect(x + y).toBeLessThanOrEqual(1);
      await Promise.all([a.settled(), b.settled()]);
      const ended = await runRow(lapsed);
      expect(ended.result).toBe('success');
      expect(ended.output_tail.split('\n').filter((l) => l.includes('scheduler.job.takenOver'))).toHaveLength(
        1,
      );
      expect((await runRow(renewed)).result).toBe('running');
      await s.app.db.kysely.deleteFrom('timed_task_run').where('id', '=', renewed).execute();
    } finally {
      await second.close();
    }
  });

  it('an instance that was only slow finds its run ended by another: it stops renewing it and does not record over the reason', async () => {
    // Enough log rows that the backup is still being written when the other instance looks.
    const now = s.clock.now();
    const rows = Array.from({ length: 500 }, (_, i) => ({
      at: now - i,
      user_id: null,
      username: 'admin',
      ip: '127.0.0.1',
      module: 'system',
      action: 'edit',
      path: '/admin.php/system/x',
      http_method: 'POST',
      result: 'success' as const,
      code: 200,
      detail: 'x'.repeat(300),
      user_agent: 'test',
    }));
    for (let i = 0; i < 40; i++) await s.app.db.kysely.insertInto('operation_log').values(rows).execute();
    const second = await startServer(
      kind,
      { schedulerHeartbeatS: HEARTBEAT_S },
      { db: openDatabase({ databaseUrl: s.app.config.databaseUrl, dataDir: s.dataDir }), now: s.clock.now },
    );
    try {
      const a = schedulerOf(s.app);
      const b = schedulerOf(second.app);
      await b.tick();
      const id = await add({ name: 'slow backup', type: 'backup', cron: '0 7 * * *' });
      await onlyTaskEnabled(id);
      const task = { id, site_id: 0, name: 'slow backup', type: 'backup' as const, params: {} };
      const started = (await a.begin(task, 'manual', 'admin', null))!;
      s.clock.advance(LAPSE_MS + 1000);
      await b.endLapsedRuns();
      const ended = await runRow(started.runId);
      expect(ended.result, 'the backup ended before the other instance looked').toBe('fail');
      // The slow instance's next heartbeat finds the run is no longer its own: the lease stays as ended.
      await a.renewLeases();
      expect(Number((await runRow(started.runId)).heartbeat_at)).toBe(Number(ended.heartbeat_at));
      await a.settled();
      const after = await runRow(started.runId);
      expect(after).toMatchObject({ result: 'fail', output_tail: ended.output_tail });
      expect(after.output_tail).toContain('scheduler.job.instanceLost');
    } finally {
      await second.close();
    }
  });

  it('a run left "running" is ended at the next start on SQLite (one server per file), on PostgreSQL only when its lease lapses', async () => {
    const id = await add({ name: 'backup at six', type: 'backup', cron: '0 6 * * *' });
    await onlyTaskEnabled(id);
    const runId = await deadRun(id, s.clock.now() - 30_000);
    const restarted = await startServer(
      kind,
      { schedulerHeartbeatS: HEARTBEAT_S },
      { db: openDatabase({ databaseUrl: s.app.config.databaseUrl, dataDir: s.dataDir }), now: s.clock.now },
    );
    try {
      // The first pass of the new instance's scheduler runs at its start; waited for here.
      await schedulerOf(restarted.app).tick();
      const row = await runRow(runId);
      if (kind === 'sqlite') {
        expect(row.result).toBe('fail');
        const run = (await history(id)).list.find((r) => r.id === runId)!;
        expect(run.output_tail).toBe(
          'Interrupted: the server stopped during the run; its unfinished files were removed',
        );
      } else {
        expect(row.result).toBe('running');
        s.clock.advance(LAPSE_MS + 1000);
        await schedulerOf(restarted.app).endLapsedRuns();
        expect((await runRow(runId)).result).toBe('fail');
      }
    } finally {
      await restarted.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Real server processes, killed with SIGKILL in the middle of a scheduled backup.

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** Operation-log rows that make a backup take several seconds (its dump and compression). */
const FILL_ROWS = 400_000;

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  c.on('error', () => {});
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}
const hasPg = await pgReachable();

/** SQL on the server's database from the test: `$1` placeholders on both. */
interface Sql {
  rows(text: string, values?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function pgSql(url: string): Promise<Sql> {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => {});
  await c.connect();
  return {
    rows: async (text, values = []) => (await c.query(text, values)).rows,
    close: () => c.end(),
  };
}

function sqliteSql(dataDir: string): Sql {
  const db = new DatabaseSync(path.join(dataDir, 'gateway.sqlite'), { timeout: 20_000 });
  return {
    rows: async (text, values = []) =>
      db.prepare(text.replace(/\$(\d+)/g, '?$1')).all(...(values as never[])) as Record<string, unknown>[],
    close: async () => db.close(),
  };
}

/** Enough operation-log rows (recent, so no purge takes them) that a backup takes seconds. */
async function fillLog(db: Sql, kind: 'sqlite' | 'postgres'): Promise<void> {
  const cols = `(at, username, ip, module, action, path, result, code, detail, user_agent)`;
  const at = kind === 'postgres' ? '$1::bigint' : '$1';
  const vals = `${at} + n, 'admin', '127.0.0.1', 'system', 'edit', '/admin.php/system/x', 'success', 200, 'row ' || n || ' ${'x'.repeat(300)}', 'test'`;
  if (kind === 'postgres')
    await db.rows(`insert into operation_log ${cols} select ${vals} from generate_series(1, $2) as g(n)`, [
      Date.now(),
      FILL_ROWS,
    ]);
  else
    await db.rows(
      `with recursive g(n) as (select 1 union all select n + 1 from g where n < $2) insert into operation_log ${cols} select ${vals} from g`,
      [Date.now(), FILL_ROWS],
    );
}

/** Signs in as the seeded admin (its weak password accepted as changed, as the test support does). */
async function signIn(p: ServerProcess, db: Sql): Promise<string> {
  const r = await fetch(`${p.url}/admin.php/common/login`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'admin',
      password: hashPassword('admin123'),
      code: '',
      is_operations: 0,
    }),
  }).then((x) => x.json() as Promise<{ code: number; msg: string; data: { token: string } }>);
  if (r.code !== 200) throw new Error(`sign-in failed: ${r.code} ${r.msg}`);
  await db.rows(`update users set weak_psw = 0 where username = 'admin'`);
  return r.data.token;
}

async function call<T>(p: ServerProcess, token: string, body: unknown, lang = 'en'): Promise<T> {
  const r = await fetch(`${p.url}${TASKS}`, {
    method: 'POST',
    signal: AbortSignal.timeout(30_000),
    headers: { 'content-type': 'application/json', IGSAuth: token, cookie: `language=${lang}` },
    body: JSON.stringify(body),
  }).then((x) => x.json() as Promise<{ code: number; msg: string; data: T }>);
  if (r.code !== 200) throw new Error(`${JSON.stringify(body)}: ${r.code} ${r.msg}`);
  return r.data;
}

/** A backup task every minute, made due now (its next_run_at set to this minute's slot). */
async function dueBackupTask(p: ServerProcess, token: string, db: Sql): Promise<number> {
  const { id } = await call<{ id: number }>(p, token, {
    method: 'add',
    name: 'minutely backup',
    type: 'backup',
    cron: '* * * * *',
  });
  const table = resourceByName('system:timed_task').table;
  const slot = Math.floor(Date.now() / 60_000) * 60_000;
  await db.rows(`update ${table} set next_run_at = $1 where id = $2`, [formatDateTime(slot), id]);
  return id;
}

interface RunRow {
  id: number;
  scheduled_at: number;
  started_at: number;
  heartbeat_at: number;
  finished_at: number | null;
  instance_id: string;
  result: string;
  output_tail: string;
  partial: string;
}

const runsOf = async (db: Sql, taskId: number) =>
  (await db.rows(`select * from timed_task_run where task_id = $1 order by id`, [taskId])).map(
    (r) =>
      ({
        ...r,
        id: Number(r.id),
        scheduled_at: Number(r.scheduled_at),
        started_at: Number(r.started_at),
        heartbeat_at: Number(r.heartbeat_at),
        finished_at: r.finished_at === null ? null : Number(r.finished_at),
      }) as RunRow,
  );

/** The files a backup named by its partial id has in the backups folder. */
const filesOf = (dataDir: string, partialId: string) =>
  (fs.existsSync(path.join(dataDir, 'backups')) ? fs.readdirSync(path.join(dataDir, 'backups')) : []).filter(
    (n) => n.includes(partialId),
  );

describe('scheduler leases: kill -9 during a scheduled backup (real server processes)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it.skipIf(!hasPg)(
    '[postgres] two instances: the survivor fails the run within two heartbeats, removes the half-made backup, and runs the next slot',
    async () => {
      const HEARTBEAT_S = 2;
      const name = `igs_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
      const admin = await pgSql(PG_URL);
      await admin.rows(`create database ${name}`);
      cleanups.push(async () => {
        await admin.rows(`drop database if exists ${name} with (force)`);
        await admin.close();
      });
      const u = new URL(PG_URL);
      u.pathname = `/${name}`;
      const databaseUrl = u.toString();
      // One data folder for both: the backups folder is where the survivor can see the dead one's files.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-lease-'));
      cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      const env = {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        CONSOLE_DIR: path.join(dataDir, 'no-console'),
        SCHEDULER_HEARTBEAT_S: String(HEARTBEAT_S),
      };
      const procs: ServerProcess[] = [];
      cleanups.push(async () => {
        for (const p of procs) await stopServerProcess(p);
      });
      procs.push(await startServerProcess(env));
      procs.push(await startServerProcess(env));
      const db = await pgSql(databaseUrl);
      cleanups.push(() => db.close());
      await fillLog(db, 'postgres');
      const token = await signIn(procs[0]!, db);
      const taskId = await dueBackupTask(procs[0]!, token, db);
      // The backup is held half-way whatever the machine's speed: a table it dumps (and nothing
      // else here writes) is locked until the instance running it has been killed. Without it, on
      // an idle machine the backup of FILL_ROWS finished before its first heartbeat.
      const holder = await pgSql(databaseUrl);
      cleanups.push(() => holder.close());
      await holder.rows('begin');
      await holder.rows('lock table smart_terminal in access exclusive mode');

      // The backup under way: its lease renewed at least once, its work files on disk.
      const run = await until(
        'a backup run whose lease was renewed',
        async () => {
          const r = (await runsOf(db, taskId))[0];
          if (r && r.result !== 'running')
            throw new Error(`the backup ended (${r.result}) before it could be killed: FILL_ROWS too small`);
          return r && r.heartbeat_at >= r.started_at + HEARTBEAT_S * 1000 && r.partial.startsWith('backup:')
            ? r
            : undefined;
        },
        40_000,
      );
      const partialId = run.partial.slice('backup:'.length);
      expect(filesOf(dataDir, partialId).length).toBeGreaterThan(0);
      const victim = procs.find((p) => String(p.child.pid) === run.instance_id.split(':')[1])!;
      const survivor = procs.find((p) => p !== victim)!;
      expect(victim).toBeDefined();
      await stopServerProcess(victim, 'SIGKILL');
      await holder.rows('rollback');
      const lastBeat = (await runsOf(db, taskId))[0]!.heartbeat_at;

      const ended = await until(
        'the dead run to be ended',
        async () => {
          const r = (await runsOf(db, taskId))[0]!;
          return r.result !== 'running' ? r : undefined;
        },
        30_000,
      );
      expect(ended.result).toBe('fail');
      expect(ended.output_tail).toContain('scheduler.job.instanceLost');
      expect(ended.output_tail).toContain(run.instance_id);
      // Not before two heartbeats without renewal; within two and a half (the watch looks twice a
      // heartbeat), with one heartbeat of slack for a loaded machine.
      const waited = ended.finished_at! - lastBeat;
      expect(waited).toBeGreaterThanOrEqual(2 * HEARTBEAT_S * 1000);
      expect(waited).toBeLessThanOrEqual(3.5 * HEARTBEAT_S * 1000);
      // Removed just after the run is marked (the mark comes first: it decides which instance cleans).
      await until(
        'the half-made backup to be removed',
        async () => filesOf(dataDir, partialId).length === 0,
        10_000,
      );
      const history = async (lang: string) =>
        (
          await call<{ list: { id: number; result: string; output_tail: string }[] }>(
            survivor,
            token,
            { method: 'history', id: taskId, limit: 50 },
            lang,
          )
        ).list.find((r) => r.id === run.id)!;
      expect((await history('en')).output_tail).toContain(
        `instance ${run.instance_id} stopped answering during the run`,
      );
      expect((await history('zh_CN')).output_tail).toContain(`实例 ${run.instance_id} 停止响应`);

      // The next slot runs on the survivor, and finishes. A slot that fell while the dead run still
      // held its lease (up to two and a half heartbeats after the kill) is skipped as still
      // running, by the scheduler's overlap rule; the one after it runs.
      const heldOff = (x: RunRow) =>
        x.scheduled_at <= ended.finished_at! &&
        x.result === 'skipped' &&
        String(x.output_tail).includes('scheduler.job.stillRunning');
      const next = await until(
        'the next slot to run and finish',
        async () => {
          const r = (await runsOf(db, taskId)).find((x) => x.scheduled_at > run.scheduled_at && !heldOff(x));
          return r && r.result !== 'running' ? r : undefined;
        },
        150_000,
      );
      expect(next.result, next.output_tail).toBe('success');
      expect(next.instance_id).not.toBe(run.instance_id);
      expect(survivor.log()).toContain('scheduled run failed: its instance stopped answering');
    },
    300_000,
  );

  it('[sqlite] one instance: a backup run left by a killed process is failed at the next start, its files removed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-lease-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // A heartbeat far longer than the test: only the start rule can end the run.
    const env = {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      CONSOLE_DIR: path.join(dataDir, 'no-console'),
      SCHEDULER_HEARTBEAT_S: '600',
    };
    const first = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(first));
    const db = sqliteSql(dataDir);
    cleanups.push(() => db.close());
    await fillLog(db, 'sqlite');
    const token = await signIn(first, db);
    const taskId = await dueBackupTask(first, token, db);
    const run = await until(
      'a backup run with its work files on disk',
      async () => {
        const r = (await runsOf(db, taskId))[0];
        if (r && r.result !== 'running')
          throw new Error(`the backup ended (${r.result}) before it could be killed: FILL_ROWS too small`);
        return r?.partial.startsWith('backup:') && filesOf(dataDir, r.partial.slice(7)).length
          ? r
          : undefined;
      },
      40_000,
    );
    await stopServerProcess(first, 'SIGKILL');
    expect(filesOf(dataDir, run.partial.slice(7)).length).toBeGreaterThan(0);

    const second = await startServerProcess(env);
    cleanups.push(() => stopServerProcess(second));
    const ended = await until(
      'the run to be ended at start',
      async () => {
        const r = (await runsOf(db, taskId))[0]!;
        return r.result !== 'running' ? r : undefined;
      },
      30_000,
    );
    expect(ended.result).toBe('fail');
    expect(ended.output_tail).toContain('scheduler.job.interrupted');
    await until(
      'the half-made backup to be removed',
      async () => filesOf(dataDir, run.partial.slice(7)).length === 0,
      10_000,
    );
    const token2 = await signIn(second, db);
    const listed = (
      await call<{ list: { id: number; output_tail: string }[] }>(second, token2, {
        method: 'history',
        id: taskId,
      })
    ).list.find((r) => r.id === run.id)!;
    expect(listed.output_tail).toBe(
      'Interrupted: the server stopped during the run; its unfinished files were removed',
    );
  }, 180_000);
});
