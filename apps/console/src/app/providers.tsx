import { type ReactNode, useEffect } from 'react';
import { useLanguage } from '../i18n/index.ts';
import { useSettingsStore } from '../stores/settings.ts';

/**
 * What the whole app needs: the page's language and theme attributes. Nothing here may load antd; its
 * provider comes with the signed-in layout and the pages outside it (app/antd-provider.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useLanguage();
  const dark = useSettingsStore((s) => s.darkTheme);

  useEffect(() => {
    document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  }, [lang]);

  // The dark theme reaches what antd does not draw: the page behind it, scroll bars, form controls.
  useEffect(() => {
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  }, [dark]);

  return children;
}
