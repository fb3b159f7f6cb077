import {
  duplicateFeatureCodes,
  featureCodeTwiceMessage,
  type Lang,
  type VoiceAdvanced,
  type VoiceBasic,
  voiceAdvancedSchema,
  voiceBasicSchema,
} from '@igs/contract';

export type SettingsKind = 'basic' | 'advanced';
export type SettingsValues = VoiceBasic | VoiceAdvanced;

export interface SettingsCheck {
  body: Record<string, unknown>;
  errors: { name: string; errors: string[] }[];
}

/**
 * The form's values checked by the contract's schema (the server runs the same one, rules between
 * fields included), so a mistake is shown next to its field, in the same words, before sending.
 * Feature codes used twice get the server's 409 message on the later field.
 */
export function checkSettings(
  kind: SettingsKind,
  current: SettingsValues,
  values: Record<string, unknown>,
  lang: Lang,
): SettingsCheck {
  const parsed =
    kind === 'basic'
      ? voiceBasicSchema(current as VoiceBasic, lang).safeParse(values)
      : voiceAdvancedSchema(current as VoiceAdvanced, lang).safeParse(values);
  if (!parsed.success) {
    const byField = new Map<string, string[]>();
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? '');
      const list = byField.get(name) ?? [];
      if (!list.includes(issue.message)) list.push(issue.message);
      byField.set(name, list);
    }
    return { body: values, errors: [...byField].map(([name, errors]) => ({ name, errors })) };
  }
  if (kind === 'advanced') {
    const errors = duplicateFeatureCodes(parsed.data as VoiceAdvanced).map(([code, fields]) => ({
      name: fields[fields.length - 1]!,
      errors: [featureCodeTwiceMessage(code, fields, lang)],
    }));
    if (errors.length) return { body: values, errors };
  }
  return { body: parsed.data as unknown as Record<string, unknown>, errors: [] };
}
