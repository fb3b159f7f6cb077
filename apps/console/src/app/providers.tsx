import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { antdSizeOf } from '../features/size-select/size-map.ts';
import { useLanguage } from '../i18n/index.ts';
import { useAppStore } from '../stores/app.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { bindMessageApi } from './feedback.ts';
import { queryClient } from './query-client.ts';

/** Hands antd's contextual message API to code outside React (request layer, stores). */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(undefined);
  }, [message]);
  return null;
}

/** antd (locale, theme colour, size), the message/modal context and the query cache. */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const colorPrimary = useSettingsStore((s) => s.theme);
  const { componentSize, compact } = antdSizeOf(useAppStore((s) => s.size));

  useEffect(() => {
    dayjs.locale(lang === 'zh_CN' ? 'zh-cn' : 'en');
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
      <AntApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
