/** What other areas use of video: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { videoRules } from './rules.ts';
import { videoVerbs } from './verbs.ts';

/** The video feature for app.ts: video: verbs and write rules. */
export const videoFeature: Feature = {
  name: 'video',
  registrations: [...videoVerbs, ...videoRules],
};
