/** What other areas use of hot-standby: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { hotStandbyActions } from './actions.ts';

/** The hot-standby feature for app.ts: hot standby. */
export const hotStandbyFeature: Feature = {
  name: 'hot-standby',
  actions: hotStandbyActions,
};
