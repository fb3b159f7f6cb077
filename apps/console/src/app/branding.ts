import type { Lang } from '@igs/contract';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useLanguage, useT } from '../i18n/index.ts';
import { call } from '../request/call.ts';
import { startCalls } from '../request/start-calls.ts';
import { takeEarlyCopyright } from '../start/early.ts';
import { useUserStore } from '../stores/user.ts';

/** Delay before the server's favicon replaces the bundled one (spec section 9). */
export const FAVICON_DELAY_MS = 100;

interface BrandingState {
  /** Public branding from the copyright call: shown before sign-in too. */
  title: string;
  /** The English title (empty: `title` serves both languages). */
  titleEn: string;
  homeLogo: string;
  companyUrl: string;
  company: string;
  /** Whether sign-in asks for a verification code; undefined until the server has said. */
  captcha: boolean | undefined;
  loaded: boolean;
  load: () => Promise<void>;
}

export const useBrandingStore = create<BrandingState>()((set, get) => ({
  title: '',
  titleEn: '',
  homeLogo: '',
  companyUrl: '',
  company: '',
  captcha: undefined,
  loaded: false,
  load() {
    if (get().loaded) return Promise.resolve();
    // One call at a time: a second mount (React's strict mode) waits for the first.
    copyrightLoad ??= loadCopyright(set).finally(() => {
      copyrightLoad = undefined;
    });
    return copyrightLoad;
  },
}));

let copyrightLoad: Promise<void> | undefined;

async function loadCopyright(set: (state: Partial<BrandingState>) => void): Promise<void> {
  try {
    // No overlay and no toast: errors from the copyright call are ignored (spec section 8).
    // The served page may have asked already (start/early-script.ts): its answer, not a second call.
    const reply = takeEarlyCopyright();
    const data = await call(startCalls.copyright, {}, { loading: false, silent: true, reply });
    set({
      title: data.title ?? '',
      titleEn: data.title_en ?? '',
      homeLogo: data.home_logo ?? '',
      companyUrl: data.company_url ?? '',
      company: data.company ?? '',
      // An older server without the flag always asked for the code.
      captcha: data.captcha === undefined ? true : data.captcha === 1,
      loaded: true,
    });
  } catch {
    set({ loaded: true });
  }
}

/** The server's title (settings after sign-in, else copyright), else the default title. */
export function pageTitle(settingsTitle: string, copyrightTitle: string, defaultTitle: string): string {
  return settingsTitle.trim() || copyrightTitle.trim() || defaultTitle;
}

/**
 * The server's title in the console's language: the English one in English and the Chinese one
 * in Chinese when the server gives both; the one it gives when it gives only one.
 */
export function titleIn(lang: Lang, title: string, titleEn: string): string {
  const zh = title.trim();
  const en = titleEn.trim();
  return lang === 'en' ? en || zh : zh || en;
}

/** The brand title shown in the current language: settings (signed in), else copyright, else the default. */
export function useBrandTitle(): string {
  const lang = useLanguage();
  const t = useT();
  const settings = useUserStore(useShallow((s) => [s.doctitle, s.doctitleEn] as const));
  const copyright = useBrandingStore(useShallow((s) => [s.title, s.titleEn] as const));
  return pageTitle(
    titleIn(lang, settings[0], settings[1]),
    titleIn(lang, copyright[0], copyright[1]),
    t('app.title'),
  );
}

/**
 * The bundled icon as the served page has it (a data: address written in at build time,
 * build/inline-favicon.ts), read before the server's icon may replace it: the sidebar's logo shows
 * the same address, so the icon is not fetched a second time.
 */
export const bundledIcon: string =
  (typeof document === 'undefined'
    ? undefined
    : document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.getAttribute('href')) ?? '/favicon.svg';

/** Point the page's icon link at `url`, creating the link if the page has none. */
export function applyFavicon(url: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  // The same address again would fetch the icon again where the cache is off (a cold reload).
  if (link.href === new URL(url, document.baseURI).href) return;
  link.href = url;
}
