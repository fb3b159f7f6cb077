import { type Lang, messages } from '../messages.ts';
import { fill, type Localized, type ParamNames, type TextParams, type TextValue } from './format.ts';
import { sections } from './sections.ts';

export type { Localized, ParamNames, TextParams, TextValue } from './format.ts';
export { fill, placeholders } from './format.ts';

/**
 * The server's words, one keyed catalogue in both languages: refusals, validation, job results,
 * log texts, stored events. Every entry has both languages with the same parameters (the
 * catalogue test holds it to that); `say(lang, key, params)` gives it in the caller's language.
 * The specification's own messages (messages.ts, shared with the console) are part of it under
 * their own keys.
 */
export const serverTexts = { ...messages, ...sections } as const;

export type TextKey = keyof typeof serverTexts;

type EnOf<K extends TextKey> = (typeof serverTexts)[K]['en'];

/** The parameters a key takes, by name (from its English template); an absent value shows as nothing. */
export type ParamsOf<K extends TextKey> = {
  readonly [P in ParamNames<EnOf<K>>]: TextValue | null | undefined;
};

/** No argument for a text without parameters, the parameters object for one with. */
export type SayArgs<K extends TextKey> = [ParamNames<EnOf<K>>] extends [never] ? [] : [ParamsOf<K>];

function entry(key: string): Localized | undefined {
  return Object.hasOwn(serverTexts, key) ? (serverTexts as Record<string, Localized>)[key] : undefined;
}

/** The text of `key` in `lang`, its parameters filled in. */
export function say<K extends TextKey>(lang: Lang, key: K, ...args: SayArgs<K>): string {
  const e = entry(key)!;
  return fill(e[lang], args[0] as TextParams | undefined, lang);
}

/** Both languages of `key` (for a record that keeps the text, or an error built before the caller is known). */
export function texts<K extends TextKey>(key: K, ...args: SayArgs<K>): Localized {
  const e = entry(key)!;
  const params = args[0] as TextParams | undefined;
  return { en: fill(e.en, params, 'en'), zh_CN: fill(e.zh_CN, params, 'zh_CN') };
}

/** Whether a string names an entry (a key read back from storage). */
export function isTextKey(key: string): key is TextKey {
  return entry(key) !== undefined;
}

/**
 * A text kept in a record (a terminal event's detail, an operation log's detail, a job's result)
 * as its key and parameters, so a list shows it in the reader's language. The stored form is
 * `{"$t":key,"p":params}`; `storedText` renders it, and passes any other text through unchanged,
 * so rows written before a text was keyed read as they were written.
 */
export function keepText<K extends TextKey>(key: K, ...args: SayArgs<K>): string {
  const params = args[0] as TextParams | undefined;
  return JSON.stringify(params ? { $t: key, p: params } : { $t: key });
}

const STORED_PREFIX = '{"$t":';

/** A kept text (keepText) in `lang`, or the text itself when it is not one. */
export function storedText(text: string, lang: Lang): string {
  if (!text.startsWith(STORED_PREFIX)) return text;
  try {
    const v = JSON.parse(text) as { $t?: unknown; p?: unknown };
    const e = typeof v.$t === 'string' ? entry(v.$t) : undefined;
    if (!e) return text;
    return fill(e[lang], (v.p && typeof v.p === 'object' ? v.p : undefined) as TextParams | undefined, lang);
  } catch {
    return text;
  }
}

/** Renders each line of a multi-line text that may hold kept texts (a job's output). */
export function storedLines(text: string, lang: Lang): string {
  return text.includes(STORED_PREFIX)
    ? text
        .split('\n')
        .map((l) => storedText(l, lang))
        .join('\n')
    : text;
}
