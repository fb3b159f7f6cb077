import { say } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';

/**
 * DOMAIN 2.8 smart/AppMenu: "an apk item must name the package of a published AppRelease, else
 * 422". The launcher installs the item's app from that release, so an apk item whose package has no
 * published release (none yet, only drafts, or withdrawn) would be a dead tile. Checked on add,
 * edit and import against the record as it will be stored (an edit may change only the type or
 * only the target), in the record's site.
 *
 * `type`, `style` and `languages` need no hook: the description's fixed lists (contract
 * `choicesOf`) already refuse other values.
 */
export async function apkNamesPublishedRelease({
  conn,
  lang,
  def,
  values,
  site,
  selfId,
}: WriteHookArgs<'smart_app_menu'>): Promise<void> {
  if (!('type' in values) && !('target' in values)) return;
  let current: { type?: unknown; target?: unknown } = {};
  if (selfId !== undefined)
    current =
      (await conn
        .selectFrom(def.table)
        .select(['type', 'target'])
        .where('id', '=', selfId)
        .executeTakeFirst()) ?? {};
  const type = 'type' in values ? values.type : current.type;
  if (type !== 'apk') return;
  const target = String(('target' in values ? values.target : current.target) ?? '');
  const release = await conn
    .selectFrom('smart_app_release')
    .select('id')
    .where('site_id', '=', site)
    .where('package_name', '=', target)
    .where('state', '=', 'published')
    .limit(1)
    .executeTakeFirst();
  if (release) return;
  throw invalidField('target', say(lang, 'smart.targetAndroidAppItem', { target }));
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const appMenuApkRules: readonly Registration[] = [
  writeRule('index:app_menu', apkNamesPublishedRelease),
];
