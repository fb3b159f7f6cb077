import { voiceCallsActions } from './calls-actions.ts';
import { cdrViewActions } from './cdr-views.ts';
import { voiceManagementActions } from './management-actions.ts';
import { outboundRouteOrderAction } from './route-order.ts';
import { voiceSettingsActions } from './settings-actions.ts';
import { wakeupTodayAction } from './wakeup-today.ts';

/**
 * Voice (DOMAIN section 2.2): the settings singletons, Asterisk management, the calls in progress,
 * the call records' figures per day and an extension's calls, today's wake-up calls, and the
 * outbound routes' order. The voice verbs, write rules and formats are listed by voiceFeature (index.ts).
 */
export const voiceActions = [
  ...voiceSettingsActions,
  ...voiceManagementActions,
  ...voiceCallsActions,
  ...cdrViewActions,
  wakeupTodayAction,
  outboundRouteOrderAction,
];
