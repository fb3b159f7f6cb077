/** What other areas use of hot-standby: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { hotStandbyActions } from './actions.ts';
import { registerSyncRoutes } from './sync-receive.ts';
import { startSyncWatch } from './sync-watch.ts';

/**
 * The hot-standby feature for app.ts: hot standby, and the configuration sync between the two
 * gateways (its routes on the backup, its watch of configuration changes on the master).
 */
export const hotStandbyFeature: Feature = {
  name: 'hot-standby',
  actions: hotStandbyActions,
  routes: [registerSyncRoutes],
  services: [startSyncWatch],
};
