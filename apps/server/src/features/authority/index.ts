/** What other areas use of authority: the one door into it (docs/architecture.md). */
export {
  administrators,
  definedFields,
  guardAdministrators,
  isAdministrator,
  siteIds,
  withAdminLock,
} from './admin-rules.ts';
