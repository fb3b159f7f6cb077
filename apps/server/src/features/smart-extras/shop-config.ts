import { say } from '@igs/contract';
import { shopConfig } from '@igs/contract/extras';
import { invalidField } from '../../platform/http/errors.ts';
import { singletonActions } from '../../platform/singletons/store.ts';

/**
 * `shop/config` (DOMAIN 2.8 smart/MallManagement ShopConfig), per site. The extension rung on a
 * new order must be one the voice module knows (full-mode extensions are site 0).
 */
export const shopConfigActions = singletonActions(shopConfig, {
  async check(ctx, values, site) {
    const ext = String(values.notify_extension ?? '');
    if (!ext) return;
    const found = await ctx.app.db.kysely
      .selectFrom('voice_extension')
      .select('id')
      .where('extension', '=', ext)
      .where('site_id', 'in', [...new Set([0, site])])
      .executeTakeFirst();
    if (!found) throw invalidField('notify_extension', say(ctx.lang, 'smart.extensionDoesNotExist', { ext }));
  },
});
