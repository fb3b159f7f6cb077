import { type Lang, messages } from '../messages.ts';
import {
  fill,
  type KeptText,
  type Localized,
  type ParamNames,
  renderKeptWith,
  type TextParams,
  type TextValue,
} from './format.ts';
import { ISSUE_PREFIX } from './issue.ts';
import { sections } from './sections.ts';

export type { KeptText, Localized, ParamNames, TextParams, TextValue } from './format.ts';
export { fill, placeholders } from './format.ts';
export { keyedIssue } from './issue.ts';

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

/** `say` for a key known only when the program runs (read back from storage or a schema). */
export function sayAny(lang: Lang, key: TextKey, params?: TextParams): string {
  return fill(entry(key)![lang], params, lang);
}

/** Both languages of `key` (for a record that keeps the text, or an error built before the caller is known). */
export function texts<K extends TextKey>(key: K, ...args: SayArgs<K>): Localized {
  const e = entry(key)!;
  const params = args[0] as TextParams | undefined;
  return { en: fill(e.en, params, 'en'), zh_CN: fill(e.zh_CN, params, 'zh_CN') };
}

/** A list as each language writes it: `a, b, c` and `a、b、c`. */
export function listText(items: readonly (string | number)[]): Localized {
  return { en: items.join(', '), zh_CN: items.join('、') };
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

/**
 * A kept text (keepText's string) as a parameter of another kept text, without spelling it out in
 * both languages; any other text is returned as it is.
 */
export function keptParam(text: string): TextValue {
  if (!text.startsWith(STORED_PREFIX)) return text;
  try {
    const v = JSON.parse(text) as { $t?: unknown; p?: unknown; l?: Localized };
    if (v.$t === null && v.l) return v.l;
    if (typeof v.$t === 'string' && isTextKey(v.$t))
      return v.p && typeof v.p === 'object' ? { $t: v.$t, p: v.p as TextParams } : { $t: v.$t };
  } catch {
    // not a kept text after all
  }
  return text;
}

renderKeptWith((v: KeptText, lang: Lang) => (isTextKey(v.$t) ? fill(entry(v.$t)![lang], v.p, lang) : v.$t));

/** A text known in both languages but not by a key (a refusal's words), kept for either reader. */
export function keepLocalized(text: Localized): string {
  return JSON.stringify({ $t: null, l: { en: text.en, zh_CN: text.zh_CN } });
}

const STORED_PREFIX = '{"$t":';

/** A kept text (keepText) in `lang`, or the text itself when it is not one. */
export function storedText(text: string, lang: Lang): string {
  if (!text.startsWith(STORED_PREFIX)) return text;
  try {
    const v = JSON.parse(text) as { $t?: unknown; p?: unknown; l?: Partial<Localized> };
    if (v.$t === null && v.l && typeof v.l.en === 'string') return v.l[lang] ?? v.l.en;
    const e = typeof v.$t === 'string' ? entry(v.$t) : undefined;
    if (!e) return text;
    return fill(e[lang], (v.p && typeof v.p === 'object' ? v.p : undefined) as TextParams | undefined, lang);
  } catch {
    return text;
  }
}

/** The catalogue key a schema message names (keyedIssue), or null for any other message. */
export function issueKey(message: string): TextKey | null {
  if (!message.startsWith(ISSUE_PREFIX)) return null;
  const key = message.slice(ISSUE_PREFIX.length);
  return isTextKey(key) ? key : null;
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
