/** What other areas use of system-tools: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { systemToolActions } from './actions.ts';

/** The system-tools feature for app.ts: the network tools (ping, traceroute…). */
export const systemToolsFeature: Feature = {
  name: 'system-tools',
  actions: systemToolActions,
};
