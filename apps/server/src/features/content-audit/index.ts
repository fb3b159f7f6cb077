/** What other areas use of content-audit: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { withContentAudit } from './items.ts';
import { auditStateRules } from './rules.ts';
import { contentAuditVerbs } from './verbs.ts';

/** The content-audit feature for app.ts: audited content (films, posts, ad materials): the audit verbs and state, the resource-audit list kept in step. */
export const contentAuditFeature: Feature = {
  name: 'content-audit',
  registrations: [...contentAuditVerbs, ...auditStateRules],
  followers: [withContentAudit],
};
