import type { Lang } from '@igs/contract';
import { i18n } from '../../i18n/index.ts';

const texts: Record<string, Record<Lang, string>> = {
  'operationsHome.modules': { en: 'Modules', zh_CN: '功能模块' },
  'operationsHome.site': { en: 'Site {{id}}', zh_CN: '站点 {{id}}' },
  'operationsHome.allSites': { en: 'All sites', zh_CN: '全部站点' },
};

for (const lang of ['en', 'zh_CN'] as const) {
  i18n.addResourceBundle(
    lang,
    'translation',
    Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v[lang]])),
    true,
    false,
  );
}
