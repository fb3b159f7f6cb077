import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { antdSizeOf } from '../features/size-select/size-map.ts';
import { useLanguage } from '../i18n/index.ts';
import { useAppStore } from '../stores/app.ts';
import { useSettingsStore } from '../stores/settings.ts';

/** antd's locale, theme colour and size; the query cache and the message context come with the signed-in layout. */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const colorPrimary = useSettingsStore((s) => s.theme);
  const { componentSize, compact } = antdSizeOf(useAppStore((s) => s.size));

  useEffect(() => {
    document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  }, [lang]);

  return (
    <ConfigProvider
      locale={lang === 'zh_CN' ? zhCN : enUS}
      componentSize={componentSize}
      theme={{
        token: { colorPrimary },
        algorithm: compact ? [theme.defaultAlgorithm, theme.compactAlgorithm] : theme.defaultAlgorithm,
      }}
    >
      {children}
    </ConfigProvider>
  );
}
