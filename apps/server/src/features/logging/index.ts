/** What other areas use of logging: the one door into it (docs/architecture.md). */
export { LOG_RETENTION_CRON, logRetentionDays } from './retention.ts';
