import {
  Code,
  type FieldError,
  isTextKey,
  type Localized,
  type SayArgs,
  type TextKey,
  texts,
} from '@igs/contract';

/**
 * A business failure: answered as HTTP 200 with `{code, msg, data}`. Throw it anywhere in a
 * handler; the dispatcher turns it into the envelope and rolls nothing forward. When the text is
 * known in both languages (`texts`), the envelope gives it in the caller's language, field
 * errors that repeat it included.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly texts: Localized | undefined;
  constructor(code: number, message: string | Localized, data: unknown = null) {
    super(typeof message === 'string' ? message : message.en);
    this.code = code;
    this.data = data;
    this.texts = typeof message === 'string' ? undefined : message;
  }
}

/** A catalogue key that takes no parameters. */
export type PlainKey = { [K in TextKey]: SayArgs<K> extends [] ? K : never }[TextKey];

/** An error whose text is a catalogue entry, shown in the caller's language. */
export function apiError(code: number, key: PlainKey, data: unknown = null): ApiError {
  return new ApiError(code, texts(key), data);
}

/**
 * A 422 naming the field, in the shape of DOMAIN section 3.5: a text in the caller's language
 * already, both languages of one, or a catalogue key without parameters.
 */
export function invalidField(field: string, text: PlainKey | Localized | (string & {})): ApiError {
  const both: Localized | string = typeof text === 'string' ? (isPlainKey(text) ? texts(text) : text) : text;
  const msg = typeof both === 'string' ? both : both.en;
  return new ApiError(Code.invalid, both, { errors: [{ field, msg }] satisfies FieldError[] });
}

function isPlainKey(text: string): text is PlainKey {
  return !text.includes(' ') && isTextKey(text);
}

/**
 * The envelope's `msg` and `data` of an ApiError in `lang`: a text known in both languages is
 * given in the caller's, and so are the field errors that carry the same text.
 */
export function localizedParts(e: ApiError, lang: 'en' | 'zh_CN'): { msg: string; data: unknown } {
  if (!e.texts) return { msg: e.message, data: e.data };
  const msg = e.texts[lang];
  const data = e.data as { errors?: unknown } | null;
  if (lang === 'en' || !data || !Array.isArray(data.errors)) return { msg, data: e.data };
  const en = e.texts.en;
  return {
    msg,
    data: {
      ...data,
      errors: data.errors.map((x: FieldError) => (x && x.msg === en ? { ...x, msg } : x)),
    },
  };
}
