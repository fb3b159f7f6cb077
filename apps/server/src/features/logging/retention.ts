import type { AppContext } from '../../platform/app-context.ts';
import { getSettings } from '../../platform/settings/settings.ts';

/**
 * system/OperationLog's retention (DOMAIN: setting retention_days, 180; a purge job removes expired
 * rows). The scheduler runs the purge daily at this time (scheduler.ts logRetention); a clean_logs
 * task without its own age uses the same number of days.
 */
export const LOG_RETENTION_CRON = '30 3 * * *';
export const LOG_RETENTION_MIN_DAYS = 1;
export const LOG_RETENTION_MAX_DAYS = 3650;

export async function logRetentionDays(app: AppContext): Promise<number> {
  const n = Number((await getSettings(app)).log_retention_days);
  return Number.isInteger(n) && n >= LOG_RETENTION_MIN_DAYS && n <= LOG_RETENTION_MAX_DAYS ? n : 180;
}
