import type { Lang } from '@igs/contract';
import { type FieldDef, type ResourceDef, writableFields } from '@igs/contract/resources';
import type { FieldErrors } from './zod-to-form-errors.ts';

/** The string formats of DOMAIN section 0, which the pickers read and write. */
export const DATE_FORMATS: Partial<Record<FieldDef['type'], string>> = {
  date: 'YYYY-MM-DD',
  dt: 'YYYY-MM-DD HH:mm:ss',
  time: 'HH:mm',
};

/**
 * A record as the form holds it. Controls keep API-shaped values (strings for dates, 0/1 for
 * flags: see field-control) so the schema runs on them unchanged; only JSON without a shape is
 * edited as text.
 */
export function toFormValues(def: ResourceDef, record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of writableFields(def)) {
    if (!(f.name in record)) continue;
    const v = record[f.name];
    // A json field with a shape or naming records by kind is edited as its structure; others as text.
    if (f.type === 'json' && !f.shape && !f.refBy)
      out[f.name] = v === null || v === undefined ? '' : JSON.stringify(v, null, 2);
    else if (f.type === 'pwd') out[f.name] = '';
    else out[f.name] = v;
  }
  return out;
}

/**
 * The form's values as the body to validate and send: JSON text parsed (a parse failure is a
 * field error worded like the schema's), and on edit an empty secret left out, which the server
 * reads as "keep the stored one" (DOMAIN section 0, `pwd`).
 */
export function fromFormValues(
  def: ResourceDef,
  values: Record<string, unknown>,
  mode: 'add' | 'edit',
  lang: Lang,
  jsonInvalid: (label: string) => string,
): { body: Record<string, unknown>; errors: FieldErrors[] } {
  const body: Record<string, unknown> = {};
  const errors: FieldErrors[] = [];
  for (const f of writableFields(def)) {
    if (!(f.name in values)) continue;
    const v = values[f.name];
    if (f.type === 'pwd' && mode === 'edit' && (v === '' || v === undefined || v === null)) continue;
    if (f.type === 'json' && !f.shape && !f.refBy && typeof v === 'string') {
      if (!v.trim()) body[f.name] = null;
      else
        try {
          body[f.name] = JSON.parse(v);
        } catch {
          errors.push({ name: f.name, errors: [jsonInvalid(f.label[lang])] });
        }
      continue;
    }
    body[f.name] = v;
  }
  return { body, errors };
}
