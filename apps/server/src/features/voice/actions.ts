import { voiceCallsActions } from './calls-actions.ts';
import { cdrViewActions } from './cdr-views.ts';
import { registerVoiceFormats } from './formats.ts';
import { voiceManagementActions } from './management-actions.ts';
import { registerNumberingPlan } from './numbering-plan.ts';
import { outboundRouteOrderAction } from './route-order.ts';
import { voiceSettingsActions } from './settings-actions.ts';
import { wakeupTodayAction } from './wakeup-today.ts';
import { registerVoiceWriteRules } from './write-rules.ts';

// The voice rules and formats the generic record calls run for the voice lists.
registerNumberingPlan();
registerVoiceWriteRules();
registerVoiceFormats();

/**
 * Voice (DOMAIN section 2.2): the settings singletons, Asterisk management, the calls in progress,
 * the call records' figures per day and an extension's calls, today's wake-up calls, and the
 * outbound routes' order. The voice verbs register through features/verb-handlers.ts.
 */
export const voiceActions = [
  ...voiceSettingsActions,
  ...voiceManagementActions,
  ...voiceCallsActions,
  ...cdrViewActions,
  wakeupTodayAction,
  outboundRouteOrderAction,
];
