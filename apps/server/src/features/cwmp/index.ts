/** What other areas use of cwmp: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { cpeParametersAction } from './parameters.ts';

export { acsFault, envelope } from './soap.ts';

/** The cwmp feature for app.ts: a CPE's parameters. */
export const cwmpFeature: Feature = {
  name: 'cwmp',
  actions: [cpeParametersAction],
};
