/** What other areas use of menus: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { menuActions } from './actions.ts';
import { withExternalLinkFollowers } from './external-links.ts';

/** The menus feature for app.ts: the menus and the external links. */
export const menusFeature: Feature = {
  name: 'menus',
  actions: menuActions,
  followers: [withExternalLinkFollowers],
};
