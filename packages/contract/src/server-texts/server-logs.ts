/** The server's texts of one area (server-texts/index.ts). */
export const serverLogsTexts = {
  'serverLogs.dateMustDayYyyy': { en: 'date must be a day as YYYY-MM-DD', zh_CN: '日期格式须为 YYYY-MM-DD' },
  'serverLogs.noServerLog': { en: 'No server log for {date}', zh_CN: '没有 {date} 的服务器日志' },
  'serverLogs.intRange': { en: '{field} must be {min}–{max}', zh_CN: '{field} 须为 {min}–{max}' },
  'serverLogs.modeMustTailPage': { en: 'mode must be tail or page', zh_CN: 'mode 须为 tail 或 page' },
  'serverLogs.orderMustAscDesc': { en: 'order must be asc or desc', zh_CN: 'order 须为 asc 或 desc' },
  'serverLogs.keepDaysRequired': { en: 'keep_days is required', zh_CN: '请输入保留天数' },
  'serverLogs.levelMustOne': { en: 'level must be one of {levels}', zh_CN: '级别须为 {levels} 之一' },
} as const;
