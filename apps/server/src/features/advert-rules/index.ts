/** What other areas use of advert-rules: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { advertRules } from './rules.ts';

/** The advert-rules feature for app.ts: advertising: schedule and homepage rules, material references. */
export const advertRulesFeature: Feature = {
  name: 'advert-rules',
  registrations: advertRules,
};
