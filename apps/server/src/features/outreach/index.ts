/** What other areas use of outreach: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { outreachActions, withOutreachFollowers } from './actions.ts';
import { startOutreachLinks } from './links.ts';

/** The outreach feature for app.ts: outreach: writes reconnect the FIAS links. */
export const outreachFeature: Feature = {
  name: 'outreach',
  actions: outreachActions,
  followers: [withOutreachFollowers],
  services: [startOutreachLinks],
};
