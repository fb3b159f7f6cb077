import { type CopyrightOutput, Paths } from '@igs/contract';
import { create } from 'zustand';
import { request } from '../request/index.ts';

/** Delay before the server's favicon replaces the bundled one (spec section 9). */
export const FAVICON_DELAY_MS = 100;

interface BrandingState {
  /** Public branding from the copyright call: shown before sign-in too. */
  title: string;
  homeLogo: string;
  companyUrl: string;
  company: string;
  loaded: boolean;
  load: () => Promise<void>;
}

export const useBrandingStore = create<BrandingState>()((set, get) => ({
  title: '',
  homeLogo: '',
  companyUrl: '',
  company: '',
  loaded: false,
  async load() {
    if (get().loaded) return;
    try {
      // No overlay and no toast: errors from the copyright call are ignored (spec section 8).
      const data = await request<CopyrightOutput>(Paths.copyright, {}, { loading: false, silent: true });
      set({
        title: data.title ?? '',
        homeLogo: data.home_logo ?? '',
        companyUrl: data.company_url ?? '',
        company: data.company ?? '',
        loaded: true,
      });
    } catch {
      set({ loaded: true });
    }
  },
}));

/** The server's title (settings after sign-in, else copyright), else the default title. */
export function pageTitle(settingsTitle: string, copyrightTitle: string, defaultTitle: string): string {
  return settingsTitle.trim() || copyrightTitle.trim() || defaultTitle;
}

/** Point the page's icon link at `url`, creating the link if the page has none. */
export function applyFavicon(url: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.href = url;
}
