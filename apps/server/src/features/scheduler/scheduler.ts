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
import { countSchedulerRun } from '../../platform/observability/index.ts';
import { nextAutoBackup } from '../backup/index.ts';
import { runDuePlans } from '../device-tasks/index.ts';
import { sampleIfDue } from '../home/index.ts';
import { LOG_RETENTION_CRON, logRetentionDays } from '../logging/index.ts';
import {
  type JobOutcome,
  RESUMABLE_JOBS,
  type RunContext,
  removePartial,
  runJob,
  storedParams,
  type TaskRow,
} from './jobs.ts';
import { type LeaseTimes, leaseTimes, newInstanceId, partialEntries } from './leases.ts';

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
 *
 * A running job holds a lease (leases.ts): its run row names this instance and a heartbeat time
 * renewed while it runs. A run whose lease lapsed (its instance died) is failed by whichever
 * instance sees it first, which removes what the run left unfinished, or run again there when its
 * job is resumable (RESUMABLE_JOBS); either way the task's next slot runs as usual. On SQLite one
 * server owns the database, so at its start every run still "running" is from its dead predecessor.
 */

/** The table of the `system:timed_task` resource (the records of both task endpoints). */
export const TASK_TABLE = resourceByName('system:timed_task').table;
/** How often the table is read; cron resolution is one minute. */
const TICK_MS = 10_000;
/** A slot missed by more than this (server down) is recorded as skipped, not run late. */
const MISSED_GRACE_MS = 5 * 60_000;
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
  /** This instance, as run rows name it (random per process). */
  readonly instanceId = newInstanceId();
  readonly lease: LeaseTimes;
  private timer: NodeJS.Timeout | undefined;
  private first: NodeJS.Timeout | undefined;
  private beat: NodeJS.Timeout | undefined;
  private watch: NodeJS.Timeout | undefined;
  private ticking: Promise<number> | null = null;
  private reaping: Promise<number> | null = null;
  private renewing = false;
  private readonly inflight = new Set<Promise<void>>();
  /** The runs this instance is running (their leases are renewed), by run id. */
  private readonly running = new Set<number>();
  /** SQLite: the runs a dead predecessor left have been ended (done at the first look). */
  private predecessorsEnded = false;
  private stopped = false;
  /** The next automatic-backup slot this instance waits for (undefined until the first pass). */
  private autoSlot: number | null | undefined;
  /** The next daily log-purge slot this instance waits for (undefined until the first pass). */
  private retentionSlot: number | null | undefined;

  constructor(app: AppContext) {
    this.app = app;
    this.lease = leaseTimes(app);
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
    this.beat = setInterval(() => void this.renewLeases(), this.lease.heartbeatMs);
    this.beat.unref();
    const look = () => {
      this.endLapsedRuns().catch((err) => this.app.log.error({ err }, 'scheduler lease watch failed'));
    };
    this.watch = setInterval(look, this.lease.watchEveryMs);
    this.watch.unref();
  }

  /** Stops the timers and waits (a while) for runs in progress to record their result. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.first);
    clearInterval(this.timer);
    clearInterval(this.watch);
    await this.ticking?.catch(() => 0);
    await this.reaping?.catch(() => 0);
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inflight]),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, STOP_WAIT_MS);
        timeout.unref();
      }),
    ]);
    clearTimeout(timeout);
    // Runs still going keep their lease until the process ends; then it lapses and they are failed.
    if (!this.inflight.size) clearInterval(this.beat);
  }

  /** Resolves when every run this instance started has recorded its result. */
  async settled(): Promise<void> {
    // A run that ends can start no other, so this ends; the bound is for a mistake.
    for (let i = 0; i < 1000 && this.inflight.size; i++) await Promise.allSettled([...this.inflight]);
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
    // Runs whose instance died end first, so that their task's slot due now runs.
    await this.endLapsedRuns();
    const now = this.app.now();
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

  /** Whether a run of the task is in progress (on any instance whose lease has not lapsed). */
  async isRunning(taskId: number): Promise<boolean> {
    const since = this.app.now() - this.lease.expiresAfterMs;
    const row = await this.db
      .selectFrom('timed_task_run')
      .select('id')
      .where('task_id', '=', taskId)
      .where('result', '=', 'running')
      .where((eb) =>
        eb.or([
          eb('heartbeat_at', '>=', since),
          eb.and([eb('heartbeat_at', 'is', null), eb('started_at', '>=', since)]),
        ]),
      )
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Renews the lease of every run this instance is running (one heartbeat). A run whose lease was
   * taken meanwhile (this instance was thought dead: a long pause, the database out of reach) is
   * no longer renewed; its result will not be recorded over the one given to it.
   */
  async renewLeases(): Promise<void> {
    if (this.renewing || !this.running.size) return;
    this.renewing = true;
    const ids = [...this.running];
    try {
      const held = await this.db
        .updateTable('timed_task_run')
        .set({ heartbeat_at: this.app.now() })
        .where('id', 'in', ids)
        .where('instance_id', '=', this.instanceId)
        .where('result', '=', 'running')
        .returning('id')
        .execute();
      const kept = new Set(held.map((r) => Number(r.id)));
      for (const id of ids)
        if (!kept.has(id) && this.running.delete(id))
          this.app.log.warn({ run: id }, 'scheduled run lost its lease: another instance ended it');
    } catch (err) {
      // The database out of reach: the next beat tries again; two missed beats and others end the run.
      this.app.log.warn({ err }, 'scheduled run leases not renewed');
    } finally {
      this.renewing = false;
    }
  }

  /**
   * Ends the runs whose lease lapsed (and, on SQLite, at the first look, every run a dead
   * predecessor left): each is failed with the reason, what it left unfinished removed, or run
   * again here when its job is resumable. Overlapping calls share one look; returns how many runs
   * this instance ended or took over.
   */
  endLapsedRuns(): Promise<number> {
    if (!this.reaping) {
      this.reaping = this.reap().finally(() => {
        this.reaping = null;
      });
    }
    return this.reaping;
  }

  private async reap(): Promise<number> {
    const now = this.app.now();
    const since = now - this.lease.expiresAfterMs;
    const atStart = this.app.db.kind === 'sqlite' && !this.predecessorsEnded;
    let q = this.db
      .selectFrom('timed_task_run')
      .select(['id', 'task_id', 'instance_id', 'heartbeat_at', 'started_at', 'partial'])
      .where('result', '=', 'running');
    if (!atStart)
      q = q.where((eb) =>
        eb.or([
          eb('heartbeat_at', '<', since),
          eb.and([eb('heartbeat_at', 'is', null), eb('started_at', '<', since)]),
        ]),
      );
    const lapsed = (await q.orderBy('id').limit(100).execute()).filter(
      (r) => !this.running.has(Number(r.id)),
    );
    this.predecessorsEnded = true;
    let ended = 0;
    for (const r of lapsed) {
      if (this.stopped) break;
      if (await this.endRun(r, atStart ? 'interrupted' : 'lost', now)) ended++;
    }
    return ended;
  }

  /** Fails one run whose instance is gone, or takes it over; false when another instance did first. */
  private async endRun(
    r: {
      id: number;
      task_id: number;
      instance_id: string;
      heartbeat_at: number | null;
      started_at: number;
      partial: string;
    },
    why: 'interrupted' | 'lost',
    now: number,
  ): Promise<boolean> {
    const runId = Number(r.id);
    const lastBeat = r.heartbeat_at === null ? null : Number(r.heartbeat_at);
    const lost = {
      instance: r.instance_id || '?',
      at: formatDateTime(lastBeat ?? Number(r.started_at)),
    };
    const task = await this.taskOfRun(Number(r.task_id));
    const takeOver = task !== null && RESUMABLE_JOBS.has(task.type);
    // Compare-and-set on the lease as read: of several instances looking, one ends the run; an
    // instance that was only slow and renewed meanwhile keeps it.
    let q = this.db
      .updateTable('timed_task_run')
      .set(
        takeOver
          ? { instance_id: this.instanceId, heartbeat_at: now, partial: '' }
          : {
              result: 'fail',
              finished_at: now,
              partial: '',
              output_tail:
                why === 'interrupted'
                  ? keepText('scheduler.job.interrupted')
                  : keepText('scheduler.job.instanceLost', lost),
            },
      )
      .where('id', '=', runId)
      .where('result', '=', 'running')
      .where('instance_id', '=', r.instance_id);
    q = lastBeat === null ? q.where('heartbeat_at', 'is', null) : q.where('heartbeat_at', '=', lastBeat);
    if (Number((await q.executeTakeFirst()).numUpdatedRows) !== 1) return false;
    this.app.log.warn(
      { run: runId, task: Number(r.task_id), instance: lost.instance, lastHeartbeat: lost.at },
      takeOver
        ? 'scheduled run taken over: its instance stopped answering'
        : 'scheduled run failed: its instance stopped answering',
    );
    if (!takeOver) countSchedulerRun(this.app, task?.type ?? '', 'fail');
    for (const entry of partialEntries(r.partial)) {
      try {
        if (!(await removePartial(this.app, entry)))
          this.app.log.warn({ run: runId, entry }, 'unfinished file of a dead run: unknown kind, left');
      } catch (err) {
        this.app.log.error({ err, run: runId, entry }, 'unfinished file of a dead run not removed');
      }
    }
    if (takeOver) {
      this.launch(
        task,
        runId,
        Number(r.started_at),
        keepText('scheduler.job.takenOver', { ...lost, by: this.instanceId }),
      );
    } else if (task) {
      await this.recordLast(task, Number(r.started_at), {
        result: 'fail',
        output:
          why === 'interrupted'
            ? keepText('scheduler.job.interrupted')
            : keepText('scheduler.job.instanceLost', lost),
      });
    }
    return true;
  }

  /** The task a run belongs to (the built-in ones by their id); null when it was deleted. */
  private async taskOfRun(taskId: number): Promise<TaskRow | null> {
    if (taskId === AUTO_BACKUP_TASK)
      return { id: AUTO_BACKUP_TASK, site_id: 0, name: 'automatic backup', type: 'backup', params: {} };
    if (taskId === LOG_RETENTION_TASK)
      return {
        id: LOG_RETENTION_TASK,
        site_id: 0,
        name: 'operation-log retention',
        type: 'clean_logs',
        params: { older_than_days: await logRetentionDays(this.app) },
      };
    const row = await this.db
      .selectFrom(TASK_TABLE)
      .select(['id', 'site_id', 'name', 'type', 'params'])
      .where('id', '=', taskId)
      .executeTakeFirst();
    return row ? toTask(row) : null;
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
          instance_id: this.instanceId,
          heartbeat_at: startedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      runId = Number(row.id);
    } catch (err) {
      if (/UNIQUE constraint failed|duplicate key value/i.test(String((err as Error).message))) return null;
      throw err;
    }
    return { runId, done: this.launch(task, runId, startedAt) };
  }

  /**
   * Runs the job of a run row this instance holds, renewing its lease meanwhile, and records the
   * outcome (after `before`, a line saying how the run came here, for a takeover).
   */
  private launch(task: TaskRow, runId: number, startedAt: number, before?: string): Promise<void> {
    this.running.add(runId);
    const partial: string[] = [];
    const run: RunContext = {
      partial: async (entry) => {
        partial.push(entry);
        await this.db
          .updateTable('timed_task_run')
          .set({ partial: partial.join('\n') })
          .where('id', '=', runId)
          .where('instance_id', '=', this.instanceId)
          .execute();
      },
    };
    const done = (async () => {
      let outcome: JobOutcome;
      try {
        outcome = await runJob(this.app, task, run);
      } catch (err) {
        outcome = { result: 'fail', output: err instanceof Error ? err.message : String(err) };
      }
      this.running.delete(runId);
      if (before) outcome = { ...outcome, output: `${before}\n${outcome.output}` };
      await this.finish(task, runId, startedAt, outcome);
    })()
      .catch((err) => this.app.log.error({ err, task: task.id }, 'scheduled task result not recorded'))
      .finally(() => this.running.delete(runId));
    this.inflight.add(done);
    done.finally(() => this.inflight.delete(done));
    return done;
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
          instance_id: this.instanceId,
          heartbeat_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await this.finish(task, Number(row.id), now, run.outcome);
    } catch (err) {
      if (!/UNIQUE constraint failed|duplicate key value/i.test(String((err as Error).message))) throw err;
    }
  }

  /**
   * Records a run's outcome, where this instance still holds the run: one ended by another
   * instance meanwhile (its lease lapsed) keeps the result given to it.
   */
  private async finish(task: TaskRow, runId: number, startedAt: number, outcome: JobOutcome): Promise<void> {
    // Cut at a line, so a kept text (one a line) is never cut in two.
    const tail =
      outcome.output.length > TAIL_CHARS
        ? `…\n${outcome.output.slice(-TAIL_CHARS).replace(/^[^\n]*\n?/, '')}`
        : outcome.output;
    const r = await this.db
      .updateTable('timed_task_run')
      .set({ finished_at: this.app.now(), result: outcome.result, output_tail: tail, partial: '' })
      .where('id', '=', runId)
      .where('instance_id', '=', this.instanceId)
      .where('result', '=', 'running')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) !== 1) {
      this.app.log.warn(
        { run: runId, task: task.id, result: outcome.result },
        'scheduled run ended here after another instance had ended it (its lease lapsed): result not recorded',
      );
      return;
    }
    countSchedulerRun(this.app, task.type, outcome.result);
    await this.recordLast(task, startedAt, outcome);
  }

  /** The task's last run and result as its list shows them, and the history cut to KEEP_RUNS. */
  private async recordLast(task: TaskRow, startedAt: number, outcome: JobOutcome): Promise<void> {
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
