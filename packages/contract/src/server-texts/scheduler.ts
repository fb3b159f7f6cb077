/** The server's texts of one area (server-texts/index.ts). */
export const schedulerTexts = {
  'scheduler.scheduledTaskNotFound': {
    en: 'Scheduled task #{id} was not found',
    zh_CN: '定时任务 #{id} 不存在',
  },
  'scheduler.taskTypeCannotRun': {
    en: 'Task type {type} cannot run in operations mode',
    zh_CN: '运营模式不能执行 {type} 类型的任务',
  },
  'scheduler.taskAlreadyRunning': { en: 'This task is already running', zh_CN: '该任务正在执行' },
  'scheduler.idCronRequired': { en: 'id or cron is required', zh_CN: '请提供 id 或 cron' },
  'scheduler.scheduleCronRequired': { en: 'Schedule (cron) is required', zh_CN: '请填写执行计划（cron）' },
  'scheduler.actionTypeRequired': { en: 'Action (type) is required', zh_CN: '请选择任务类型（type）' },
  'scheduler.actionTypeOperationsTasks': {
    en: 'Action (type): operations tasks may be one of {allowed}',
    zh_CN: '任务类型（type）：运营模式只能是 {allowed}',
  },
  'scheduler.actionTypeMustOne': {
    en: 'Action (type) must be one of: {allowed}',
    zh_CN: '任务类型（type）必须是以下之一：{allowed}',
  },
  'scheduler.mustJsonObject': { en: 'must be a JSON object', zh_CN: '必须是 JSON 对象' },
  'scheduler.olderThanDaysMust': {
    en: 'older_than_days must be a whole number from 1 to 3650',
    zh_CN: 'older_than_days 必须是 1 到 3650 的整数',
  },
  'scheduler.serviceMustOne': {
    en: 'service must be one of: {RESTARTABLE}',
    zh_CN: 'service 必须是以下之一：{RESTARTABLE}',
  },
  'scheduler.commandMustOne': {
    en: 'command must be one of: {SCHEDULABLE_COMMANDS}',
    zh_CN: 'command 必须是以下之一：{SCHEDULABLE_COMMANDS}',
  },
  'scheduler.textCharactersRequiredShow': {
    en: 'text (1-500 characters) is required for show_message',
    zh_CN: 'show_message 需要 text（1-500 个字符）',
  },
  'scheduler.areaIdsMustList': {
    en: 'area_ids must be a list of area ids',
    zh_CN: 'area_ids 必须是区域编号列表',
  },
} as const;
