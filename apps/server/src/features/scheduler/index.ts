/** What other areas use of scheduler: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { schedulerActions, withTimedTaskRules } from './actions.ts';
import { startScheduler } from './scheduler.ts';

/** The scheduler feature for app.ts: scheduled tasks: the task rules and next_run_at around the generic calls of the task endpoints, and the scheduler. */
export const schedulerFeature: Feature = {
  name: 'scheduler',
  actions: schedulerActions,
  followers: [withTimedTaskRules],
  services: [startScheduler],
};
