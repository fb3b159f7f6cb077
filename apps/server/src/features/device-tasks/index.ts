/** What other areas use of device-tasks: the one door into it (docs/architecture.md). */
export { cancelOperationTasks, pendingOf, queueTasks, refreshPendingCounts, TASKS } from './queue.ts';
export { checkPlanWrite, noTargets, planTargets, runDuePlans, runPlan, targetList } from './reboot-plans.ts';
