/** What other areas use of disks: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { diskActions } from './actions.ts';

/** The disks feature for app.ts: the disks. */
export const disksFeature: Feature = {
  name: 'disks',
  actions: diskActions,
};
