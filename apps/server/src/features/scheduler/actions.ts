import {
  Code,
  cronError,
  JOB_TYPES,
  type JobType,
  type Lang,
  nextCronRun,
  nextCronRuns,
  OPERATIONS_JOB_TYPES,
  SystemAdminPaths,
  say,
  storedLines,
  type TimedTaskRun,
} from '@igs/contract';
import { type timedTaskCalls, timedTaskEndpointCalls } from '@igs/contract/calls';
import type { AppContext } from '../../platform/app-context.ts';
import { type AnyAction, defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { scoped } from '../../platform/resources/scope.ts';
import { checkJobParams, paramsObject, storedParams } from './jobs.ts';
import { schedulerOf, TASK_TABLE, toTask } from './scheduler.ts';

/**
 * Verbs of the scheduled-task module on both endpoints (`run_now`, `history`, `next_runs`) and
 * the task rules the generic record calls do not know: the type is required and, in operations
 * mode, limited to OPERATIONS_JOB_TYPES; the parameters fit the type; `next_run_at` is set as
 * soon as a task is stored (the scheduler keeps it so afterwards).
 */

const ENDPOINTS = [SystemAdminPaths.timedTask, SystemAdminPaths.opsTimedTask];
/** How long run_now waits for a quick job before answering that it is still running. */
const RUN_NOW_WAIT_MS = 2000;

const db = (app: AppContext) => app.db.kysely;

async function findTask(ctx: SignedInContext, id: number, scope: number[] | null) {
  const row = await scoped(ctx)
    .selectFrom(TASK_TABLE, scope)
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.notFound, say(ctx.lang, 'scheduler.scheduledTaskNotFound', { id }));
  return row as Record<string, unknown>;
}

function allowedTypes(ctx: SignedInContext): readonly JobType[] {
  return ctx.caller.isOperations ? OPERATIONS_JOB_TYPES : JOB_TYPES;
}

/** A run as the history gives it, its output's own sentences in the reader's language. */
function runRecord(r: Record<string, unknown>, lang: Lang): TimedTaskRun {
  const time = (v: unknown) => (v === null || v === undefined ? '' : formatDateTime(Number(v)));
  return {
    id: Number(r.id),
    task_id: Number(r.task_id),
    trigger: r.trigger === 'manual' ? 'manual' : 'schedule',
    username: String(r.username ?? ''),
    scheduled: time(r.scheduled_at),
    started: time(r.started_at),
    finished: time(r.finished_at),
    result: String(r.result) as TimedTaskRun['result'],
    output_tail: storedLines(String(r.output_tail ?? ''), lang),
  };
}

function verbs(calls: ReturnType<typeof timedTaskCalls>): AnyAction[] {
  return [
    defineCallAction(calls.runNow, {
      summary:
        'Runs a task now, recorded in its history; waits up to 2 s for the result, else answers result running (poll history). 423 while it is already running',
      access: 'module',
      async handler(ctx, input) {
        const row = await findTask(ctx, input.id, ctx.caller.isOperations ? ctx.scope.write : [0]);
        const task = toTask(row);
        if (!allowedTypes(ctx).includes(task.type))
          throw new ApiError(
            Code.forbidden,
            say(ctx.lang, 'scheduler.taskTypeCannotRun', { type: task.type }),
          );
        const scheduler = schedulerOf(ctx.app);
        if (await scheduler.isRunning(task.id))
          throw new ApiError(Code.locked, say(ctx.lang, 'scheduler.taskAlreadyRunning'));
        const run = await scheduler.begin(task, 'manual', ctx.caller.user.username, null);
        if (!run) throw new ApiError(Code.locked, say(ctx.lang, 'scheduler.taskAlreadyRunning'));
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          run.done,
          new Promise((resolve) => {
            timer = setTimeout(resolve, RUN_NOW_WAIT_MS);
          }),
        ]);
        clearTimeout(timer);
        const stored = await db(ctx.app)
          .selectFrom('timed_task_run')
          .selectAll()
          .where('id', '=', run.runId)
          .executeTakeFirstOrThrow();
        ctx.logDetail = `task #${task.id} ${task.name} (${task.type})`;
        return runRecord(stored, ctx.lang);
      },
    }),
    defineCallAction(calls.history, {
      summary: 'Runs of a task, newest first: {started, finished, result, output_tail}',
      access: 'module',
      async handler(ctx, input) {
        await findTask(ctx, input.id, ctx.scope.read);
        const base = db(ctx.app).selectFrom('timed_task_run').where('task_id', '=', input.id);
        const [{ total }, rows] = await Promise.all([
          base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
          base
            .selectAll()
            .orderBy('id', 'desc')
            .limit(input.limit)
            .offset((input.page - 1) * input.limit)
            .execute(),
        ]);
        return { total: Number(total), list: rows.map((r) => runRecord(r, ctx.lang)) };
      },
    }),
    defineCallAction(calls.nextRuns, {
      summary: 'The next 5 run times of a task (id), or of a cron expression being edited (cron)',
      access: 'module',
      mutates: false,
      async handler(ctx, input) {
        let cron = input.cron;
        if (cron === undefined) {
          if (input.id === undefined) throw invalidField('id', say(ctx.lang, 'scheduler.idCronRequired'));
          cron = String((await findTask(ctx, input.id, ctx.scope.read)).cron ?? '');
        }
        const err = cronError(cron, ctx.lang);
        if (err) throw invalidField('cron', err);
        return { cron, next: nextCronRuns(cron, ctx.app.now(), input.count).map(formatDateTime) };
      },
    }),
  ];
}

export const schedulerActions: AnyAction[] = timedTaskEndpointCalls.flatMap(verbs);

/** Checks what the generic add/edit would store against the task rules (422, nothing written). */
async function checkTaskWrite(ctx: SignedInContext, body: Record<string, unknown>, method: 'add' | 'edit') {
  let current: Record<string, unknown> = {};
  if (method === 'edit') {
    const id = Number(body.id);
    if (!Number.isInteger(id) || id <= 0) return; // the generic handler answers this
    const row = await scoped(ctx).selectFrom(TASK_TABLE).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return; // the generic handler answers 404
    current = row;
  }
  const given = (k: string) => body[k] !== undefined;
  if (method === 'edit' && given('cron') && (body.cron === '' || body.cron === null))
    throw invalidField('cron', say(ctx.lang, 'scheduler.scheduleCronRequired'));
  const type = String(given('type') ? (body.type ?? '') : (current.type ?? ''));
  if (!type) throw invalidField('type', say(ctx.lang, 'scheduler.actionTypeRequired'));
  const allowed = allowedTypes(ctx);
  if (!allowed.includes(type as JobType)) {
    throw invalidField(
      'type',
      ctx.caller.isOperations
        ? say(ctx.lang, 'scheduler.actionTypeOperationsTasks', { allowed: allowed.join(', ') })
        : say(ctx.lang, 'scheduler.actionTypeMustOne', { allowed: allowed.join(', ') }),
    );
  }
  const params = given('params') ? paramsObject(body.params) : storedParams(current.params);
  checkJobParams(type as JobType, params, ctx.lang);
}

/**
 * Sets next_run_at of the given tasks of the call's write site from their stored cron expression
 * and state: ids of another site (a state call names any ids) are left alone.
 */
export async function refreshNextRun(ctx: SignedInContext, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await scoped(ctx)
    .selectFrom(TASK_TABLE, ctx.scope.write)
    .select(['id', 'cron', 'enabled'])
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) {
    const cron = String(r.cron ?? '');
    const next = Number(r.enabled) && cronError(cron) === null ? nextCronRun(cron, ctx.app.now()) : null;
    await scoped(ctx)
      .updateTable(TASK_TABLE)
      .set({ next_run_at: next === null ? null : formatDateTime(next) })
      .where('id', '=', Number(r.id))
      .execute();
  }
}

/**
 * The generic record calls of the two task endpoints, with the task rules around them: checked
 * before add and edit, next_run_at set after add, edit and state, history removed with a task.
 */
export function withTimedTaskRules(actions: readonly AnyAction[]): AnyAction[] {
  const paths = new Set(ENDPOINTS.map((p) => p.toLowerCase()));
  return actions.map((a) => {
    if (!paths.has(a.path.toLowerCase())) return a;
    const inner = a.handler;
    switch (a.method) {
      case 'add':
      case 'edit':
        return {
          ...a,
          async handler(ctx: SignedInContext, input: Record<string, unknown>) {
            await checkTaskWrite(ctx, input, a.method as 'add' | 'edit');
            const out = (await inner(ctx, input)) as { id: number };
            await refreshNextRun(ctx, [out.id]);
            return out;
          },
        };
      case 'state':
        return {
          ...a,
          async handler(ctx: SignedInContext, input: { ids: number[] }) {
            const out = await inner(ctx, input);
            await refreshNextRun(ctx, input.ids);
            return out;
          },
        };
      case 'del':
        return {
          ...a,
          async handler(ctx: SignedInContext, input: { ids: number[] }) {
            const out = await inner(ctx, input);
            const left = await db(ctx.app)
              .selectFrom(TASK_TABLE)
              .select('id')
              .where('id', 'in', input.ids)
              .execute();
            const gone = input.ids.filter((id) => !left.some((r) => Number(r.id) === id));
            if (gone.length)
              await db(ctx.app).deleteFrom('timed_task_run').where('task_id', 'in', gone).execute();
            return out;
          },
        };
      default:
        return a;
    }
  });
}
