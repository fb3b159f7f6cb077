/** What other areas use of device-tasks: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { deviceHistoryActions } from './history.ts';

export {
  cancelDeviceTasks,
  cancelOperationTasks,
  dropTasksOfDeletedDevices,
  noteOnTask,
  pendingOf,
  queueTasks,
  refreshPendingCounts,
  TASKS,
  taskArgs,
} from './queue.ts';
export { checkPlanWrite, noTargets, planTargets, runDuePlans, runPlan, targetList } from './reboot-plans.ts';

/** The device-tasks feature for app.ts: a CPE's and an AP's queued tasks (history on tr069/device and ac/ap). */
export const deviceTasksFeature: Feature = {
  name: 'device-tasks',
  actions: deviceHistoryActions,
};
