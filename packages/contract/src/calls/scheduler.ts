import { z } from 'zod';
import { SystemAdminPaths, type TimedTaskRun } from '../system-admin.ts';
import { defineCall, paging } from './define.ts';

/**
 * system/ScheduledTask beside its generic record calls: the next run times, the run history and
 * "run now". They are served on the task endpoint of full mode and on its operations twin: one
 * set of calls per endpoint, made by timedTaskCalls.
 */

const id = z.coerce.number({ error: 'id is required' }).int().positive('id is required');

/** One run of a task, its output's own sentences in the reader's language. */
export const TimedTaskRunRow: z.ZodType<TimedTaskRun> = z.object({
  id: z.number(),
  task_id: z.number(),
  trigger: z.enum(['schedule', 'manual']),
  username: z.string(),
  /** Date and time, or '' when not known (yet). */
  scheduled: z.string(),
  started: z.string(),
  finished: z.string(),
  result: z.enum(['running', 'success', 'fail', 'skipped']),
  output_tail: z.string(),
});

const RunsInput = z.object({
  id,
  ...paging,
  limit: z.coerce.number().int().min(1).max(100).optional().default(20),
});
const Runs = z.object({ total: z.number(), list: z.array(TimedTaskRunRow) });
const NextRunsInput = z.object({
  id: id.optional(),
  cron: z.string().trim().max(255).optional(),
  count: z.coerce.number().int().min(1).max(20).optional().default(5),
});
const NextRuns = z.object({ cron: z.string(), next: z.array(z.string()) });

/** The task verbs on `endpoint` (system/timed_task or its operations twin). */
export function timedTaskCalls(endpoint: string) {
  return {
    /** Runs a task now; waits up to 2 s for the result, else answers result running. */
    runNow: defineCall({
      path: endpoint,
      method: 'run_now',
      input: z.object({ id }),
      output: TimedTaskRunRow,
    }),
    /** Runs of a task, newest first. */
    history: defineCall({ path: endpoint, method: 'history', input: RunsInput, output: Runs }),
    /** The next run times of a task (id), or of a cron expression being edited (cron). */
    nextRuns: defineCall({ path: endpoint, method: 'next_runs', input: NextRunsInput, output: NextRuns }),
  };
}

/** Each task endpoint's calls. */
export const timedTaskEndpointCalls = [SystemAdminPaths.timedTask, SystemAdminPaths.opsTimedTask].map(
  timedTaskCalls,
);
