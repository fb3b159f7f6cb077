/** The server's texts of one area (server-texts/index.ts). */
export const loggingTexts = {
  'logging.retentionDaysMustWhole': {
    en: 'retention_days must be a whole number from {LOG_RETENTION_MIN_DAYS} to {LOG_RETENTION_MAX_DAYS}',
    zh_CN: 'retention_days 须为 {LOG_RETENTION_MIN_DAYS}–{LOG_RETENTION_MAX_DAYS} 的整数',
  },
} as const;
