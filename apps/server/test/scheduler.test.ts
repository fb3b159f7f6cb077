import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { storedText } from '@igs/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schedulerOf, TASK_TABLE } from '../src/features/scheduler/scheduler.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { parseDateTime } from '../src/platform/lib/time.ts';
import { addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const TASKS = '/admin.php/system/timed_task';
const OPS_TASKS = '/operations/system/timed_task';

interface Task {
  id: number;
  site_id: number;
  name: string;
  cron: string;
  enabled: number;
  next_run_at: string | null;
  last_run_at: string | null;
  last_result: string | null;
}
interface Run {
  id: number;
  trigger: string;
  result: string;
  output_tail: string;
  started: string;
  finished: string;
  scheduled: string;
}

describeEachDb('scheduled tasks (system/timed_task)', (kind) => {
  let s: TestServer;
  let admin: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
  });
  afterAll(async () => s.close());

  const add = async (
    body: Record<string, unknown>,
    token = admin,
    endpoint = TASKS,
    headers?: Record<string, string>,
  ) => {
    const r = await s.call<{ id: number }>(endpoint, { method: 'add', ...body }, { token, headers });
    expect(r.code, r.msg).toBe(200);
    return r.data.id;
  };
  const task = async (id: number, endpoint = TASKS, token = admin, headers?: Record<string, string>) =>
    (await s.call<Task>(endpoint, { method: 'detail', id }, { token, headers })).data;
  const history = async (id: number, token = admin) =>
    (await s.call<{ total: number; list: Run[] }>(TASKS, { method: 'history', id }, { token })).data;
  const taskCount = async () =>
    (await s.call<{ total: number }>(TASKS, { method: 'list' }, { token: admin })).data.total;

  /**
   * Tests that count the runs a tick starts keep only the task under test enabled: the earlier
   * tests' tasks (daily at 01:00, 03:00…) would otherwise fall due when the fake clock is moved
   * forward at some times of the real day.
   */
  const onlyTaskEnabled = async (id?: number) => {
    let q = s.app.db.kysely.updateTable(TASK_TABLE as never).set({ enabled: 0 } as never);
    if (id !== undefined) q = q.where('id' as never, '!=', id as never);
    await q.execute();
  };

  it('refuses invalid cron expressions, types and parameters, storing nothing', async () => {
    const before = await taskCount();
    for (const [body, field] of [
      [{ name: 'a', type: 'clear_cache', cron: '99 * * * *' }, 'expected range 0-59'],
      [{ name: 'a', type: 'clear_cache', cron: '0 3 * * * *' }, 'five-field'],
      [{ name: 'a', type: 'clear_cache', cron: '0 3 * *' }, 'five-field'],
      [{ name: 'a', type: 'clear_cache', cron: '0 0 31 2 *' }, 'Invalid cron'],
      [{ name: 'a', type: 'clear_cache', cron: '@daily' }, 'five-field'],
      [{ name: 'a', cron: '0 3 * * *' }, 'type'],
      [{ name: 'a', type: 'format_disk', cron: '0 3 * * *' }, 'type'],
      [{ name: 'a', type: 'restart_service', params: { service: 'rm -rf /' }, cron: '0 3 * * *' }, 'service'],
      [
        { name: 'a', type: 'clean_logs', params: { older_than_days: 0 }, cron: '0 3 * * *' },
        'older_than_days',
      ],
      [{ name: 'a', type: 'terminal_command', params: { command: 'sh' }, cron: '0 3 * * *' }, 'command'],
      [{ name: 'a', type: 'clean_logs', params: '{not json', cron: '0 3 * * *' }, 'params'],
    ] as const) {
      const r = await s.call(TASKS, { method: 'add', ...body }, { token: admin });
      expect(r.code, JSON.stringify(body)).toBe(422);
      expect(r.msg.toLowerCase()).toContain(field.toLowerCase());
    }
    expect(await taskCount()).toBe(before);
  });

  it('a stored task shows its next run; next_runs lists the next five', async () => {
    const id = await add({ name: 'nightly', type: 'clear_cache', cron: '0 3 * * *' });
    const t = await task(id);
    const next = parseDateTime(t.next_run_at!);
    expect(next).toBeGreaterThan(s.clock.now());
    expect(new Date(next).getHours()).toBe(3);
    expect(new Date(next).getMinutes()).toBe(0);
    const r = await s.call<{ next: string[] }>(TASKS, { method: 'next_runs', id }, { token: admin });
    expect(r.data.next).toHaveLength(5);
    expect(r.data.next[0]).toBe(t.next_run_at);
    expect(parseDateTime(r.data.next[1]!) - parseDateTime(r.data.next[0]!)).toBe(86_400_000);
    const preview = await s.call<{ next: string[] }>(
      TASKS,
      { method: 'next_runs', cron: '*/15 * * * *' },
      { token: admin },
    );
    expect(
      preview.data.next.map((d) => d.slice(14, 16)).every((m) => ['00', '15', '30', '45'].includes(m)),
    ).toBe(true);
    expect((await s.call(TASKS, { method: 'next_runs', cron: '61 * * * *' }, { token: admin })).code).toBe(
      422,
    );
    // An edit of the expression moves the next run; disabling clears it; a cleared cron is refused.
    expect((await s.call(TASKS, { method: 'edit', id, cron: '30 4 * * *' }, { token: admin })).code).toBe(
      200,
    );
    expect((await task(id)).next_run_at).toMatch(/ 04:30:00$/);
    expect((await s.call(TASKS, { method: 'edit', id, cron: '' }, { token: admin })).code).toBe(422);
    expect((await s.call(TASKS, { method: 'state', ids: [id], enabled: 0 }, { token: admin })).code).toBe(
      200,
    );
    expect((await task(id)).next_run_at).toBeNull();
    expect((await s.call(TASKS, { method: 'state', ids: [id], enabled: 1 }, { token: admin })).code).toBe(
      200,
    );
    expect((await task(id)).next_run_at).toMatch(/ 04:30:00$/);
  });

  it('run_now of clean_logs deletes old log entries and records the run', async () => {
    const now = s.clock.now();
    await s.app.db.kysely
      .insertInto('operation_log')
      .values(
        [5, 5, 1].map((days) => ({
          at: now - days * 86_400_000,
          result: 'success' as const,
          code: 200,
          module: 'test:old',
          user_id: null,
          username: 'admin',
          ip: '127.0.0.1',
          action: 'add',
          path: '/test',
          http_method: 'POST',
          detail: '',
          user_agent: '',
        })),
      )
      .execute();
    const id = await add({
      name: 'log purge',
      type: 'clean_logs',
      params: { older_than_days: 3 },
      cron: '0 2 * * *',
    });
    const r = await s.call<Run>(TASKS, { method: 'run_now', id }, { token: admin });
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({ result: 'success', trigger: 'manual' });
    expect(r.data.output_tail).toContain('Deleted 2 operation-log entries older than 3 days');
    const left = await s.app.db.kysely
      .selectFrom('operation_log')
      .select('at')
      .where('module', '=', 'test:old')
      .execute();
    expect(left).toHaveLength(1);
    const t = await task(id);
    expect(t.last_run_at).toBe(r.data.started);
    // Kept as a catalogue key (features/scheduler/scheduler.ts) and read in the reader's language.
    expect(t.last_result).toMatch(/^success: Deleted 2/);
    const zh = await task(id, TASKS, admin, { cookie: 'language=zh_CN' });
    expect(zh.last_result).toMatch(/^成功：已删除 3 天以前的操作日志 2 条/);
    const stored = await s.app.db.kysely
      .selectFrom('system_scheduled_job' as never)
      .select('last_result' as never)
      .where('id' as never, '=', id as never)
      .executeTakeFirstOrThrow();
    expect(storedText(String((stored as { last_result: string }).last_result), 'zh_CN')).toBe(zh.last_result);
    const h = await history(id);
    expect(h.total).toBe(1);
    expect(h.list[0]).toMatchObject({ id: r.data.id, result: 'success' });
    expect(h.list[0]!.finished).not.toBe('');
  });

  it('clear_cache empties the caches; host jobs are skipped unless IGS_APPLY=1', async () => {
    let cleared = false;
    s.app.caches.set('probe', { clear: () => (cleared = true) });
    const cache = await add({ name: 'cache', type: 'clear_cache', cron: '0 1 * * *' });
    expect((await s.call<Run>(TASKS, { method: 'run_now', id: cache }, { token: admin })).data.result).toBe(
      'success',
    );
    expect(cleared).toBe(true);
    const reboot = await add({ name: 'reboot', type: 'reboot_system', cron: '0 4 * * 0' });
    const r = await s.call<Run>(TASKS, { method: 'run_now', id: reboot }, { token: admin });
    expect(r.data.result).toBe('skipped');
    expect(r.data.output_tail).toContain('not applied on this host');
    expect(storedText((await task(reboot)).last_result ?? '', 'en')).toMatch(
      /^skipped: not applied on this host/,
    );
  });

  it('terminal_command queues its command for the authorised terminals of the site', async () => {
    const tv = await add({
      name: 'tv',
      type: 'terminal_command',
      params: { command: 'reboot' },
      cron: '0 4 * * *',
    });
    const none = await s.call<Run>(TASKS, { method: 'run_now', id: tv }, { token: admin });
    expect(none.data.result).toBe('skipped');
    expect(none.data.output_tail).toContain('No authorised terminal');
    const now = s.clock.now();
    // biome-ignore lint/suspicious/noExplicitAny: a resource table, described at run time
    const db = s.app.db.kysely as unknown as import('kysely').Kysely<any>;
    await db
      .insertInto('smart_terminal')
      .values([
        { mac: '00:11:22:33:44:01', state: 'authorized', site_id: 0, created_at: now, updated_at: now },
        { mac: '00:11:22:33:44:02', state: 'pending', site_id: 0, created_at: now, updated_at: now },
        { mac: '00:11:22:33:44:03', state: 'authorized', site_id: 5, created_at: now, updated_at: now },
      ])
      .execute();
    const r = await s.call<Run>(TASKS, { method: 'run_now', id: tv }, { token: admin });
    expect(r.data.result, r.data.output_tail).toBe('success');
    expect(r.data.output_tail).toContain('Queued "reboot" for 1 terminal;');
    const queued = await db.selectFrom('terminal_commands').selectAll().execute();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ type: 'reboot', state: 'queued', created_by: 'scheduler', site_id: 0 });
    const bad = await s.call(
      TASKS,
      {
        method: 'add',
        name: 'm',
        type: 'terminal_command',
        params: { command: 'show_message' },
        cron: '0 4 * * *',
      },
      { token: admin },
    );
    expect(bad.code).toBe(422);
    expect(bad.msg).toContain('text');
  });

  describe('with IGS_APPLY=1', () => {
    const saved = { apply: process.env.IGS_APPLY, path: process.env.PATH };
    afterEach(() => {
      process.env.IGS_APPLY = saved.apply;
      if (saved.apply === undefined) delete process.env.IGS_APPLY;
      process.env.PATH = saved.path;
    });
    it('restart_service runs the fixed systemctl command for the service key', async () => {
      const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-bin-'));
      fs.writeFileSync(path.join(bin, 'systemctl'), '#!/bin/sh\necho "fake systemctl $*"\n', { mode: 0o755 });
      process.env.IGS_APPLY = '1';
      process.env.PATH = `${bin}:${saved.path}`;
      const id = await add({
        name: 'dns',
        type: 'restart_service',
        params: { service: 'dhcp_dns' },
        cron: '0 5 * * *',
      });
      const r = await s.call<Run>(TASKS, { method: 'run_now', id }, { token: admin });
      expect(r.data.result).toBe('success');
      expect(r.data.output_tail).toContain('fake systemctl restart dnsmasq.service');
      fs.rmSync(bin, { recursive: true, force: true });
    });
  });

  it('backup makes an automatic backup through the backup feature', async () => {
    const id = await add({ name: 'backup', type: 'backup', cron: '0 3 * * *' });
    const before = await s.app.db.kysely.selectFrom('backups').select('id').execute();
    const r = await s.call<Run>(TASKS, { method: 'run_now', id }, { token: admin });
    expect(r.code, r.msg).toBe(200);
    await schedulerOf(s.app).settled();
    const run = (await history(id)).list[0]!;
    expect(run.result, run.output_tail).toBe('success');
    expect(run.output_tail).toMatch(/^Backup backup-\d{8}-\d{6}\.tar\.gz/);
    const after = await s.app.db.kysely.selectFrom('backups').select(['id', 'type']).execute();
    expect(after.length).toBe(before.length + 1);
  });

  it('runs the automatic backup of system/BackupRestore at its auto_cron', async () => {
    const scheduler = schedulerOf(s.app);
    await onlyTaskEnabled();
    const cfg = await s.call(
      '/admin.php/system/backup_restore',
      { method: 'config_form', auto_cron: '*/5 * * * *', keep_count: 3 },
      { token: admin },
    );
    expect(cfg.code, cfg.msg).toBe(200);
    await scheduler.tick(); // learns the next slot
    const autos = async () =>
      (await s.app.db.kysely.selectFrom('backups').select('id').where('type', '=', 'auto').execute()).length;
    const before = await autos();
    const slot = Math.ceil((s.clock.now() + 1) / 300_000) * 300_000;
    s.clock.advance(slot - s.clock.now() + 1000);
    expect(await scheduler.tick()).toBe(1);
    await scheduler.settled();
    expect(await autos()).toBe(before + 1);
    const run = await s.app.db.kysely
      .selectFrom('timed_task_run')
      .selectAll()
      .where('task_id', '=', 0)
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ result: 'success', scheduled_at: slot });
    await s.call(
      '/admin.php/system/backup_restore',
      { method: 'config_form', auto_cron: '', keep_count: 3 },
      { token: admin },
    );
    admin = await s.login();
  });

  it('runs a due task once at its slot, from the table, with a fake clock', async () => {
    const scheduler = schedulerOf(s.app);
    const id = await add({ name: 'every5', type: 'clear_cache', cron: '*/5 * * * *' });
    await onlyTaskEnabled(id);
    const due = parseDateTime((await task(id)).next_run_at!);
    expect(await scheduler.tick()).toBe(0);
    s.clock.advance(due - s.clock.now() + 1000);
    expect(await scheduler.tick()).toBe(1);
    await scheduler.settled();
    expect(await scheduler.tick()).toBe(0);
    const h = await history(id);
    expect(h.list).toHaveLength(1);
    expect(h.list[0]).toMatchObject({ trigger: 'schedule', result: 'success' });
    expect(parseDateTime(h.list[0]!.scheduled)).toBe(due);
    expect(parseDateTime((await task(id)).next_run_at!)).toBe(due + 5 * 60_000);
    // A slot missed while the server was down is recorded as skipped, not run late.
    s.clock.advance(16 * 60_000);
    expect(await scheduler.tick()).toBe(0);
    const missed = (await history(id)).list[0]!;
    expect(missed.result).toBe('skipped');
    expect(missed.output_tail).toContain('Missed');
    expect(parseDateTime((await task(id)).next_run_at!)).toBeGreaterThan(s.clock.now());
    // Disabled tasks do not run.
    admin = await s.login();
    await s.call(TASKS, { method: 'state', ids: [id], enabled: 0 }, { token: admin });
    s.clock.advance(6 * 60_000);
    expect(await scheduler.tick()).toBe(0);
    expect((await history(id)).total).toBe(2);
    // Deleting a task removes its history.
    expect((await s.call(TASKS, { method: 'del', ids: [id] }, { token: admin })).code).toBe(200);
    const runs = await s.app.db.kysely
      .selectFrom('timed_task_run')
      .select('id')
      .where('task_id', '=', id)
      .execute();
    expect(runs).toHaveLength(0);
  });

  it('two server instances on one database run a slot once; a new instance picks the schedule up', async () => {
    const second = await startServer(
      kind,
      {},
      {
        db: openDatabase({ databaseUrl: s.app.config.databaseUrl, dataDir: s.dataDir }),
        now: s.clock.now,
      },
    );
    try {
      const a = schedulerOf(s.app);
      const b = schedulerOf(second.app);
      const id = await add({ name: 'shared', type: 'clear_cache', cron: '*/5 * * * *' });
      await onlyTaskEnabled(id);
      const due = parseDateTime((await task(id)).next_run_at!);
      s.clock.advance(due - s.clock.now() + 1000);
      // Both instances see the slot due at the same moment; one claims it.
      const started = await Promise.all([a.tick(), b.tick()]);
      expect(started.reduce((x, y) => x + y, 0)).toBe(1);
      expect(await Promise.all([b.tick(), a.tick()])).toEqual([0, 0]);
      await Promise.all([a.settled(), b.settled()]);
      expect((await history(id)).list).toHaveLength(1);
      // The first instance stops (as at a restart): the second runs the next slot from the table.
      await a.stop();
      s.clock.advance(5 * 60_000);
      expect(await b.tick()).toBe(1);
      await b.settled();
      const h = await history(id);
      expect(h.list).toHaveLength(2);
      expect(parseDateTime(h.list[0]!.scheduled)).toBe(due + 5 * 60_000);
    } finally {
      await second.close();
    }
  });

  it('timers do not keep the process alive', () => {
    const timer = (schedulerOf(s.app) as unknown as { timer?: NodeJS.Timeout }).timer;
    expect(timer === undefined || !timer.hasRef()).toBe(true);
  });
});

describeEachDb('scheduled tasks in operations mode', (kind) => {
  let s: TestServer;
  let admin: string;
  let ops: string;
  beforeAll(async () => {
    s = await startServer(kind);
    admin = await s.login();
    const role = await addRole(s, admin, {
      name: 'task_ops',
      mode: 'operations',
      menus: ['OperationsScheduledTask'],
      buttons: ['system:timed_task:add', 'system:timed_task:run_now'],
    });
    await addAccount(s, admin, { username: 'ops1', role_id: role, is_operations: 1 });
    ops = await s.login('ops1', PASSWORD, 1);
  });
  afterAll(async () => s.close());

  const site = (id: string) => ({ 'igs-sids': id });

  it('limits the types and scopes tasks, runs and history to their site', async () => {
    const refused = await s.call(
      OPS_TASKS,
      { method: 'add', name: 'purge', type: 'clean_logs', cron: '0 3 * * *' },
      { token: ops, headers: site('1') },
    );
    expect(refused.code).toBe(422);
    expect(refused.msg).toContain('operations tasks');
    const r = await s.call<{ id: number }>(
      OPS_TASKS,
      { method: 'add', name: 'cache', type: 'clear_cache', cron: '0 3 * * *' },
      { token: ops, headers: site('1') },
    );
    expect(r.code, r.msg).toBe(200);
    const id = r.data.id;
    const other = await s.call(OPS_TASKS, { method: 'run_now', id }, { token: ops, headers: site('2') });
    expect(other.code).toBe(404);
    expect(
      (await s.call(OPS_TASKS, { method: 'history', id }, { token: ops, headers: site('2') })).code,
    ).toBe(404);
    const run = await s.call<Run>(OPS_TASKS, { method: 'run_now', id }, { token: ops, headers: site('1') });
    expect(run.code, run.msg).toBe(200);
    expect(run.data.result).toBe('success');
    const h = await s.call<{ total: number }>(
      OPS_TASKS,
      { method: 'history', id },
      { token: ops, headers: site('1') },
    );
    expect(h.data.total).toBe(1);
    const stored = await s.app.db.kysely
      .selectFrom('timed_task_run')
      .select('site_id')
      .where('task_id', '=', id)
      .execute();
    expect(stored.map((x) => x.site_id)).toEqual([1]);
    // A full-mode task is not reachable from operations mode.
    const full = await s.call<{ id: number }>(
      TASKS,
      { method: 'add', name: 'full', type: 'clear_cache', cron: '0 3 * * *' },
      { token: admin },
    );
    expect(
      (await s.call(OPS_TASKS, { method: 'run_now', id: full.data.id }, { token: ops, headers: site('1') }))
        .code,
    ).toBe(404);
  });

  it('permission refusals: no menu, no run_now button; history needs the menu only', async () => {
    const none = await accountWith(s, 'nobody', [], []);
    expect((await s.call(TASKS, { method: 'history', id: 1 }, { token: none })).code).toBe(403);
    const reader = await accountWith(s, 'reader', [TASKS], []);
    const full = await s.call<{ list: { id: number }[] }>(TASKS, { method: 'list' }, { token: admin });
    const id = full.data.list[0]!.id;
    expect((await s.call(TASKS, { method: 'history', id }, { token: reader })).code).toBe(200);
    expect((await s.call(TASKS, { method: 'next_runs', id }, { token: reader })).code).toBe(200);
    const r = await s.call(TASKS, { method: 'run_now', id }, { token: reader });
    expect(r.code).toBe(403);
    expect(r.msg).toContain('system:timed_task:run_now');
  });
});
