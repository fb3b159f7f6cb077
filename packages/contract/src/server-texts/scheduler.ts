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
    en: 'service must be one of: {options}',
    zh_CN: 'service 必须是以下之一：{options}',
  },
  'scheduler.commandMustOne': {
    en: 'command must be one of: {options}',
    zh_CN: 'command 必须是以下之一：{options}',
  },
  'scheduler.textCharactersRequiredShow': {
    en: 'text (1-500 characters) is required for show_message',
    zh_CN: 'show_message 需要 text（1-500 个字符）',
  },
  'scheduler.areaIdsMustList': {
    en: 'area_ids must be a list of area ids',
    zh_CN: 'area_ids 必须是区域编号列表',
  },
  'scheduler.job.logsDeleted': {
    en: 'Deleted {n|# operation-log entry|# operation-log entries} older than {days|# day|# days}',
    zh_CN: '已删除 {days} 天以前的操作日志 {n} 条',
  },
  'scheduler.job.cacheCleared': {
    en: 'Cleared the caches of the server instance that ran the task and removed expired captchas and downloads; other instances refresh theirs within seconds',
    zh_CN: '已清除执行该任务的服务器实例的缓存，并删除过期的验证码和下载；其他实例将在数秒内刷新',
  },
  'scheduler.job.backupMade': {
    en: 'Backup {file} ({size} bytes, {contents}); {pruned|# old automatic backup|# old automatic backups} removed',
    zh_CN: '已备份 {file}（{size} 字节，{contents}）；已删除旧的自动备份 {pruned} 个',
  },
  'scheduler.job.unknownService': { en: 'Unknown service "{key}"', zh_CN: '未知服务“{key}”' },
  'scheduler.job.unknownType': { en: 'Unknown task type "{type}"', zh_CN: '未知任务类型“{type}”' },
  'scheduler.job.noXmltvSource': {
    en: 'No enabled source has an XMLTV address',
    zh_CN: '没有已启用且配置了XMLTV地址的直播源',
  },
  'scheduler.job.noSourceToSync': {
    en: 'No enabled source to synchronise',
    zh_CN: '没有需要同步的已启用直播源',
  },
  'scheduler.job.guideRefreshed': {
    en: 'EPG: {inserted|# programme|# programmes} on {channels|# channel|# channels}, {skipped} skipped',
    zh_CN: '节目单：{channels} 个频道共 {inserted} 个节目，跳过 {skipped} 个',
  },
  'scheduler.job.sourceSynced': {
    en: '{total|# channel|# channels}: {inserted} new, {updated} updated, {removed} removed',
    zh_CN: '{total} 个频道：新增 {inserted}，更新 {updated}，删除 {removed}',
  },
  'scheduler.job.sourceLine': { en: '#{id} {name}: {what}', zh_CN: '#{id} {name}：{what}' },
  'scheduler.job.sourceFailed': {
    en: '#{id} {name}: failed: {message}',
    zh_CN: '#{id} {name}：失败：{message}',
  },
  'scheduler.job.inAreas': { en: ' in areas #{ids}', zh_CN: '（区域 #{ids}）' },
  'scheduler.job.noTerminal': {
    en: 'No authorised terminal{where}: "{command}" was not queued',
    zh_CN: '没有已授权的终端{where}：未排队“{command}”',
  },
  'scheduler.job.commandQueued': {
    en: 'Queued "{command}" for {n|# terminal|# terminals}{where}; they take it at their next heartbeat',
    zh_CN: '已为 {n} 台终端{where}排队“{command}”，终端将在下次心跳时执行',
  },
  'scheduler.job.notApplied': {
    en: 'not applied on this host (IGS_APPLY is not 1): {line}',
    zh_CN: '未在本机生效（IGS_APPLY 未设为 1）：{line}',
  },
  'scheduler.job.notInstalled': { en: '{file} is not installed', zh_CN: '未安装 {file}' },
  'scheduler.job.commandFailed': { en: '{line}: {why}', zh_CN: '{line}：{why}' },
  'scheduler.job.missed': {
    en: 'Missed: the server was not running at {due}; the task was not run late',
    zh_CN: '已错过：{due} 时服务器未运行，任务不会补执行',
  },
  'scheduler.job.stillRunning': {
    en: 'Skipped: the previous run of this task is still going',
    zh_CN: '已跳过：该任务的上一次执行尚未结束',
  },
  'scheduler.job.interrupted': {
    en: 'Interrupted: the server stopped during the run; its unfinished files were removed',
    zh_CN: '已中断：执行期间服务器停止，未完成的文件已删除',
  },
  'scheduler.job.instanceLost': {
    en: 'Failed: instance {instance} stopped answering during the run (last heartbeat {at}); its unfinished files were removed',
    zh_CN: '失败：执行期间实例 {instance} 停止响应（最后心跳 {at}），未完成的文件已删除',
  },
  'scheduler.job.takenOver': {
    en: 'Taken over: instance {instance} stopped answering during the run (last heartbeat {at}); instance {by} ran the task again',
    zh_CN: '已接管：执行期间实例 {instance} 停止响应（最后心跳 {at}），由实例 {by} 重新执行',
  },
  'scheduler.lastResult': { en: '{result}: {line}', zh_CN: '{result}：{line}' },
  'scheduler.result.success': { en: 'success', zh_CN: '成功' },
  'scheduler.result.fail': { en: 'failed', zh_CN: '失败' },
  'scheduler.result.skipped': { en: 'skipped', zh_CN: '已跳过' },
} as const;
