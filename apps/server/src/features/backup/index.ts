/** What other areas use of backup: the one door into it (docs/architecture.md). */
export { createBackup, nextAutoBackup, pruneAutoBackups } from './backups.ts';
