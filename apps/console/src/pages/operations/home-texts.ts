import { registerTexts, type Texts } from '../../i18n/index.ts';

const texts: Texts = {
  'operationsHome.modules': { en: 'Modules', zh_CN: '功能模块' },
  'operationsHome.site': { en: 'Site {{id}}', zh_CN: '站点 {{id}}' },
  'operationsHome.allSites': { en: 'All sites', zh_CN: '全部站点' },
  'operationsHome.totalsOf': { en: 'Totals of {{count}} sites', zh_CN: '{{count}} 个站点合计' },
  'operationsHome.siteCount': { en: '{{total}} sites', zh_CN: '共 {{total}} 个站点' },
  'operationsHome.figuresAt': { en: 'Figures as of {{time}}', zh_CN: '数据统计于 {{time}}' },
};

registerTexts(texts);
