/** The server's texts of one area (server-texts/index.ts). */
export const servicesTexts = {
  'services.keyMustOne': {
    en: 'key must be one of: {options}',
    zh_CN: 'key 必须是以下之一：{options}',
  },
  'services.portsMustWholeNumbers': { en: 'ports must be whole numbers', zh_CN: '端口必须是整数' },
  'services.portsMustBetween': { en: 'ports must be between 1 and 65535', zh_CN: '端口必须在1到65535之间' },
  'services.portsMustListPort': { en: 'ports must be a list of port numbers', zh_CN: '端口必须是端口号列表' },
  'services.portsMost': { en: 'ports: at most 16', zh_CN: '端口最多16个' },
  'services.portsMustNotRepeat': { en: 'ports must not repeat', zh_CN: '端口不能重复' },
  'services.serverIdMustDigits': { en: 'server_id must be 20 digits', zh_CN: '服务器编号必须是20位数字' },
  'services.domainMustDigits': { en: 'domain must be 10 digits', zh_CN: '域必须是10位数字' },
  'services.portMustNumber': { en: 'port must be a number', zh_CN: '端口必须是数字' },
  'services.portMustWholeNumber': { en: 'port must be a whole number', zh_CN: '端口必须是整数' },
  'services.portMustBetween': { en: 'port must be between 1 and 65535', zh_CN: '端口必须在1到65535之间' },
  'services.passwordMustMostCharacters': {
    en: 'password must be at most 64 characters',
    zh_CN: '密码不能超过64个字符',
  },
  'services.appliesGb28181ServiceOnly': {
    en: '{f} applies to the gb28181 service only',
    zh_CN: '{f} 仅适用于 gb28181 服务',
  },
  'services.webConsoleCannotSwitch': {
    en: 'The web console cannot switch itself off',
    zh_CN: 'Web管理控制台不能在此停用自身',
  },
  'services.webConsoleRunsPage': {
    en: 'The web console runs this page: it is not started or stopped from here',
    zh_CN: 'Web管理控制台正运行本页面，不能在此启停',
  },
  'services.notInstalledHost': {
    en: '{title} is not installed on this host: {detail}',
    zh_CN: '本机未安装{title}：{detail}',
  },
  'services.savedNotInstalledHost': {
    en: 'Saved; {title} is not installed on this host',
    zh_CN: '已保存；本机未安装{title}',
  },
  'services.savedApplied': { en: 'Saved and applied', zh_CN: '已保存并生效' },
  'services.saved': { en: 'Saved', zh_CN: '已保存' },
  'services.deploymentPort': { en: 'the deployment (PORT)', zh_CN: '部署配置（PORT）' },
  'services.voiceBasicSettings': { en: 'Voice > Basic settings', zh_CN: '语音 > 基本设置' },
  'services.systemDnsDnsPort': {
    en: 'System > DNS (DNS port; DHCP is 67)',
    zh_CN: '系统 > DNS（DNS端口；DHCP固定67）',
  },
  'services.tr069ItmsCwmpPort': { en: 'TR069 > ITMS (CWMP port)', zh_CN: 'TR069 > ITMS（CWMP端口）' },
  'services.portFieldRow': { en: 'the port field of this row', zh_CN: '本行的端口字段' },
  'services.portClashPortAlready': {
    en: 'Port clash: port {port} of {mine} is already used by {theirs}',
    zh_CN: '端口冲突：{mine}的端口{port}已被{theirs}使用',
  },
  'services.portsSet': {
    en: 'The ports of {title} are set in {owner}',
    zh_CN: '{title}的端口请在{owner}中设置',
  },
  'services.notApplied': {
    en: 'Not applied on this host: IGS_APPLY is not 1',
    zh_CN: '未在本机生效：IGS_APPLY 未设为 1',
  },
  'services.notAppliedNotRun': {
    en: 'Not applied on this host: IGS_APPLY is not 1 (not run: {list})',
    zh_CN: '未在本机生效：IGS_APPLY 未设为 1（未执行：{list}）',
  },
  'services.noSystemd': {
    en: 'systemd is not running on this host, so {title} cannot be controlled from here ({commands})',
    zh_CN: '本机未运行 systemd，无法在此控制{title}（{commands}）',
  },
  'services.disabledEnableFirst': {
    en: '{title} is disabled: enable it before you {verb} it',
    zh_CN: '{title}已停用，请先启用再{verb}',
  },
  'services.verb.start': { en: 'start', zh_CN: '启动' },
  'services.verb.stop': { en: 'stop', zh_CN: '停止' },
  'services.verb.restart': { en: 'restart', zh_CN: '重启' },
  'services.done.start': { en: '{title} started', zh_CN: '{title}已启动' },
  'services.done.stop': { en: '{title} stopped', zh_CN: '{title}已停止' },
  'services.done.restart': { en: '{title} restarted', zh_CN: '{title}已重启' },
  'services.probe.self': { en: 'this server (pid {pid})', zh_CN: '本服务（进程号 {pid}）' },
  'services.probe.gbAgent': {
    en: 'inside this server (pid {pid}), UDP and TCP port {port}',
    zh_CN: '运行于本服务（进程号 {pid}），UDP与TCP端口 {port}',
  },
  'services.probe.gbNotRunning': {
    en: 'not running in this server: the service was disabled at start, GW_GB28181=off, or its port could not be bound',
    zh_CN: '未在本服务中运行：启动时服务已停用、GW_GB28181=off，或端口无法绑定',
  },
  'services.gbRunsInServer': {
    en: 'The GB28181 SIP agent runs inside this server: it starts with the server when the service is enabled (a change takes effect at the next restart)',
    zh_CN: 'GB28181 SIP服务运行于本服务之内：服务启用时随本服务启动（修改在下次重启后生效）',
  },
  'services.probe.notFound': {
    en: '{names} not found in PATH or the sbin folders',
    zh_CN: '在 PATH 和 sbin 目录中未找到 {names}',
  },
  'services.probe.systemctl': {
    en: 'systemctl is-active {unit}.service: {answer}',
    zh_CN: 'systemctl is-active {unit}.service：{answer}',
  },
  'services.probe.procRunning': {
    en: 'systemd is not running here: a {comm} process in /proc',
    zh_CN: '本机未运行 systemd：/proc 中有 {comm} 进程',
  },
  'services.probe.procNone': {
    en: 'systemd is not running here: no {comm} process in /proc',
    zh_CN: '本机未运行 systemd：/proc 中没有 {comm} 进程',
  },
} as const;
