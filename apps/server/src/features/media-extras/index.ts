/** What other areas use of media-extras: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { mediaExtrasActions } from './actions.ts';
import { epgFormats } from './epg-import.ts';
import { mediaRules } from './rules.ts';
import { mediaVerbs } from './verbs.ts';
import { withMediaWrites } from './writes.ts';

export { refreshGuide, syncSource } from './source-sync.ts';

/** The media-extras feature for app.ts: media beyond the records: verbs, write rules, XMLTV import; EPG imports and new broadcast rooms get their server-set values. */
export const mediaExtrasFeature: Feature = {
  name: 'media-extras',
  actions: mediaExtrasActions,
  registrations: [...mediaVerbs, ...mediaRules, ...epgFormats],
  followers: [withMediaWrites],
};
