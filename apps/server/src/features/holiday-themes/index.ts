/** What other areas use of holiday-themes: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { holidayThemeRules } from './rules.ts';

/** The holiday-themes feature for app.ts: holiday themes: write rule. */
export const holidayThemesFeature: Feature = {
  name: 'holiday-themes',
  registrations: holidayThemeRules,
};
