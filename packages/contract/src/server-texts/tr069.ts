/** The server's texts of one area (server-texts/index.ts). */
export const tr069Texts = {
  'tr069.cpeNotFound': { en: 'CPE "{device_id}" was not found', zh_CN: '终端“{device_id}”不存在' },
  'tr069.setConnectionRequestUsername': {
    en: 'Set the connection request username and password first',
    zh_CN: '请先设置连接请求用户名和密码',
  },
  'tr069.cpeNotReportedConnection': {
    en: 'CPE "{device_id}" has not reported a connection request URL yet',
    zh_CN: '终端“{device_id}”尚未上报连接请求地址',
  },
  'tr069.cpeUnreachable': {
    en: 'CPE at {url} is unreachable: {reason}',
    zh_CN: '无法连接终端 {url}：{reason}',
  },
  'tr069.cpeRefusedConnectionRequest': {
    en: 'The CPE refused the connection request credentials (HTTP 401)',
    zh_CN: '终端拒绝了连接请求凭据（HTTP 401）',
  },
  'tr069.cpeAnsweredHttp': {
    en: 'CPE at {url} answered HTTP {status}',
    zh_CN: '终端 {url} 返回 HTTP {status}',
  },
  'tr069.cpeAcceptedConnectionRequest': {
    en: 'The CPE accepted the connection request (HTTP {status}) and will open a session',
    zh_CN: '终端已接受连接请求（HTTP {status}），将发起会话',
  },
  'tr069.parametersMustNonEmpty': {
    en: 'Parameters must be a non-empty list of [path, value, type]',
    zh_CN: '参数须为 [路径, 值, 类型] 的非空列表',
  },
  'tr069.mostParameters': { en: 'At most {max|# parameter|# parameters}', zh_CN: '最多 {max} 个参数' },
  'tr069.pathMustParameterSuch': {
    en: '#{n}: the path must be a parameter such as InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
    zh_CN: '第 {n} 项：路径须为参数名，如 InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
  },
  'tr069.valueRequired': { en: '#{n}: a value is required', zh_CN: '第 {n} 项：须填写值' },
  'tr069.notValid': { en: '#{n}: "{v}" is not a valid {xsd}', zh_CN: '第 {n} 项：“{v}”不是有效的 {xsd}' },
  'tr069.cpeFileDoesNot': { en: 'CPE file #{file_id} does not exist', zh_CN: '终端文件 #{file_id} 不存在' },
  'tr069.setCredentialsFirst': {
    en: 'Set the connection request username and password in ITMS first',
    zh_CN: '请先在 ITMS 配置中设置连接请求用户名和密码',
  },
  'tr069.noConnectionRequestUrl': {
    en: 'CPE {device_id} has not reported a connection request URL yet',
    zh_CN: '终端 {device_id} 尚未上报连接请求地址',
  },
  'tr069.alreadyTags': { en: '#{id} already has 32 tags', zh_CN: '#{id} 已有 32 个标签' },
  'tr069.matchSoftwareVersionNot': {
    en: 'Match software version is not a valid regular expression: {message}',
    zh_CN: '匹配软件版本不是有效的正则表达式：{message}',
  },
  'tr069.targetSoftwareVersionRequired': {
    en: 'Target software version is required with a firmware file',
    zh_CN: '选择了固件文件时须填写目标软件版本',
  },
  'tr069.firmwareFileRequiredTarget': {
    en: 'Firmware file is required with a target software version',
    zh_CN: '填写目标软件版本时须选择固件文件',
  },
  'tr069.tagsMustList': { en: 'Tags must be a list', zh_CN: '标签须为数组' },
  'tr069.mostTags': { en: 'At most {max|# tag|# tags}', zh_CN: '最多 {max} 个标签' },
  'tr069.tagMayContainLetters': {
    en: 'A tag may contain letters, digits, _ and - only: {map}',
    zh_CN: '标签只能包含字母、数字、_ 和 -：{map}',
  },
  'tr069.typeMustOne': {
    en: '#{n}: the type must be one of {options}',
    zh_CN: '第 {n} 项：类型须为 {options} 之一',
  },
  'tr069.taskQueued': {
    en: '{task} queued for {n|# CPE|# CPEs}{already}; {reached} reached by a connection request, the others take it at their next inform',
    zh_CN: '已为 {n} 台终端排队 {task}{already}；{reached} 台已通过连接请求唤醒，其余将在下次上报时执行',
  },
  'tr069.wakingPaced': {
    en: '; {n|# more CPE is|# more CPEs are} being woken by connection requests at {rate} per second',
    zh_CN: '；另有 {n} 台终端正按每秒 {rate} 个的速度通过连接请求唤醒',
  },
  'tr069.tasksCancelled': {
    en: '{n|# pending task|# pending tasks} cancelled',
    zh_CN: '已取消 {n} 个待执行任务',
  },
  'tr069.alreadyHadItPending': { en: ' ({n} already had it pending)', zh_CN: '（{n} 台已在排队）' },
  'tr069.rebootQueued': {
    en: 'Reboot queued for {n|# CPE|# CPEs}{already}; they take it at their next inform',
    zh_CN: '已为 {n} 台终端排队重启{already}；终端将在下次上报时执行',
  },
  'tr069.alreadyPending': { en: ', {n} already pending', zh_CN: '，{n} 台已在排队' },
  'tr069.credentialsAcs': { en: 'ACS', zh_CN: 'ACS' },
  'tr069.credentialsConnectionRequest': { en: 'connection request', zh_CN: '连接请求' },
  'tr069.passwordWithUsername': {
    en: 'The {what} password is required with its username',
    zh_CN: '请填写{what}密码',
  },
  'tr069.usernameWithPassword': {
    en: 'The {what} username is required with its password',
    zh_CN: '请填写{what}用户名',
  },
} as const;
