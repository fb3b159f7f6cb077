import { type ReactNode, useEffect } from 'react';
import { useLanguage } from '../i18n/index.ts';

/**
 * What the whole app needs: the page's language attribute. Nothing here may load antd; its
 * provider comes with the signed-in layout and the pages outside it (app/antd-provider.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const lang = useLanguage();

  useEffect(() => {
    document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
  }, [lang]);

  return children;
}
