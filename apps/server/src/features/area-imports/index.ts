/** What other areas use of area-imports: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { bindingCsvFormats } from './binding-csv.ts';
import { regionPathFormats } from './region-paths.ts';

/** The area-imports feature for app.ts: area path and binding CSV imports. */
export const areaImportsFeature: Feature = {
  name: 'area-imports',
  registrations: [...regionPathFormats, ...bindingCsvFormats],
};
