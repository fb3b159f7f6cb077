import { voiceCallsActions } from './calls-actions.ts';
import { registerVoiceFormats } from './formats.ts';
import { voiceManagementActions } from './management-actions.ts';
import { registerNumberingPlan } from './numbering-plan.ts';
import { voiceSettingsActions } from './settings-actions.ts';

// The voice rules and formats the generic record calls run for the voice lists.
registerNumberingPlan();
registerVoiceFormats();

/** Voice (DOMAIN section 2.2): the settings singletons, Asterisk management and the calls in progress. */
export const voiceActions = [...voiceSettingsActions, ...voiceManagementActions, ...voiceCallsActions];
