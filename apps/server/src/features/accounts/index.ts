/** What other areas use of accounts: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { administratorActions } from './actions.ts';

/** The accounts feature for app.ts: the administrators. */
export const accountsFeature: Feature = {
  name: 'accounts',
  actions: administratorActions,
};
