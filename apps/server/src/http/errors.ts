import { Code, type FieldError, type Lang, type MessageKey, messages } from '@igs/contract';

/**
 * A business failure: answered as HTTP 200 with `{code, msg, data}`. Throw it anywhere in a
 * handler; the dispatcher turns it into the envelope and rolls nothing forward.
 */
export class ApiError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly messageKey: MessageKey | undefined;
  constructor(code: number, message: string, data: unknown = null, messageKey?: MessageKey) {
    super(message);
    this.code = code;
    this.data = data;
    this.messageKey = messageKey;
  }
}

/** An error whose text is one of the specification's messages, shown in the caller's language. */
export function apiError(code: number, key: MessageKey, data: unknown = null): ApiError {
  return new ApiError(code, messages[key].en, data, key);
}

/** A 422 naming the field, in the shape of DOMAIN section 3.5. */
export function invalidField(field: string, key: MessageKey | string): ApiError {
  const isKey = key in messages;
  const msg = isKey ? messages[key as MessageKey].en : key;
  return new ApiError(
    Code.invalid,
    msg,
    { errors: [{ field, msg }] satisfies FieldError[] },
    isKey ? (key as MessageKey) : undefined,
  );
}

const byEnglish = new Map<string, MessageKey>(
  (Object.keys(messages) as MessageKey[]).map((k) => [messages[k].en, k]),
);

export function isSpecMessage(text: string): boolean {
  return byEnglish.has(text);
}

/** Translates a specification message to the caller's language; other texts pass through. */
export function localize(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  const key = byEnglish.get(text);
  return key ? messages[key][lang] : text;
}
