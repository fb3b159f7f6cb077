/** What other areas use of licence: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { startInstanceBeat } from '../../platform/licence/instances.ts';
import { licenceActions } from './actions.ts';

/** The licence feature for app.ts: the licence, and each instance recording its machine. */
export const licenceFeature: Feature = {
  name: 'licence',
  actions: licenceActions,
  services: [startInstanceBeat],
};
