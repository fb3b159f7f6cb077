/**
 * Smart display (DOMAIN 2.8, with smart/UserPackage on its media endpoint): the verbs of
 * terminals, orders, messages and subscriptions, and the rules on writing scenes, templates, app
 * menus, app releases and goods. Each module registers itself on import.
 */
import './app-menu-tree.ts';
import './app-release-version.ts';
import './goods-rules.ts';
import './message-verbs.ts';
import './order-stock.ts';
import './order-verbs.ts';
import './scene-default.ts';
import './template-tiles.ts';
import './terminal-verbs.ts';
import './user-package.ts';
