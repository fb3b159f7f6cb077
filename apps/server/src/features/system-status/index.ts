/** What other areas use of system-status: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { systemStatusActions } from './actions.ts';
import { hostCollector } from './collector.ts';

export { hostCollector } from './collector.ts';

/** The system-status feature for app.ts: the host status; a recent host reading at all times, so the dashboard never waits for one. */
export const systemStatusFeature: Feature = {
  name: 'system-status',
  actions: systemStatusActions,
  services: [() => ({ stop: hostCollector().keepWarm() })],
};
