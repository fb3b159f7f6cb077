/** What other areas use of ac: the one door into it (docs/architecture.md). */
export { AC_AGENT, AGENT_POLL_S, AP_ONLINE_WINDOW_S } from './agent.ts';
export { forgetOfflineStations } from './clients.ts';
export { expireUpgrades } from './upgrades.ts';
