/** What other areas use of licence: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { licenceActions } from './actions.ts';

/** The licence feature for app.ts: the licence. */
export const licenceFeature: Feature = {
  name: 'licence',
  actions: licenceActions,
};
