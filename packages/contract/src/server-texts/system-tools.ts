/** The server's texts of one area (server-texts/index.ts). */
export const toolsTexts = {
  'tools.notInstalledGatewaySo': {
    en: '{missing} is not installed on this gateway, so {tool} cannot run',
    zh_CN: '本网关未安装 {missing}，无法运行 {tool}',
  },
  'tools.toolAlreadyRunningAccount': {
    en: 'A tool is already running for this account; wait for it to finish',
    zh_CN: '本账号已有工具在运行，请等待其结束',
  },
  'tools.stoppedRunsLimitedS': {
    en: '\n[stopped: runs are limited to {value} s]\n',
    zh_CN: '\n[已停止：每次运行最长 {value} 秒]\n',
  },
  'tools.hostRequired': { en: 'host is required', zh_CN: '请输入主机名或 IP 地址' },
  'tools.hostMustHostName': {
    en: 'host must be a host name or an IP address (no spaces, may not start with "-")',
    zh_CN: '主机须为主机名或 IP 地址（不能含空格，不能以“-”开头）',
  },
  'tools.arpFiltersIpAddress': { en: 'arp filters by IP address only', zh_CN: 'ARP 只能按 IP 地址筛选' },
  'tools.countMust': { en: 'count must be 1–10', zh_CN: '次数须为 1–10' },
  'tools.portMust': { en: 'port must be 1–65535', zh_CN: '端口须为 1–65535' },
  'tools.portRequiredTcpPort': { en: 'port is required for tcp_port', zh_CN: 'TCP 端口检测需要端口' },
  'tools.none': { en: '(none)', zh_CN: '（无）' },
  'tools.noAnswerWithinS': {
    en: 'no answer within {value} s (filtered or host down)',
    zh_CN: '{value} 秒内无应答（被过滤或主机不可达）',
  },
  'tools.openConnectedMs': {
    en: 'open: connected to {address}:{port} in {ms} ms',
    zh_CN: '端口开放：{ms} 毫秒内连接到 {address}:{port}',
  },
  'tools.closedConnectionRefused': { en: 'closed: connection refused', zh_CN: '端口关闭：连接被拒绝' },
  'tools.failed': { en: 'failed', zh_CN: '失败' },
  'tools.toolMustOne': { en: 'tool must be one of {options}', zh_CN: '工具须为 {options} 之一' },
  'tools.ifaceMustOneGateway': {
    en: "iface must be one of this gateway's interfaces: {interfaces}",
    zh_CN: '网卡须为本机网卡之一：{interfaces}',
  },
  'tools.finished': {
    en: '[finished: exit {exit}, {seconds} s]',
    zh_CN: '[结束：退出码 {exit}，{seconds} 秒]',
  },
  'tools.killed': { en: 'killed', zh_CN: '已终止' },
} as const;
