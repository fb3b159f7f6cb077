/** What other areas use of device-presence: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { startDevicePresence } from './sweep.ts';

/** The device-presence feature for app.ts: clears the online flag of APs and CPEs that stopped calling in. */
export const devicePresenceFeature: Feature = {
  name: 'device-presence',
  services: [(app) => startDevicePresence(app)],
};
