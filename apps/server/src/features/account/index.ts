/** What other areas use of account: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { accountActions } from './actions.ts';
import { registerAvatarRoute } from './avatar.ts';

/** The account feature for app.ts: the signed-in operator's own account and avatar. */
export const accountFeature: Feature = {
  name: 'account',
  actions: accountActions,
  routes: [registerAvatarRoute],
};
