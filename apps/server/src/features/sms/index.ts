/** What other areas use of sms: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { smsActions } from './actions.ts';

export { missingSetting } from './send.ts';

/** The sms feature for app.ts: text messages. */
export const smsFeature: Feature = {
  name: 'sms',
  actions: smsActions,
};
