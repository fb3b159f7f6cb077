/** What other areas use of voice: the one door into it (docs/architecture.md). */
import type { Feature } from '../../platform/feature.ts';
import { voiceActions } from './actions.ts';
import { voiceFormats } from './formats.ts';
import { liveVerbs } from './live-verbs.ts';
import { numberingPlanRules } from './numbering-plan.ts';
import { preplanVerbs } from './preplan-test.ts';
import { startRegStateSweep } from './reg-state.ts';
import { voiceVerbs } from './verbs.ts';
import { voiceWriteRules } from './write-rules.ts';

export type { AmiSession } from './ami.ts';
export { AmiError } from './ami.ts';
export type { AsteriskInfo } from './asterisk.ts';
export {
  asteriskInfo,
  consoleAnswered,
  parseConciseChannels,
  parseContacts,
  runConsole,
} from './asterisk.ts';
export { activeCalls } from './calls-actions.ts';
export { dialText } from './config/conf-text.ts';
export { withManager } from './manager.ts';
export { regenerateVoiceFiles } from './regenerate.ts';
export { loadBasic } from './settings-store.ts';
export { conflict, extensionById, listOf, refuse } from './verb-support.ts';

/** The voice feature for app.ts: voice: calls, verbs, write rules, numbering plan and formats; the extensions' registration state kept true to this host's Asterisk. */
export const voiceFeature: Feature = {
  name: 'voice',
  actions: voiceActions,
  registrations: [
    ...voiceVerbs,
    ...liveVerbs,
    ...preplanVerbs,
    ...numberingPlanRules,
    ...voiceWriteRules,
    ...voiceFormats,
  ],
  services: [(app) => startRegStateSweep(app)],
};
