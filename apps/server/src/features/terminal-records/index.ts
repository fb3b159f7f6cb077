/** What other areas use of terminal-records: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { terminalRecordVerbs } from './verbs.ts';

/** The terminal-records feature for app.ts: the terminals' records: read verbs. */
export const terminalRecordsFeature: Feature = {
  name: 'terminal-records',
  registrations: terminalRecordVerbs,
};
