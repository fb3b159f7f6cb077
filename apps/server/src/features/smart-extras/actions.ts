import { appCommandActions } from './app-command.ts';
import { appOptionActions } from './app-options.ts';
import { appResourceActions } from './app-resource.ts';
import { formLinkageActions } from './form-linkage.ts';
import { sceneOtherActions } from './scene-other.ts';
import { shopConfigActions } from './shop-config.ts';
import { terminalStatsActions } from './terminal-stats.ts';
// The app menu's rule across resources (an apk item names a published release) registers on import.

/** Smart display calls beside the record modules (DOMAIN 2.8, 1.2). */
export const smartExtrasActions = [
  ...terminalStatsActions,
  ...appCommandActions,
  ...appOptionActions,
  ...appResourceActions,
  ...sceneOtherActions,
  ...shopConfigActions,
  ...formLinkageActions,
];
