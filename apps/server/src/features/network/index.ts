/** What other areas use of network: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { networkActions } from './actions.ts';

export type { LiveInterface } from './live.ts';
export { liveInterfaces } from './live.ts';
export type { NetworkDoc } from './model.ts';
export { addressDev, LABELS, normalizeDoc } from './model.ts';
export { readIface } from './rules.ts';
export type { SaveReply } from './service.ts';
export { changeNetwork, loadNetwork, NETWORK_DOC, netContext } from './service.ts';

/** The network feature for app.ts: the network interfaces. */
export const networkFeature: Feature = {
  name: 'network',
  actions: networkActions,
};
