import { registerTexts, type Texts } from '../../i18n/index.ts';

const texts: Texts = {
  'operationsHome.modules': { en: 'Modules', zh_CN: '功能模块' },
  'operationsHome.site': { en: 'Site {{id}}', zh_CN: '站点 {{id}}' },
  'operationsHome.allSites': { en: 'All sites', zh_CN: '全部站点' },
};

registerTexts(texts);
