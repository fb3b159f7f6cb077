import type { Lang } from '@igs/contract';
import type { SingletonDef } from '@igs/contract/extras';
import { writableFields } from '@igs/contract/resources';
import { cronCheckNow } from '../resource/cron-check.ts';
import { loadRecordSchema } from '../resource/load-record-schema.ts';

export interface FormCheck {
  body: Record<string, unknown>;
  errors: { name: string; errors: string[] }[];
}

/**
 * The form's values as the `form` call's body, checked by the contract's schema first (the server
 * runs the same one): an empty secret is left out, so the stored one is kept. The schema's code
 * (zod) is loaded at the first check if the page has not loaded it yet (singleton-form.tsx).
 */
export async function singletonBody(
  def: SingletonDef,
  values: Record<string, unknown>,
  lang: Lang,
): Promise<FormCheck> {
  const body: Record<string, unknown> = {};
  for (const f of writableFields(def)) {
    if (!(f.name in values)) continue;
    const v = values[f.name];
    if (f.type === 'pwd' && (v === '' || v === undefined || v === null)) continue;
    body[f.name] = v === undefined ? null : v;
  }
  const { recordSchemaWith } = await loadRecordSchema();
  const parsed = recordSchemaWith(def, 'add', lang, cronCheckNow(def.fields)).safeParse(body);
  if (parsed.success) return { body, errors: [] };
  const byField = new Map<string, string[]>();
  for (const issue of parsed.error.issues) {
    const name = String(issue.path[0] ?? '');
    const list = byField.get(name) ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    byField.set(name, list);
  }
  return { body, errors: [...byField].map(([name, errors]) => ({ name, errors })) };
}
