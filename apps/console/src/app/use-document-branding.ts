import { useEffect } from 'react';
import { useT } from '../i18n/index.ts';
import { useUserStore } from '../stores/user.ts';
import { applyFavicon, FAVICON_DELAY_MS, pageTitle, useBrandingStore } from './branding.ts';

/**
 * Page title and favicon from the server (spec sections 1 and 9): the settings title once signed
 * in, else the public copyright title, else the default title; the favicon after 100 ms.
 */
export function useDocumentBranding(): void {
  const t = useT();
  const settingsTitle = useUserStore((s) => s.doctitle);
  const icon = useUserStore((s) => s.icon);
  const copyrightTitle = useBrandingStore((s) => s.title);

  useEffect(() => {
    void useBrandingStore.getState().load();
  }, []);

  useEffect(() => {
    document.title = pageTitle(settingsTitle, copyrightTitle, t('app.title'));
  }, [settingsTitle, copyrightTitle, t]);

  useEffect(() => {
    if (!icon) return;
    const timer = setTimeout(() => applyFavicon(icon), FAVICON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [icon]);
}
