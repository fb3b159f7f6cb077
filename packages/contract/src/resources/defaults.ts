import type { FieldDef, ResourceDef } from './types.ts';

/*
 * A resource's writable fields and a new record's defaults: apart from its validation
 * (validation.ts, zod), so that code that only reads them (the console's record list, a verb's
 * small form) does not take the schemas with them.
 */

/** The writable fields of a resource (RO ones are set by the server). */
export function writableFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => !f.readonly);
}

/** Default values of a new record, for the console's create form and the server's add. */
export function defaultsOf(def: ResourceDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of writableFields(def)) if (f.default !== undefined) out[f.name] = f.default;
  return out;
}
