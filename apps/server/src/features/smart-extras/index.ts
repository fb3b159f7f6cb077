/** What other areas use of smart-extras: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { smartExtrasActions } from './actions.ts';
import { appMenuApkRules } from './app-menu-rules.ts';

export { ackCommand, takeCommands } from './app-command.ts';
export { wifiQrText } from './scene-other.ts';

/** The smart-extras feature for app.ts: smart display calls beyond the records, and the app menus' APK rule. */
export const smartExtrasFeature: Feature = {
  name: 'smart-extras',
  actions: smartExtrasActions,
  registrations: appMenuApkRules,
};
