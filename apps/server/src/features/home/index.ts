/** What other areas use of home: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { homeActions } from './actions.ts';
import { startSiteFigures } from './site-figures.ts';

export { sampleIfDue } from './online-days.ts';

/** The home feature for app.ts: the home page figures, and the operations home's per-site figures kept ready. */
export const homeFeature: Feature = {
  name: 'home',
  actions: homeActions,
  services: [(app) => startSiteFigures(app)],
};
