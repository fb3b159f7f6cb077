/**
 * Smart display (DOMAIN 2.8, with smart/UserPackage on its media endpoint): the verbs of
 * terminals, orders, messages and subscriptions, and the rules on writing scenes, templates, app
 * menus, app releases and goods, listed by smartDisplayFeature.
 */
import type { Feature } from '../../platform/feature.ts';
import { appMenuTreeRules } from './app-menu-tree.ts';
import { appReleaseRules } from './app-release-version.ts';
import { goodsRules } from './goods-rules.ts';
import { messageVerbs } from './message-verbs.ts';
import { orderStockRules } from './order-stock.ts';
import { orderVerbs } from './order-verbs.ts';
import { sceneDefaultRules } from './scene-default.ts';
import { templateTileRules } from './template-tiles.ts';
import { appListRegistrations } from './terminal-verbs.ts';
import { userPackageRegistrations } from './user-package.ts';

/** The smart-display feature for app.ts. */
export const smartDisplayFeature: Feature = {
  name: 'smart-display',
  registrations: [
    ...appMenuTreeRules,
    ...appReleaseRules,
    ...goodsRules,
    ...messageVerbs,
    ...orderStockRules,
    ...orderVerbs,
    ...sceneDefaultRules,
    ...templateTileRules,
    ...appListRegistrations,
    ...userPackageRegistrations,
  ],
};
