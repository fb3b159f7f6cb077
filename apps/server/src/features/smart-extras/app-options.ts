import { APP_LANGUAGES, APP_TYPES } from '@igs/contract/extras';
import { z } from 'zod';
import { defineAction } from '../../http/action.ts';

/**
 * `index/app_type` and `index/app_language` (DOMAIN 2.8 smart/AppMenu): the fixed option lists of
 * an app menu item's `type` and `languages`, in the caller's language. `options` answers
 * [{value, label}] for selects; `list` the same rows as {list, total} for tables.
 */
function optionActions(paths: string[], items: typeof APP_TYPES, what: string) {
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
];
