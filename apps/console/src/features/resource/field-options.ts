import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import { i18n } from '../../i18n/index.ts';
import { enumLabel, type Translate } from './columns.tsx';

/** Select options of an enum field, labelled like the table shows them. */
export function enumOptions(def: ResourceDef, field: FieldDef, t: Translate) {
  const ctx = { t, exists: (key: string) => i18n.exists(key) };
  return (field.options ?? []).map((value) => ({ value, label: enumLabel(def, field, value, ctx) }));
}
