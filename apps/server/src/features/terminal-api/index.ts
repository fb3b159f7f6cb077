/** What other areas use of terminal-api: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { terminalApiActions } from './actions.ts';
import { startTerminalPresence } from './presence.ts';

export { TERMINAL_API } from './actions.ts';
export {
  HEARTBEAT_S,
  TERMINAL_FIGURES,
  type TerminalFigures,
  terminalFiguresBySite,
} from './presence.ts';
export { TABLES } from './records.ts';
export { clientIp } from './register.ts';

/** The terminal-api feature for app.ts: set-top boxes, TVs and pads: /api/terminal/* with a per-terminal token; `offline` events after 3 missed heartbeats. */
export const terminalApiFeature: Feature = {
  name: 'terminal-api',
  actions: terminalApiActions,
  services: [(app) => startTerminalPresence(app)],
};
