/** What other areas use of tr069-extras: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { tr069ExtrasActions } from './actions.ts';
import { tr069Verbs } from './device-verbs.ts';
import { tr069Rules } from './rules.ts';

export { itmsConfig } from './actions.ts';
export { digestResponse } from './digest.ts';

/** The tr069-extras feature for app.ts: TR-069 beyond the records: the CPE verbs and write rules. */
export const tr069ExtrasFeature: Feature = {
  name: 'tr069-extras',
  actions: tr069ExtrasActions,
  registrations: [...tr069Verbs, ...tr069Rules],
};
