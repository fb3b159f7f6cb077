/** What other areas use of logging: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { loggingActions } from './actions.ts';

export { LOG_RETENTION_CRON, logRetentionDays } from './retention.ts';

/** The logging feature for app.ts: the operation and login logs. */
export const loggingFeature: Feature = {
  name: 'logging',
  actions: loggingActions,
};
