import { APP_LANGUAGES, APP_STYLES, APP_TYPES, type LabelledOption } from '@igs/contract/extras';
import { z } from 'zod';
import { defineAction } from '../../platform/http/action.ts';

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
function optionActions(paths: string[], items: readonly LabelledOption[], what: string) {
  return paths.flatMap((path) => [
    defineAction({
      path,
      method: 'options',
      summary: `${what}: [{value, label}] for selects`,
      access: 'module',
      input: z.object({ method: z.literal('options') }).loose(),
      async handler(ctx) {
        return items.map((i) => ({ value: i.value, label: i.label[ctx.lang] }));
      },
    }),
    defineAction({
      path,
      method: 'list',
      summary: `${what} as a list`,
      access: 'module',
      input: z.object({ method: z.literal('list') }).loose(),
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
  ...optionActions(
    ['/admin.php/index/app_type', '/operations/index/app_type'],
    APP_TYPES,
    'App menu item types',
  ),
  ...optionActions(
    ['/admin.php/index/app_language', '/operations/index/app_language'],
    APP_LANGUAGES,
    'App menu languages',
  ),
  ...optionActions(
    ['/admin.php/index/app_style', '/operations/index/app_style'],
    APP_STYLES,
    'App menu item styles',
  ),
];
