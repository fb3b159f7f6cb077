import { Cookies as CookieNames, type Lang, messages } from '@igs/contract';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { getCookie, setCookie } from '../utils/cookies.ts';
import { detectLanguage, isLang } from './language.ts';
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

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: detectLanguage(getCookie(CookieNames.language), browserLanguages()),
  fallbackLng: 'zh_CN',
  supportedLngs: ['zh_CN', 'en'],
  // Keys are flat strings such as `menu.voice.sipTrunkGroup`: dots are part of the key.
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  resources: {
    en: { translation: { ...contractMessages('en'), ...en } },
    zh_CN: { translation: { ...contractMessages('zh_CN'), ...zhCN } },
  },
  initAsync: false,
  returnNull: false,
});

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
  return i18n.t(key, options ?? {});
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

export function useT() {
  return useTranslation().t;
}

/** The current language, re-rendering on change. */
export function useLanguage(): Lang {
  const { i18n: instance } = useTranslation();
  return isLang(instance.language) ? instance.language : 'zh_CN';
}
