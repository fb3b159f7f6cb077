import {
  cronError,
  cronFiresAt,
  JOB_TYPES,
  type JobType,
  keepText,
  keptParam,
  nextCronRun,
  storedText,
  texts,
} from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import type { Conn } from '../../platform/db/schema.ts';
import { formatDateTime, parseDateTime } from '../../platform/lib/time.ts';
import { nextAutoBackup } from '../backup/index.ts';
import { runDuePlans } from '../device-tasks/index.ts';
import { sampleIfDue } from '../home/index.ts';
import { LOG_RETENTION_CRON, logRetentionDays } from '../logging/index.ts';
import { type JobOutcome, runJob, storedParams, type TaskRow } from './jobs.ts';

/**
 * The in-process scheduler of scheduled tasks (DOMAIN system/ScheduledTask). The table is the
 * schedule: every tick reads the tasks, keeps each `next_run_at` equal to the next firing of its
 * cron expression, and runs the tasks that are due. Nothing lives only in memory, so a restart
 * picks the schedule up from the table.
 *
 * Several instances may share one PostgreSQL database. A due slot is claimed twice over: the task
 * row moves from the due time to the next one only where it still holds the due time (a
 * compare-and-set), and the run row is unique per (task, slot). Only the instance that wins both
 * runs the job.
 */

/** The table of the `system:timed_task` resource (the records of both task endpoints). */
export const TASK_TABLE = resourceByName('system:timed_task').table;
/** How often the table is read; cron resolution is one minute. */
const TICK_MS = 10_000;
/** A slot missed by more than this (server down) is recorded as skipped, not run late. */
const MISSED_GRACE_MS = 5 * 60_000;
/** A run still "running" after this is taken to have died with its server. */
export const RUN_STALE_MS = 2 * 3_600_000;
/** Runs kept per task. */
const KEEP_RUNS = 100;
/** How long stop() waits for runs in progress. */
const STOP_WAIT_MS = 15_000;
const TAIL_CHARS = 2000;
/** Runs of the automatic backup (system/BackupRestore auto_cron) are recorded under this task id. */
export const AUTO_BACKUP_TASK = 0;
/** Runs of the daily operation-log purge (system/OperationLog retention_days) are recorded under this task id. */
export const LOG_RETENTION_TASK = -1;

export interface StartedRun {
  runId: number;
  done: Promise<void>;
}

export class Scheduler {
  readonly app: AppContext;
  private timer: NodeJS.Timeout | undefined;
  private first: NodeJS.Timeout | undefined;
  private ticking: Promise<number> | null = null;
  private readonly inflight = new Set<Promise<void>>();
  private stopped = false;
  /** The next automatic-backup slot this instance waits for (undefined until the first pass). */
  private autoSlot: number | null | undefined;
  /** The next daily log-purge slot this instance waits for (undefined until the first pass). */
  private retentionSlot: number | null | undefined;

  constructor(app: AppContext) {
    this.app = app;
  }

  private get db(): Conn {
    return this.app.db.kysely;
  }

  /** Starts ticking; timers never keep the process alive. */
  start(): void {
    if (this.timer || this.stopped) return;
    const tick = () => {
      this.tick().catch((err) => this.app.log.error({ err }, 'scheduler tick failed'));
    };
    this.first = setTimeout(tick, 0);
    this.first.unref();
    this.timer = setInterval(tick, TICK_MS);
    this.timer.unref();
  }

  /** Stops the timers and waits (a while) for runs in progress to record their result. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.first);
    clearInterval(this.timer);
    await this.ticking?.catch(() => 0);
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, STOP_WAIT_MS);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
  }

  /** Resolves when every run this instance started has recorded its result. */
  async settled(): Promise<void> {
    while (this.inflight.size) await Promise.allSettled([...this.inflight]);
  }

  /** One pass over the table; returns how many runs it started. Overlapping calls share a pass. */
  tick(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (!this.ticking) {
      this.ticking = this.pass().finally(() => {
        this.ticking = null;
      });
    }
    return this.ticking;
  }

  private async pass(): Promise<number> {
    const now = this.app.now();
    await this.db
      .updateTable('timed_task_run')
      .set({
        result: 'fail',
        finished_at: now,
        output_tail: keepText('scheduler.job.interrupted'),
      })
      .where('result', '=', 'running')
      .where('started_at', '<', now - RUN_STALE_MS)
      .execute();
    const rows = await this.db
      .selectFrom(TASK_TABLE)
      .select(['id', 'site_id', 'name', 'type', 'params', 'cron', 'enabled', 'next_run_at'])
      .execute();
    let started = 0;
    for (const row of rows) {
      if (this.stopped) break;
      try {
        if (await this.visit(row, now)) started++;
      } catch (err) {
        this.app.log.error({ err, task: row.id }, 'scheduled task failed to start');
      }
    }
    if (!this.stopped && (await this.autoBackup(now))) started++;
    // Housekeeping, not counted among the runs a pass started (as the reboot plans below).
    if (!this.stopped) await this.logRetention(now);
    // The AC and TR069 reboot plans (DOMAIN 2.4 TimedReboot): their own tables, their own runs.
    if (!this.stopped) await runDuePlans(this.app, now);
    // The dashboard's terminals-online history (home/online-days.ts): once a minute, idempotent.
    if (!this.stopped)
      await sampleIfDue(this.app, now).catch((err) =>
        this.app.log.error({ err }, 'terminals-online sample failed'),
      );
    return started;
  }

  /**
   * The automatic backup of system/BackupRestore runs at its own cron setting (`auto_cron`), not
   * from a task row: its runs are recorded under task id 0, one per slot, so one instance runs it.
   */
  private async autoBackup(now: number): Promise<boolean> {
    const slot = this.autoSlot;
    const next = await nextAutoBackup(this.app);
    if (slot === undefined || slot === null || slot > now) {
      this.autoSlot = next;
      return false;
    }
    this.autoSlot = next;
    if (now - slot > MISSED_GRACE_MS) return false;
    const task: TaskRow = {
      id: AUTO_BACKUP_TASK,
      site_id: 0,
      name: 'automatic backup',
      type: 'backup',
      params: {},
    };
    return (await this.begin(task, 'schedule', '', slot)) !== null;
  }

  /**
   * The operation-log retention (DOMAIN system/OperationLog: a purge job removes expired rows)
   * runs daily at LOG_RETENTION_CRON with the current retention_days, as a clean_logs job. Like
   * the automatic backup its runs are recorded under their own task id, one per slot, so of
   * several instances on one database only one purges.
   */
  private async logRetention(now: number): Promise<boolean> {
    const slot = this.retentionSlot;
    this.retentionSlot = nextCronRun(LOG_RETENTION_CRON, now);
    if (slot == null || slot > now || now - slot > MISSED_GRACE_MS) return false;
    const task: TaskRow = {
      id: LOG_RETENTION_TASK,
      site_id: 0,
      name: 'operation-log retention',
      type: 'clean_logs',
      params: { older_than_days: await logRetentionDays(this.app) },
    };
    return (await this.begin(task, 'schedule', '', slot)) !== null;
  }

  /** Brings one task's next_run_at in line with its cron expression and runs it when due. */
  private async visit(row: Record<string, unknown>, now: number): Promise<boolean> {
    const id = Number(row.id);
    const stored = (row.next_run_at as string | null) || null;
    const cron = String(row.cron ?? '');
    if (!Number(row.enabled) || cronError(cron) !== null) {
      if (stored !== null) await this.moveNext(id, stored, null);
      return false;
    }
    const expected = nextCronRun(cron, now);
    const due = stored === null ? Number.NaN : parseDateTime(stored);
    if (Number.isNaN(due) || due > now || !cronFiresAt(cron, due)) {
      // Not yet due, or made stale by an edit of the expression: point at the next firing.
      if (stored !== formatDateTime(expected)) await this.moveNext(id, stored, expected);
      return false;
    }
    if (!(await this.moveNext(id, stored, expected))) return false; // another instance has it
    const task = toTask(row);
    if (now - due > MISSED_GRACE_MS) {
      await this.record(task, {
        trigger: 'schedule',
        scheduledAt: due,
        outcome: {
          result: 'skipped',
          output: keepText('scheduler.job.missed', { due: formatDateTime(due) }),
        },
      });
      return false;
    }
    if (await this.isRunning(id)) {
      await this.record(task, {
        trigger: 'schedule',
        scheduledAt: due,
        outcome: { result: 'skipped', output: keepText('scheduler.job.stillRunning') },
      });
      return false;
    }
    return (await this.begin(task, 'schedule', '', due)) !== null;
  }

  /** Compare-and-set of next_run_at; true when this instance made the change. */
  private async moveNext(id: number, from: string | null, to: number | null): Promise<boolean> {
    let q = this.db
      .updateTable(TASK_TABLE)
      .set({ next_run_at: to === null ? null : formatDateTime(to) })
      .where('id', '=', id);
    q = from === null ? q.where('next_run_at', 'is', null) : q.where('next_run_at', '=', from);
    const r = await q.executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  /** Whether a run of the task is in progress (on any instance). */
  async isRunning(taskId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('timed_task_run')
      .select('id')
      .where('task_id', '=', taskId)
      .where('result', '=', 'running')
      .where('started_at', '>=', this.app.now() - RUN_STALE_MS)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records a run as started and runs the job in the background. Null when the slot was already
   * taken (the unique run row of another instance).
   */
  async begin(
    task: TaskRow,
    trigger: 'schedule' | 'manual',
    username: string,
    scheduledAt: number | null,
  ): Promise<StartedRun | null> {
    const startedAt = this.app.now();
    let runId: number;
    try {
      const row = await this.db
        .insertInto('timed_task_run')
        .values({
          task_id: task.id,
          site_id: task.site_id,
          trigger,
          username,
          scheduled_at: scheduledAt,
          started_at: startedAt,
          result: 'running',
          output_tail: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      runId = Number(row.id);
    } catch (err) {
      if (/UNIQUE constraint failed|duplicate key value/i.test(String((err as Error).message))) return null;
      throw err;
    }
    const done = (async () => {
      let outcome: JobOutcome;
      try {
        outcome = await runJob(this.app, task);
      } catch (err) {
        outcome = { result: 'fail', output: err instanceof Error ? err.message : String(err) };
      }
      await this.finish(task, runId, startedAt, outcome);
    })().catch((err) => this.app.log.error({ err, task: task.id }, 'scheduled task result not recorded'));
    this.inflight.add(done);
    done.finally(() => this.inflight.delete(done));
    return { runId, done };
  }

  /** A run that did not start a job (missed, or its predecessor still running). */
  private async record(
    task: TaskRow,
    run: { trigger: 'schedule'; scheduledAt: number; outcome: JobOutcome },
  ): Promise<void> {
    const now = this.app.now();
    try {
      const row = await this.db
        .insertInto('timed_task_run')
        .values({
          task_id: task.id,
          site_id: task.site_id,
          trigger: run.trigger,
          username: '',
          scheduled_at: run.scheduledAt,
          started_at: now,
          result: 'running',
          output_tail: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.finish(task, Number(row.id), now, run.outcome);
    } catch (err) {
      if (!/UNIQUE constraint failed|duplicate key value/i.test(String((err as Error).message))) throw err;
    }
  }

  private async finish(task: TaskRow, runId: number, startedAt: number, outcome: JobOutcome): Promise<void> {
    // Cut at a line, so a kept text (one a line) is never cut in two.
    const tail =
      outcome.output.length > TAIL_CHARS
        ? `…\n${outcome.output.slice(-TAIL_CHARS).replace(/^[^\n]*\n?/, '')}`
        : outcome.output;
    await this.db
      .updateTable('timed_task_run')
      .set({ finished_at: this.app.now(), result: outcome.result, output_tail: tail })
      .where('id', '=', runId)
      .execute();
    const firstLine = outcome.output.split('\n')[0]!.replace(/^(success|skipped|fail): /, '');
    // The list reads it in its reader's language (a kept text); too long to keep whole, in English.
    const kept = keepText('scheduler.lastResult', {
      result: texts(`scheduler.result.${outcome.result}`),
      line: keptParam(firstLine),
    });
    const lastResult =
      kept.length <= 255 ? kept : `${outcome.result}: ${storedText(firstLine, 'en')}`.slice(0, 255);
    await this.db
      .updateTable(TASK_TABLE)
      .set({
        last_run_at: formatDateTime(startedAt),
        last_result: lastResult,
      })
      .where('id', '=', task.id)
      .execute();
    // Keep the newest runs of the task only.
    const old = await this.db
      .selectFrom('timed_task_run')
      .select('id')
      .where('task_id', '=', task.id)
      .orderBy('id', 'desc')
      .offset(KEEP_RUNS)
      .limit(1000)
      .execute();
    if (old.length)
      await this.db
        .deleteFrom('timed_task_run')
        .where(
          'id',
          'in',
          old.map((r) => Number(r.id)),
        )
        .execute();
  }
}

export function toTask(row: Record<string, unknown>): TaskRow {
  const type = String(row.type ?? '');
  return {
    id: Number(row.id),
    site_id: Number(row.site_id ?? 0),
    name: String(row.name ?? ''),
    type: (JOB_TYPES.includes(type as JobType) ? type : type || 'unknown') as JobType,
    params: storedParams(row.params),
  };
}

const schedulers = new WeakMap<AppContext, Scheduler>();

/** The scheduler of this server instance (made on first use, started by startScheduler). */
export function schedulerOf(app: AppContext): Scheduler {
  let s = schedulers.get(app);
  if (!s) {
    s = new Scheduler(app);
    schedulers.set(app, s);
  }
  return s;
}

export function startScheduler(app: AppContext): Scheduler {
  const s = schedulerOf(app);
  s.start();
  return s;
}
