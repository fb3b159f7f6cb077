import { registerTexts, type Texts } from '../../i18n/index.ts';

/** The dashboard's and the operations home's own texts (the shared ones are in the locale files). */
const texts: Texts = {
  'dashboard.card.extensions_registered': { en: 'Extensions registered', zh_CN: '已注册分机' },
  'dashboard.card.active_calls': { en: 'Calls in progress', zh_CN: '当前通话' },
  'dashboard.card.calls_today': { en: 'Calls today', zh_CN: '今日通话' },
  'dashboard.card.programmes_up': { en: 'Programmes up', zh_CN: '正常节目' },
  'dashboard.card.programmes_down': { en: 'Programmes down', zh_CN: '异常节目' },
  'dashboard.card.open_alarms': { en: 'Open alarms', zh_CN: '未关闭报警' },
  'dashboard.ofTotal': { en: 'of {{total}}', zh_CN: '共 {{total}}' },
  'dashboard.ofEnabled': { en: 'of {{total}} enabled', zh_CN: '共 {{total}} 个启用' },
  'dashboard.unknown': { en: 'Unknown', zh_CN: '未知' },
  'dashboard.unknown.asterisk_not_installed': { en: 'Asterisk is not installed', zh_CN: '未安装 Asterisk' },
  'dashboard.unknown.asterisk_stopped': { en: 'Asterisk is not running', zh_CN: 'Asterisk 未运行' },
  'dashboard.unknown.asterisk_console': {
    en: 'Asterisk’s console cannot be reached',
    zh_CN: '无法连接 Asterisk 控制台',
  },
  'dashboard.figures': { en: 'Figures', zh_CN: '运行概况' },
  'dashboard.trends': { en: 'Last 7 days', zh_CN: '近 7 天趋势' },
  'dashboard.trend.calls': { en: 'Calls per day', zh_CN: '每日通话' },
  'dashboard.trend.answered': { en: 'Answered', zh_CN: '已接听' },
  'dashboard.trend.missed': { en: 'Not answered', zh_CN: '未接通' },
  'dashboard.trend.otherOutcome': { en: 'Other', zh_CN: '其他' },
  'dashboard.trend.callsSource': { en: 'From the call records', zh_CN: '数据来自通话记录' },
  'dashboard.trend.terminalsOnline': { en: 'Terminals online per day', zh_CN: '每日在线终端' },
  'dashboard.trend.terminalsSeries': { en: 'Terminals online', zh_CN: '在线终端' },
  'dashboard.trend.terminalsSource': {
    en: 'Terminals that sent a heartbeat that day, sampled every minute',
    zh_CN: '当天发送过心跳的终端，每分钟采样',
  },
  'dashboard.trend.sampledSince': {
    en: 'Sampled since {{date}}; the days before have no data',
    zh_CN: '自 {{date}} 起采样，之前的日期无数据',
  },
  'dashboard.trend.notSampled': { en: 'No data (not sampled)', zh_CN: '无数据（未采样）' },
  'dashboard.trend.noneSampled': {
    en: 'No day sampled yet: the server records terminals online from now on',
    zh_CN: '尚无采样：服务器从现在起记录每日在线终端',
  },
  'dashboard.diskOf': { en: 'Disk ({{mount}})', zh_CN: '磁盘（{{mount}}）' },
  'dashboard.usedOf': { en: '{{used}} of {{total}}', zh_CN: '已用 {{used}} / 共 {{total}}' },
  'dashboard.cores': { en: '{{n}} cores', zh_CN: '{{n}} 核' },
  // Column titles of the sites table: short, so the table is no wider than its figures.
  'operationsHome.col.terminals_online': { en: 'Online', zh_CN: '在线终端' },
  'operationsHome.col.terminals_total': { en: 'Terminals', zh_CN: '终端总数' },
  'operationsHome.col.terminals_pending': { en: 'To authorise', zh_CN: '待授权' },
  'operationsHome.col.programmes_up': { en: 'Programmes up', zh_CN: '正常节目' },
  'operationsHome.col.programmes_down': { en: 'Programmes down', zh_CN: '异常节目' },
  'operationsHome.col.pending_orders': { en: 'Pending orders', zh_CN: '待处理订单' },
  'operationsHome.sites': { en: 'Sites', zh_CN: '站点概况' },
  'operationsHome.siteColumn': { en: 'Site', zh_CN: '站点' },
  'operationsHome.noSites': { en: 'No site holds any records yet', zh_CN: '暂无站点数据' },
  'operationsHome.allSitesLink': { en: 'All sites', zh_CN: '全部站点' },
  'operationsHome.openSite': { en: 'Open {{site}}', zh_CN: '进入{{site}}' },
  'operationsHome.siteFiguresOf': { en: 'Figures of {{site}}', zh_CN: '{{site}} 运行概况' },
};

registerTexts(texts);
