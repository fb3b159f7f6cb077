import type { Lang } from '@igs/contract';

export const LANGUAGES: readonly Lang[] = ['zh_CN', 'en'];
export const DEFAULT_LANGUAGE: Lang = 'zh_CN';

export function isLang(value: unknown): value is Lang {
  return value === 'zh_CN' || value === 'en';
}

/** Map a browser language tag (zh-CN, zh-TW, en-US, ...) to one we ship, if any. */
export function fromBrowserLanguage(tag: string | undefined): Lang | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return 'zh_CN';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

/** Spec section 9: the language cookie (zh_CN or en), then the browser language, then zh_CN. */
export function detectLanguage(cookieValue: string | undefined, browserLanguages: readonly string[]): Lang {
  if (isLang(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const lang = fromBrowserLanguage(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
