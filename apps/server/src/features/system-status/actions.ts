import { statusCalls } from '@igs/contract/calls';
import { defineCallAction } from '../../platform/http/action.ts';
import { hostCollector } from './collector.ts';

export const RUNNING_PATH = statusCalls.running.path;

/** `system/running` (system/OperationStatus): the host's live state; nothing is stored. */
export const systemStatusActions = [
  defineCallAction(statusCalls.running, {
    summary:
      'Operation status: host, OS, kernel, uptime, CPU (model, cores, load, use since the previous call), memory and swap, disk use per mount, interface rates, temperatures, versions and gateway service processes',
    access: 'module',
    mutates: false,
    async handler({ app }) {
      const status = await hostCollector().status();
      return { ...status, generated_at: app.now() };
    },
  }),
];
