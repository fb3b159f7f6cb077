import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import { i18n } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { enumLabel, type Translate } from './columns.tsx';

/**
 * Select options of an enum field, labelled like the table shows them; in operations mode only the
 * values allowed there when the description narrows them (`opsOptions`).
 */
export function enumOptions(def: ResourceDef, field: FieldDef, t: Translate, isOperations = false) {
  const ctx = { t, exists: (key: string) => i18n.exists(key) };
  const values = (isOperations && field.opsOptions) || field.options || [];
  return values.map((value) => ({ value, label: enumLabel(def, field, value, ctx) }));
}

/** The session's mode; it changes only by a mode switch, which reloads the shell's routes. */
export function inOperationsMode(): boolean {
  return useUserStore.getState().isOperations === 1;
}
