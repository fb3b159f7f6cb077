import type { Lang } from '../messages.ts';

/**
 * The template language of the server's texts, a small subset of ICU MessageFormat:
 *
 * - `{name}` is replaced by the parameter `name`;
 * - `{n|# error|# errors}` picks a form by the language's plural rule for the number `n`
 *   (Intl.PluralRules: the first form for "one", the last for every other category), and `#`
 *   inside the form is the number. Chinese needs no plural forms and writes `{n}个错误`.
 *
 * Braces are reserved: a literal brace in a text is passed as a parameter.
 */

/** Both languages of one text. */
export interface Localized {
  readonly en: string;
  readonly zh_CN: string;
}

/** A kept text (index.ts keepText) as a parameter of another: rendered in the reader's language. */
export interface KeptText {
  readonly $t: string;
  readonly p?: TextParams;
}

/**
 * A parameter: shown as it is, or (a text given in both languages, or a kept text) in the
 * caller's language.
 */
export type TextValue = string | number | Localized | KeptText;

let keptRenderer: ((v: KeptText, lang: Lang) => string) | null = null;

/** How a kept text parameter is rendered (set by the catalogue, which knows the keys). */
export function renderKeptWith(fn: (v: KeptText, lang: Lang) => string): void {
  keptRenderer = fn;
}

export type TextParams = Readonly<Record<string, TextValue | null | undefined>>;

/** The parameter names a template uses, as a type: `'a {x} b {n|#|#s}'` gives `'x' | 'n'`. */
export type ParamNames<S extends string> = S extends `${string}{${infer Body}}${infer Rest}`
  ? (Body extends `${infer Name}|${string}` ? Name : Body) | ParamNames<Rest>
  : never;

const PLACEHOLDER = /\{([^{}]*)\}/g;

export interface Placeholder {
  name: string;
  /** The forms of a plural placeholder, absent for a plain one. */
  forms?: string[];
}

/** The placeholders of a template, in order (a name may appear more than once). */
export function placeholders(template: string): Placeholder[] {
  const out: Placeholder[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) {
    const [name, ...forms] = m[1]!.split('|');
    out.push(forms.length ? { name: name!, forms } : { name: name! });
  }
  return out;
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
function pluralRule(lang: Lang): Intl.PluralRules {
  let rule = pluralRules.get(lang);
  if (!rule) {
    rule = new Intl.PluralRules(lang === 'zh_CN' ? 'zh-CN' : 'en');
    pluralRules.set(lang, rule);
  }
  return rule;
}

function isLocalized(v: unknown): v is Localized {
  return typeof v === 'object' && v !== null && typeof (v as Localized).en === 'string';
}

/** A parameter's value as text in `lang`. */
export function valueText(v: TextValue | null | undefined, lang: Lang): string {
  if (v === undefined || v === null) return '';
  if (isLocalized(v)) return v[lang] ?? v.en;
  if (typeof v === 'object' && typeof (v as KeptText).$t === 'string')
    return keptRenderer ? keptRenderer(v as KeptText, lang) : (v as KeptText).$t;
  return String(v);
}

/**
 * Fills a template. A missing parameter stays visible as `{name}` (a bug the catalogue test and
 * the typed `say` are there to prevent, never a reason to fail the request that reports it).
 */
export function fill(template: string, params: TextParams | undefined, lang: Lang): string {
  if (!template.includes('{')) return template;
  return template.replace(PLACEHOLDER, (whole, body: string) => {
    const [name, ...forms] = body.split('|');
    if (!params || !Object.hasOwn(params, name!)) return whole;
    const v = params[name!];
    if (forms.length === 0) return valueText(v, lang);
    const n = typeof v === 'number' ? v : Number(valueText(v, lang));
    if (!Number.isFinite(n)) return whole;
    const form = pluralRule(lang).select(n) === 'one' ? forms[0]! : forms[forms.length - 1]!;
    return form.replaceAll('#', String(n));
  });
}
