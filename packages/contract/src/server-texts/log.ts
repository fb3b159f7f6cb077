/** Operation log details kept as keys (ctx.logDetail), read in the log reader's language. */
export const logTexts = {
  // A sign-in's detail: the mode it opened (the console's words for them), and a remembered device.
  'log.signedInFull': { en: 'full mode', zh_CN: '完整模式' },
  'log.signedInOperations': { en: 'operations mode', zh_CN: '运营模式' },
  'log.signedInFullRemembered': { en: 'full mode, remembered device', zh_CN: '完整模式，已记住的设备' },
  'log.signedInOperationsRemembered': {
    en: 'operations mode, remembered device',
    zh_CN: '运营模式，已记住的设备',
  },
  'log.handedOver': {
    en: 'account #{id} {username} handed over to another device',
    zh_CN: '账号 #{id} {username} 已转移到其他设备',
  },
  'log.preplanTest': {
    en: 'preplan #{id} tested: {ready} of {steps|# step|# steps} ready',
    zh_CN: '预案 #{id} 测试：{steps} 个步骤中 {ready} 个就绪',
  },
  'log.extensionsAdded': {
    en: 'extensions {from}–{to}: {count} added, {size} linked to areas',
    zh_CN: '分机 {from}–{to}：新增 {count} 个，{size} 个已关联区域',
  },
  'log.notifyStarted': {
    en: 'notification task #{id} started: {n|# call file|# call files}',
    zh_CN: '排队通知 #{id} 已启动：{n} 个呼叫文件',
  },
  'log.notifyCancelled': {
    en: 'notification task #{id} cancelled: {n|# call file|# call files} taken back',
    zh_CN: '排队通知 #{id} 已取消：收回 {n} 个呼叫文件',
  },
  'log.networkRolledBack': {
    en: 'network settings rolled back: {n|# file|# files} written',
    zh_CN: '网络设置已回滚：写入 {n} 个文件',
  },
  'log.signedOutEverywhere': {
    en: '{n|# session|# sessions} and the developer key ended',
    zh_CN: '已结束 {n} 个会话和开发者密钥',
  },
  'log.developerKeyMade': {
    en: 'developer key …{hint} made, ends {at}',
    zh_CN: '已生成开发者密钥 …{hint}，{at} 到期',
  },
  'log.drSent': {
    en: 'interface #{id}: database resync requested (DR)',
    zh_CN: '接口 #{id}：已请求数据同步（DR）',
  },
  'log.hisNoBed': { en: 'HIS {type} {bed_code}: no such bed', zh_CN: 'HIS {type} {bed_code}：没有该床位' },
  'log.roleSaved': {
    en: 'role #{id} {name}: {menus|# menu|# menus}, {buttons|# button|# buttons}',
    zh_CN: '角色 #{id} {name}：{menus} 个菜单，{buttons} 个按钮',
  },
  'log.mediaServerFailed': {
    en: 'media server #{id} tested: {api} failed',
    zh_CN: '媒体节点 #{id} 测试：{api} 失败',
  },
  'log.mediaServerOk': {
    en: 'media server #{id} tested: {api} answered',
    zh_CN: '媒体节点 #{id} 测试：{api} 正常',
  },
  'log.passwordReset': {
    en: 'account #{id} {username}: password reset',
    zh_CN: '账号 #{id} {username}：密码已重置',
  },
  'log.unlocked': { en: 'account #{id} {username}: unlocked', zh_CN: '账号 #{id} {username}：已解锁' },
  'log.sessionsEnded': {
    en: 'account #{id} {username}: {n|# session|# sessions} ended',
    zh_CN: '账号 #{id} {username}：已结束 {n} 个会话',
  },
  'log.cpeUnreachable': {
    en: 'connection request to {device_id}: {url} unreachable ({reason})',
    zh_CN: '向 {device_id} 发送连接请求：{url} 无法连接（{reason}）',
  },
  'log.m3uExported': { en: 'M3U: {n|# channel|# channels}', zh_CN: 'M3U：{n} 个频道' },
  'log.xmltvExported': {
    en: 'XMLTV: {channels|# channel|# channels}, {programmes|# programme|# programmes}',
    zh_CN: 'XMLTV：{channels} 个频道，{programmes} 个节目',
  },
  'log.switchover': {
    en: 'switched over to {role} (priority {priority})',
    zh_CN: '已切换为{role}（优先级 {priority}）',
  },
  'log.keepalivedReported': { en: 'keepalived reported {state}', zh_CN: 'keepalived 报告状态 {state}' },
} as const;
