/** What other areas use of voice: the one door into it (docs/architecture.md). */

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
