/** What other areas use of backup: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { backupActions } from './actions.ts';

export { writeArchive } from './archive.ts';
export {
  createBackup,
  deleteBackups,
  nextAutoBackup,
  pruneAutoBackups,
  removeUnfinishedBackup,
  restoreArchive,
} from './backups.ts';

/** The backup feature for app.ts: the backups. */
export const backupFeature: Feature = {
  name: 'backup',
  actions: backupActions,
};
