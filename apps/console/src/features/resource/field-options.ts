import { type FieldDef, type ResourceDef, resources } from '@igs/contract/resources';
import { i18n, registerTexts, type Texts } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { enumLabel, type Translate } from './columns.tsx';

/**
 * The words of the enum values a description labels itself (`optionLabels`, the contract's fixed
 * lists such as `app_type` and `app_style`), as the `res.enum.<resource>.<field>.<value>` texts the
 * table cells, the filters and the form already read. So the console shows the same words the
 * option calls (`index/app_type` …) answer, without asking for them, and a console text of the same
 * key, when one exists, still wins.
 */
export function registerOptionLabels(defs: readonly ResourceDef[]): void {
  const texts: Record<string, Texts[string]> = {};
  for (const def of defs)
    for (const field of def.fields)
      for (const [value, label] of Object.entries(field.optionLabels ?? {}))
        texts[`res.enum.${def.name}.${field.name}.${value}`] = label;
  registerTexts(texts);
}

registerOptionLabels(resources);

/**
 * Select options of an enum field, labelled like the table shows them; in operations mode only the
 * values allowed there when the description narrows them (`opsOptions`).
 */
export function enumOptions(def: ResourceDef, field: FieldDef, t: Translate, isOperations = false) {
  // The field's own words first: a verb's fields (a PTZ command) are in no registered text.
  const ctx = { t, exists: (key: string) => i18n.exists(key), lang: i18n.language };
  const values = (isOperations && field.opsOptions) || field.options || [];
  return values.map((value) => ({ value, label: enumLabel(def, field, value, ctx) }));
}

/** The session's mode; it changes only by a mode switch, which reloads the shell's routes. */
export function inOperationsMode(): boolean {
  return useUserStore.getState().isOperations === 1;
}
