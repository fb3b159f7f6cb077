/** What other areas use of server-logs: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { serverLogActions } from './actions.ts';

/** The server-logs feature for app.ts: the server's log files. */
export const serverLogsFeature: Feature = {
  name: 'server-logs',
  actions: serverLogActions,
};
