import { nextCronRun, storedLines } from '@igs/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOG_RETENTION_CRON } from '../src/features/logging/retention.ts';
import { LOG_RETENTION_TASK, schedulerOf } from '../src/features/scheduler/scheduler.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * DOMAIN system/OperationLog: "Setting: retention_days (180)" and "a purge job removes expired
 * rows". The setting is served by the log endpoint; the scheduler purges daily by itself, once
 * per day however many instances share the database.
 */

const LOGGING = '/admin.php/system/logging';
const DAY = 86_400_000;

describeEachDb('operation-log retention', (kind) => {
  let s: TestServer;
  let second: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    second = await startServer(
      kind,
      {},
      { db: openDatabase({ databaseUrl: s.app.config.databaseUrl, dataDir: s.dataDir }), now: s.clock.now },
    );
    admin = await s.login();
  });
  afterAll(async () => {
    await second.close();
    await s.close();
  });

  const addEntries = (module: string, ...daysAgo: number[]) =>
    s.app.db.kysely
      .insertInto('operation_log')
      .values(
        daysAgo.map((days) => ({
          at: s.clock.now() - days * DAY,
          result: 'success' as const,
          code: 200,
          module,
          user_id: null,
          username: 'admin',
          ip: '127.0.0.1',
          action: 'add',
          // Which entry this is: its age in days when it was added.
          path: `/test/${days}`,
          http_method: 'POST',
          detail: '',
          user_agent: '',
        })),
      )
      .execute();
  /**
   * The entries still there, each named by its age in days when it was added (not its age now: the
   * clock is moved to the purge's slot, which may be most of a day ahead, depending on when the
   * test runs).
   */
  const kept = async (module: string) =>
    (await s.app.db.kysely.selectFrom('operation_log').select('path').where('module', '=', module).execute())
      .map((r) => Number(String(r.path).slice('/test/'.length)))
      .sort((a, b) => a - b);

  it('serves retention_days (180 by default) and refuses a bad value, changing nothing', async () => {
    const cfg = await s.call<{ retention_days: number }>(LOGGING, { method: 'config' }, { token: admin });
    expect(cfg.data).toEqual({ retention_days: 180 });
    for (const bad of [0, 3651, 'x', 1.5, '']) {
      const r = await s.call(LOGGING, { method: 'config_form', retention_days: bad }, { token: admin });
      expect(r.code, String(bad)).toBe(422);
      expect(r.msg).toContain('retention_days');
    }
    expect((await s.call(LOGGING, { method: 'config' }, { token: admin })).data).toEqual({
      retention_days: 180,
    });
    const ok = await s.call(LOGGING, { method: 'config_form', retention_days: 30 }, { token: admin });
    expect(ok.code, ok.msg).toBe(200);
    expect((await s.call(LOGGING, { method: 'config' }, { token: admin })).data).toEqual({
      retention_days: 30,
    });
  });

  it('del refuses a body that is not ids (1 to 500) or older_than_days (1 to 3650), deleting nothing', async () => {
    await addEntries('del-refused', 1, 40);
    const bad: [Record<string, unknown>, string][] = [
      [{}, 'Give either ids or older_than_days'],
      [{ ids: [1], older_than_days: 30 }, 'Give either ids or older_than_days'],
      [{ ids: [] }, 'ids must be a list'],
      [{ ids: 'all' }, 'ids must be a list'],
      [{ ids: ['x'] }, 'ids must be a list'],
      [{ ids: [0] }, 'ids must be a list'],
      [{ ids: Array.from({ length: 501 }, (_, i) => i + 1) }, 'ids must be a list'],
      [{ older_than_days: 0 }, 'older_than_days must be at least 1'],
      [{ older_than_days: 1.5 }, 'older_than_days must be a whole number'],
      [{ older_than_days: 3651 }, 'older_than_days must be a whole number'],
      [{ older_than_days: 'soon' }, 'older_than_days must be a whole number'],
    ];
    for (const [body, msg] of bad) {
      const r = await s.call(LOGGING, { method: 'del', ...body }, { token: admin });
      expect(r.code, JSON.stringify(body)).toBe(422);
      expect(r.msg, JSON.stringify(body)).toContain(msg);
    }
    expect(await kept('del-refused')).toEqual([1, 40]);
    const ok = await s.call<{ deleted: number }>(
      LOGGING,
      { method: 'del', older_than_days: 30 },
      { token: admin },
    );
    expect(ok.code).toBe(200);
    expect(ok.data.deleted).toBeGreaterThanOrEqual(1);
    expect(await kept('del-refused')).toEqual([1]);
  });

  it('purges entries older than retention_days daily, once across two instances', async () => {
    await addEntries('test:retention', 40, 31, 10, 1);
    const a = schedulerOf(s.app);
    const b = schedulerOf(second.app);
    await Promise.all([a.tick(), b.tick()]); // each learns the next slot
    const slot = nextCronRun(LOG_RETENTION_CRON, s.clock.now())!;
    // Before the slot nothing is purged.
    s.clock.advance(slot - s.clock.now() - 60_000);
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.settled(), b.settled()]);
    expect(await kept('test:retention')).toEqual([1, 10, 31, 40]);
    // At the slot both instances see it due; one purges with the current setting (30 days).
    s.clock.advance(61_000);
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.settled(), b.settled()]);
    expect(await kept('test:retention')).toEqual([1, 10]);
    const runs = await s.app.db.kysely
      .selectFrom('timed_task_run')
      .selectAll()
      .where('task_id', '=', LOG_RETENTION_TASK)
      .execute();
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ result: 'success', scheduled_at: slot });
    // Kept as a catalogue key (the history reads it in its reader's language).
    expect(storedLines(runs[0]!.output_tail, 'en')).toContain('older than 30 days');
    // The next day's slot purges again, by the setting as it is then.
    admin = await s.login();
    const set = await s.call(LOGGING, { method: 'config_form', retention_days: 5 }, { token: admin });
    expect(set.code, set.msg).toBe(200);
    await addEntries('test:retention', 7, 3);
    s.clock.advance(DAY);
    await Promise.all([a.tick(), b.tick()]);
    await Promise.all([a.settled(), b.settled()]);
    // Now older than 5 days: the one added 10 days back and the one added 7 days back (8 now).
    expect(await kept('test:retention')).toEqual([1, 3]);
    const next = await s.app.db.kysely
      .selectFrom('timed_task_run')
      .select('scheduled_at')
      .where('task_id', '=', LOG_RETENTION_TASK)
      .execute();
    expect(next.map((r) => Number(r.scheduled_at)).sort()).toEqual([slot, slot + DAY]);
  });

  it('a clean_logs task without its own age keeps what retention_days keeps', async () => {
    admin = await s.login();
    await s.call(LOGGING, { method: 'config_form', retention_days: 20 }, { token: admin });
    await addEntries('test:task', 25, 15);
    const add = await s.call<{ id: number }>(
      '/admin.php/system/timed_task',
      { method: 'add', name: 'purge', type: 'clean_logs', cron: '0 2 * * *' },
      { token: admin },
    );
    expect(add.code, add.msg).toBe(200);
    const run = await s.call<{ result: string; output_tail: string }>(
      '/admin.php/system/timed_task',
      { method: 'run_now', id: add.data.id },
      { token: admin },
    );
    expect(run.data.result).toBe('success');
    expect(await kept('test:task')).toEqual([15]);
  });
});
