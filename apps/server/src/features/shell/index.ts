/** What other areas use of shell: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { shellActions } from './actions.ts';

export { clearServerCaches } from './actions.ts';

/** The shell feature for app.ts: the console shell: menus, settings, session calls. */
export const shellFeature: Feature = {
  name: 'shell',
  actions: shellActions,
};
