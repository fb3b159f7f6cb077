import { ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ComponentType, ReactNode } from 'react';
import { antdSizeOf } from '../features/size-select/size-map.ts';
import { useLanguage } from '../i18n/index.ts';
import { useAppStore } from '../stores/app.ts';
import { useSettingsStore } from '../stores/settings.ts';

/**
 * antd's locale, theme colour and size. It wraps the signed-in layout and the pages routed outside
 * it, not the whole app: the sign-in page is drawn without antd, and a provider at the root would
 * put antd's core and its style engine on that page's start (docs/performance.md).
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const colorPrimary = useSettingsStore((s) => s.theme);
  const { componentSize, compact } = antdSizeOf(useAppStore((s) => s.size));
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

/** A page component inside antd's provider (pages routed outside the shell). */
export function withAntdProvider<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  return function WithAntdProvider(props: P) {
    return (
      <AntdProvider>
        <Page {...props} />
      </AntdProvider>
    );
  };
}
