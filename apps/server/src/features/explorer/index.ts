/** What other areas use of explorer: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { explorerActions } from './actions.ts';
import { registerExplorerUploads } from './upload.ts';

/** The explorer feature for app.ts: the file explorer and its uploads. */
export const explorerFeature: Feature = {
  name: 'explorer',
  actions: explorerActions,
  routes: [registerExplorerUploads],
};
