import { registerTexts, type Texts } from '../../../i18n/index.ts';

const texts: Texts = {
  'tools.tool': { en: 'Tool', zh_CN: '工具' },
  'tools.tool.ping': { en: 'Ping', zh_CN: 'Ping' },
  'tools.tool.traceroute': { en: 'Traceroute', zh_CN: '路由跟踪' },
  'tools.tool.dns_lookup': { en: 'DNS lookup', zh_CN: '域名解析' },
  'tools.tool.tcp_port': { en: 'TCP port check', zh_CN: 'TCP 端口检测' },
  'tools.tool.arp': { en: 'ARP table', zh_CN: 'ARP 表' },
  'tools.notInstalled': { en: '{{program}} not installed', zh_CN: '未安装 {{program}}' },
  'tools.host': { en: 'Host', zh_CN: '主机' },
  'tools.hostPlaceholder': { en: 'host name or IP address', zh_CN: '主机名或 IP 地址' },
  'tools.hostOptional': { en: 'IP address (optional)', zh_CN: 'IP 地址（可选）' },
  'tools.hostRule': {
    en: 'A host name or an IP address: no spaces, may not start with "-"',
    zh_CN: '须为主机名或 IP 地址：不能含空格，不能以“-”开头',
  },
  'tools.hostRequired': { en: 'Please enter a host', zh_CN: '请输入主机' },
  'tools.count': { en: 'Count', zh_CN: '次数' },
  'tools.port': { en: 'Port', zh_CN: '端口' },
  'tools.portRequired': { en: 'Please enter a port (1–65535)', zh_CN: '请输入端口（1–65535）' },
  'tools.iface': { en: 'Interface', zh_CN: '网卡' },
  'tools.ifaceAny': { en: 'any', zh_CN: '不限' },
  'tools.run': { en: 'Run', zh_CN: '运行' },
  'tools.stop': { en: 'Stop', zh_CN: '停止' },
  'tools.clear': { en: 'Clear', zh_CN: '清空' },
  'tools.output': { en: 'Output', zh_CN: '输出' },
  'tools.idle': { en: 'The output appears here as it comes.', zh_CN: '运行结果将实时显示在这里。' },
  'tools.stopped': { en: '[stopped by you]', zh_CN: '[已手动停止]' },
  'tools.limits': {
    en: 'Each run stops after {{s}} s at most; one run at a time per account.',
    zh_CN: '每次运行最长 {{s}} 秒；每个账号同一时间只能运行一个。',
  },
};

registerTexts(texts);
