/** What other areas use of tr069-extras: the one door into it (docs/architecture.md). */
import { resourceByName } from '@igs/contract/resources';
import type { Feature } from '../../platform/feature.ts';
import type { AnyAction } from '../../platform/http/action.ts';
import { afterResourceWrites } from '../../platform/resources/after-writes.ts';
import { dropTasksOfDeletedDevices } from '../device-tasks/index.ts';
import { tr069ExtrasActions } from './actions.ts';
import { tr069Verbs } from './device-verbs.ts';
import { tr069Rules } from './rules.ts';
import { startWakeQueue } from './wake-queue.ts';

/** A deleted CPE's tasks go with it (pending ones would wait forever, or reach a reused id). */
const withDeviceTaskCleanup = (actions: readonly AnyAction[]): AnyAction[] =>
  afterResourceWrites(
    actions,
    [resourceByName('tr069:device')!.endpoint],
    async (app) => {
      await dropTasksOfDeletedDevices(app.db.kysely, 'tr069');
    },
    'removing the tasks of deleted CPEs',
  );

export { itmsConfig } from './actions.ts';
export { digestResponse } from './digest.ts';

/** The tr069-extras feature for app.ts: TR-069 beyond the records: the CPE verbs and write rules. */
export const tr069ExtrasFeature: Feature = {
  name: 'tr069-extras',
  actions: tr069ExtrasActions,
  registrations: [...tr069Verbs, ...tr069Rules],
  followers: [withDeviceTaskCleanup],
  services: [startWakeQueue],
};
