export * from './ac-agent.ts';
export * from './accounts.ts';
export * from './auth.ts';
export * from './backup.ts';
export * from './define.ts';
export * from './devices.ts';
export * from './disks.ts';
export * from './dnsmasq.ts';
export * from './explorer.ts';
export * from './fleet.ts';
export * from './home.ts';
export * from './hot-standby.ts';
export * from './itms.ts';
export * from './licence.ts';
export * from './logs.ts';
export * from './media.ts';
export * from './network.ts';
export * from './outreach.ts';
export * from './permissions.ts';
export * from './resource.ts';
export * from './scheduler.ts';
export * from './services.ts';
export * from './shell.ts';
export * from './smart.ts';
export * from './sms.ts';
export * from './system-status.ts';
export * from './system-tools.ts';
export * from './terminal-api.ts';
export * from './upgrade.ts';
export * from './voice-calls.ts';
export * from './voice-management.ts';
export * from './voice-records.ts';
export * from './voice-settings.ts';

import { acAgentCalls } from './ac-agent.ts';
import { accountCalls, lockoutCalls, webSettingsCalls } from './accounts.ts';
import { authCalls } from './auth.ts';
import { backupCalls } from './backup.ts';
import type { AnyCall } from './define.ts';
import { deviceCalls } from './devices.ts';
import { diskCalls } from './disks.ts';
import { dnsmasqCalls } from './dnsmasq.ts';
import { explorerCalls, explorerOpsCalls } from './explorer.ts';
import { homeCalls } from './home.ts';
import { hotStandbyCalls } from './hot-standby.ts';
import { itmsCalls } from './itms.ts';
import { licenceCalls } from './licence.ts';
import { operationLogCalls, serverLogCalls } from './logs.ts';
import { mediaCalls, mediaEncryptionCalls } from './media.ts';
import { networkCalls } from './network.ts';
import { outreachCalls } from './outreach.ts';
import { permissionTreeCalls, roleCalls } from './permissions.ts';
import { timedTaskEndpointCalls } from './scheduler.ts';
import { serviceCalls } from './services.ts';
import { changeModeCall, developerModeCalls, personalCalls, sessionInfoCalls, shellCalls } from './shell.ts';
import {
  appCommandCalls,
  appCommandOpsCalls,
  appLanguageCalls,
  appLanguageOpsCalls,
  appResourceCalls,
  appStyleCalls,
  appStyleOpsCalls,
  appTypeCalls,
  appTypeOpsCalls,
  formLinkageCalls,
  sceneOtherCalls,
  sceneOtherOpsCalls,
  terminalStatCalls,
} from './smart.ts';
import { smsCalls } from './sms.ts';
import { statusCalls } from './system-status.ts';
import { systemToolCalls } from './system-tools.ts';
import { terminalApiCalls } from './terminal-api.ts';
import { upgradeCalls } from './upgrade.ts';
import { voiceCallCalls } from './voice-calls.ts';
import { voiceManagementCalls } from './voice-management.ts';
import { voiceRecordCalls } from './voice-records.ts';
import { voiceSettingsCalls } from './voice-settings.ts';

/** Every call defined here; the server's test checks each has its action, the OpenAPI document its reply. */
export const allCalls: readonly AnyCall[] = [
  ...Object.values(diskCalls),
  ...Object.values(networkCalls),
  ...Object.values(dnsmasqCalls),
  ...Object.values(itmsCalls),
  ...Object.values(hotStandbyCalls),
  ...Object.values(serviceCalls),
  ...Object.values(smsCalls),
  ...Object.values(statusCalls),
  ...Object.values(systemToolCalls),
  ...Object.values(voiceCallCalls),
  ...Object.values(voiceManagementCalls),
  ...Object.values(voiceSettingsCalls),
  ...Object.values(voiceRecordCalls),
  ...Object.values(outreachCalls),
  ...Object.values(mediaCalls),
  ...mediaEncryptionCalls.flatMap((c) => Object.values(c)),
  ...timedTaskEndpointCalls.flatMap((c) => Object.values(c)),
  ...Object.values(deviceCalls),
  ...Object.values(licenceCalls),
  ...Object.values(upgradeCalls),
  ...Object.values(backupCalls),
  ...Object.values(operationLogCalls),
  ...Object.values(serverLogCalls),
  ...Object.values(changeModeCall),
  ...Object.values(developerModeCalls),
  ...Object.values(homeCalls),
  ...Object.values(sessionInfoCalls),
  ...Object.values(lockoutCalls),
  ...Object.values(accountCalls),
  ...Object.values(terminalStatCalls),
  ...Object.values(sceneOtherCalls),
  ...Object.values(sceneOtherOpsCalls),
  ...Object.values(appTypeCalls),
  ...Object.values(appTypeOpsCalls),
  ...Object.values(appLanguageCalls),
  ...Object.values(appLanguageOpsCalls),
  ...Object.values(appStyleCalls),
  ...Object.values(appStyleOpsCalls),
  ...Object.values(appCommandCalls),
  ...Object.values(appCommandOpsCalls),
  ...Object.values(formLinkageCalls),
  ...Object.values(appResourceCalls),
  ...Object.values(explorerCalls),
  ...Object.values(explorerOpsCalls),
  ...Object.values(acAgentCalls),
  ...Object.values(terminalApiCalls),
  ...Object.values(webSettingsCalls),
  ...Object.values(roleCalls),
  ...Object.values(permissionTreeCalls),
  ...Object.values(shellCalls),
  ...Object.values(personalCalls),
  ...Object.values(authCalls),
];
