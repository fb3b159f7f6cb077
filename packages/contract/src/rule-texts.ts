import type { Lang } from './messages.ts';

/**
 * The words of the field rules every schema of the contract states alike (a record's fields,
 * resources/validation.ts; the voice settings, voice-settings-schemas.ts): one place, so that a
 * rule reads the same wherever it is checked. `l` is the field's label in the caller's language.
 */
export const RULE_TEXTS = {
  required: { en: (l: string) => `${l} is required`, zh_CN: (l: string) => `请填写${l}` },
  range: {
    en: (l: string, a: number, b: number) => `${l} must be between ${a} and ${b}`,
    zh_CN: (l: string, a: number, b: number) => `${l}必须在${a}到${b}之间`,
  },
  integer: { en: (l: string) => `${l} must be a whole number`, zh_CN: (l: string) => `${l}必须是整数` },
  oneOf: {
    en: (l: string, o: string) => `${l} must be one of: ${o}`,
    zh_CN: (l: string, o: string) => `${l}必须是以下之一：${o}`,
  },
  format: {
    en: (l: string, f: string) => `${l} must be ${f}`,
    zh_CN: (l: string, f: string) => `${l}格式不正确（${f}）`,
  },
} as const satisfies Record<string, Record<Lang, unknown>>;
