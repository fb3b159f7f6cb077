import { Cookies as CookieNames, type Lang, messages } from '@igs/contract';
import { useCallback, useSyncExternalStore } from 'react';
import { getCookie, setCookie } from '../utils/cookies.ts';
import { Catalog } from './catalog.ts';
import { detectLanguage, isLang, LANGUAGES } from './language.ts';
import { en } from './locales/en.ts';
import { zhCN } from './locales/zh-cn.ts';

export { detectLanguage, isLang, LANGUAGES } from './language.ts';
export type { Lang };

/** The shared validation and toast texts of the contract, under `msg.<key>`. */
function contractMessages(lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.entries(messages).map(([key, text]) => [`msg.${key}`, text[lang]]));
}

function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? [...navigator.languages] : [navigator.language];
}

export const i18n = new Catalog(detectLanguage(getCookie(CookieNames.language), browserLanguages()), 'zh_CN');
i18n.addResources('en', 'translation', { ...contractMessages('en'), ...en });
i18n.addResources('zh_CN', 'translation', { ...contractMessages('zh_CN'), ...zhCN });

/** A feature's texts: each key with its wording in every language. */
export type Texts = Readonly<Record<string, Readonly<Record<Lang, string>>>>;

/**
 * Register a feature's texts in every language, usually on import so they arrive with the
 * feature's (lazy) chunk. Deep merge without overwriting: a wording already registered (the core
 * dictionaries, the contract's `msg.*`, another feature's) wins.
 */
export function registerTexts(texts: Texts): void {
  for (const lang of LANGUAGES) {
    const bundle = Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, text[lang]]));
    i18n.addResourceBundle(lang, 'translation', bundle, true, false);
  }
}

export function getLanguage(): Lang {
  return isLang(i18n.language) ? i18n.language : 'zh_CN';
}

/** Set the cookie and the live language; React trees using `useTranslation` re-render. */
export function setLanguage(lang: Lang): void {
  setCookie(CookieNames.language, lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh_CN' ? 'zh-CN' : 'en';
}

/**
 * The shell's language switch (spec section 4): store the choice, drop the saved tabs, and reload
 * at `/` so user info, menus and titles are fetched again in the new language.
 */
export function switchLanguage(lang: Lang): void {
  setCookie(CookieNames.language, lang);
  sessionStorage.removeItem('tagsView');
  window.location.assign('/');
}

/** Translate outside React (request layer, stores). */
export function t(key: string, options?: Record<string, unknown>): string {
  return i18n.t(key, options);
}

/** Translate a route or menu title when a translation exists, else show it as is (spec section 2). */
export function translateTitle(title: string | undefined): string {
  if (!title) return '';
  return i18n.exists(title) ? i18n.t(title) : title;
}

let menuTitlesLoaded: Promise<void> | undefined;

/**
 * Menu titles are only needed once signed in, so they load with the shell rather than on /login.
 */
export function loadMenuTitles(): Promise<void> {
  menuTitlesLoaded ??= import('./menu-titles.ts').then(({ menuTitleResources }) => {
    const resources = menuTitleResources();
    i18n.addResources('en', 'translation', resources.en);
    i18n.addResources('zh_CN', 'translation', resources.zh_CN);
  });
  return menuTitlesLoaded;
}

/** The current language, re-rendering on change. */
export function useLanguage(): Lang {
  // The same language while hydrating: the served page's early script picked the prerendered
  // form of the language detected here (start/early-script.ts).
  return useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  );
}

/** `t` for components: a new function when the language changes, so memoised texts follow it. */
export function useT(): (key: string, values?: Record<string, unknown>) => string {
  const lang = useLanguage();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language is what makes it new
  return useCallback((key: string, values?: Record<string, unknown>) => i18n.t(key, values), [lang]);
}
