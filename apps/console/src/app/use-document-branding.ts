import { useEffect } from 'react';
import { useUserStore } from '../stores/user.ts';
import { applyFavicon, FAVICON_DELAY_MS, useBrandingStore, useBrandTitle } from './branding.ts';

/**
 * Page title and favicon from the server (spec sections 1 and 9): the settings title once signed
 * in, else the public copyright title, else the default title, each in the console's language
 * when the server gives both; the favicon after 100 ms.
 */
export function useDocumentBranding(): void {
  const title = useBrandTitle();
  const icon = useUserStore((s) => s.icon);

  useEffect(() => {
    void useBrandingStore.getState().load();
  }, []);

  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    if (!icon) return;
    const timer = setTimeout(() => applyFavicon(icon), FAVICON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [icon]);
}
