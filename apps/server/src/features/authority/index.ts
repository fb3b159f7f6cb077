/** What other areas use of authority: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { authorityActions } from './actions.ts';

export {
  administrators,
  definedFields,
  guardAdministrators,
  isAdministrator,
  withAdminLock,
} from './admin-rules.ts';

/** The authority feature for app.ts: roles and permissions. */
export const authorityFeature: Feature = {
  name: 'authority',
  actions: authorityActions,
};
