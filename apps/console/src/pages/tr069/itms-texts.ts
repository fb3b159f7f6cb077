import { registerTexts, type Texts } from '../../i18n/index.ts';

const texts: Texts = {
  'itms.lan': { en: 'LAN address', zh_CN: '局域网地址' },
  'itms.listening': {
    en: 'Something accepts connections on CWMP port {{port}}',
    zh_CN: 'CWMP端口 {{port}} 正在监听',
  },
  'itms.notListening': {
    en: 'Nothing listens on CWMP port {{port}} of this gateway: CPEs cannot inform until the ACS service runs',
    zh_CN: '本网关的CWMP端口 {{port}} 无服务监听：ACS服务运行前终端无法上报',
  },
  'itms.option43': { en: 'dnsmasq line for DHCP option 43', zh_CN: 'DHCP选项43的dnsmasq配置行' },
  'itms.testTitle': { en: 'Test a connection request', zh_CN: '测试连接请求' },
  'itms.testDevice': { en: 'CPE (device id)', zh_CN: '终端（设备标识）' },
  'itms.testRun': { en: 'Send connection request', zh_CN: '发送连接请求' },
  'itms.testHint': {
    en: 'Uses the stored connection request credentials: save changes first.',
    zh_CN: '使用已保存的连接请求凭据，请先保存修改。',
  },
  'itms.testOk': {
    en: '{{url}} answered HTTP {{status}} ({{auth}})',
    zh_CN: '{{url}} 返回 HTTP {{status}}（{{auth}}）',
  },
  'itms.guessed': {
    en: 'The CPE has not reported its URL yet; the default port 7547 was tried.',
    zh_CN: '终端尚未上报连接请求地址，已尝试默认端口 7547。',
  },
};

registerTexts(texts);
