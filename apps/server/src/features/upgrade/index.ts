/** What other areas use of upgrade: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { upgradeActions } from './actions.ts';

/** The upgrade feature for app.ts: the system upgrade. */
export const upgradeFeature: Feature = {
  name: 'upgrade',
  actions: upgradeActions,
};
