/** What other areas use of ac: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { acAgentActions } from './agent.ts';
import { acRules } from './rules.ts';
import { acVerbs } from './verbs.ts';

export { AC_AGENT, AGENT_POLL_S, AP_ONLINE_WINDOW_S } from './agent.ts';
export { forgetOfflineStations } from './clients.ts';
export { expireUpgrades } from './upgrades.ts';

/** The ac feature for app.ts: AP agents (/api/ac/agent/* with the shared AC_AGENT_KEY), the AP verbs and write rules. */
export const acFeature: Feature = {
  name: 'ac',
  actions: acAgentActions,
  registrations: [...acVerbs, ...acRules],
};
