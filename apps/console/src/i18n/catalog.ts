import type { Lang } from '@igs/contract';

export type Dictionary = Readonly<Record<string, string>>;

/** `{{name}}` placeholders, spaces allowed inside the braces; unknown names stay as they are. */
export function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}

/**
 * The console's translations: one flat dictionary per language (keys such as
 * `menu.voice.sipTrunkGroup`, dots included), a live language with change listeners, and the
 * fallback language for keys a dictionary lacks. This is all the console used of i18next, whose
 * 15 KB (Brotli) sat on the sign-in page's critical path (docs/performance.md). The method names
 * follow i18next's so feature text modules read the same.
 */
export class Catalog {
  #language: Lang;
  readonly #fallback: Lang;
  readonly #dictionaries: Record<Lang, Record<string, string>> = { en: {}, zh_CN: {} };
  readonly #listeners = new Set<() => void>();

  constructor(language: Lang, fallback: Lang) {
    this.#language = language;
    this.#fallback = fallback;
  }

  get language(): Lang {
    return this.#language;
  }

  /**
   * The text of a key in the live language, else the fallback language, else the key itself. With
   * a numeric `count`, the plural form `<key>_one` / `<key>_other` of the language comes first
   * (i18next's suffixes), so English reads "1 item" and "2 items".
   */
  t = (key: string, values?: Record<string, unknown>): string => {
    const text = this.#text(this.#pluralKey(key, values)) ?? this.#text(key) ?? key;
    return interpolate(text, values);
  };

  #text(key: string): string | undefined {
    return this.#dictionaries[this.#language][key] ?? this.#dictionaries[this.#fallback][key];
  }

  #pluralKey(key: string, values: Record<string, unknown> | undefined): string {
    const count = values?.count;
    if (typeof count !== 'number') return key;
    const rule = new Intl.PluralRules(this.#language === 'zh_CN' ? 'zh-CN' : 'en').select(count);
    return `${key}_${rule}`;
  }

  exists(key: string): boolean {
    return (
      key in this.#dictionaries[this.#language] ||
      key in this.#dictionaries[this.#fallback] ||
      `${key}_other` in this.#dictionaries[this.#language]
    );
  }

  /** Add or replace keys. */
  addResources(lang: Lang, _namespace: string, entries: Dictionary): void {
    Object.assign(this.#dictionaries[lang], entries);
  }

  /** Add keys; existing ones are replaced only when `overwrite` is true (i18next's signature). */
  addResourceBundle(
    lang: Lang,
    namespace: string,
    entries: Dictionary,
    _deep = true,
    overwrite = false,
  ): void {
    if (overwrite) {
      this.addResources(lang, namespace, entries);
      return;
    }
    // Only the keys not there yet: copying the whole dictionary on every feature's registration
    // made the registrations quadratic (some 180 ms of a throttled reload, docs/performance.md).
    const dictionary = this.#dictionaries[lang];
    for (const key in entries) if (!Object.hasOwn(dictionary, key)) dictionary[key] = entries[key] as string;
  }

  changeLanguage(lang: Lang): Promise<void> {
    if (lang !== this.#language) {
      this.#language = lang;
      for (const listener of this.#listeners) listener();
    }
    return Promise.resolve();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}
