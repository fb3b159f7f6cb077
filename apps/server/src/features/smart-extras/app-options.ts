import {
  appLanguageCalls,
  appLanguageOpsCalls,
  appStyleCalls,
  appStyleOpsCalls,
  appTypeCalls,
  appTypeOpsCalls,
} from '@igs/contract/calls';
import { APP_LANGUAGES, APP_STYLES, APP_TYPES, type LabelledOption } from '@igs/contract/extras';
import { defineCallAction } from '../../platform/http/action.ts';

/**
 * `index/app_type`, `index/app_language` and `index/app_style` (DOMAIN 2.8 smart/AppMenu): the
 * fixed option lists of an app menu item's `type`, `languages` and `style`, in the caller's
 * language. They are the lists the `index:app_menu` description validates against (contract
 * `choicesOf`), so whatever these calls offer is accepted and nothing else is. `options` answers
 * [{value, label}] for selects; `list` the same rows as {list, total} for tables.
 *
 * The menu trees also grant add/edit/del keys for these lists; the lists are fixed, so no call
 * takes them.
 */
function optionActions(modes: (typeof appTypeCalls)[], items: readonly LabelledOption[], what: string) {
  return modes.flatMap((calls) => [
    defineCallAction(calls.options, {
      summary: `${what}: [{value, label}] for selects`,
      access: 'module',
      async handler(ctx) {
        return items.map((i) => ({ value: i.value, label: i.label[ctx.lang] }));
      },
    }),
    defineCallAction(calls.list, {
      summary: `${what} as a list`,
      access: 'module',
      async handler(ctx) {
        const list = items.map((i) => ({
          value: i.value,
          label: i.label[ctx.lang],
          en: i.label.en,
          zh_CN: i.label.zh_CN,
        }));
        return { list, total: list.length };
      },
    }),
  ]);
}

export const appOptionActions = [
  ...optionActions([appTypeCalls, appTypeOpsCalls], APP_TYPES, 'App menu item types'),
  ...optionActions([appLanguageCalls, appLanguageOpsCalls], APP_LANGUAGES, 'App menu languages'),
  ...optionActions([appStyleCalls, appStyleOpsCalls], APP_STYLES, 'App menu item styles'),
];
