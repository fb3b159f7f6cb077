/** What other areas use of network: the one door into it (docs/architecture.md). */

export type { LiveInterface } from './live.ts';
export { liveInterfaces } from './live.ts';
export type { NetworkDoc } from './model.ts';
export { addressDev, LABELS, normalizeDoc } from './model.ts';
export { readIface } from './rules.ts';
export type { SaveReply } from './service.ts';
export { changeNetwork, loadNetwork, NETWORK_DOC, netContext } from './service.ts';
