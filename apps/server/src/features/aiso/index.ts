/** What other areas use of aiso: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { aisoVerbs } from './verbs.ts';

/** The aiso feature for app.ts: alarms and multi-party calls: verbs. */
export const aisoFeature: Feature = {
  name: 'aiso',
  registrations: aisoVerbs,
};
