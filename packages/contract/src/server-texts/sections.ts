import { acTexts } from './ac.ts';
import { accountsTexts } from './accounts.ts';
import { advertTexts } from './advert.ts';
import { aisoTexts } from './aiso.ts';
import { areasTexts } from './areas.ts';
import { authTexts } from './auth.ts';
import { authorityTexts } from './authority.ts';
import { backupTexts } from './backup.ts';
import { commonTexts } from './common.ts';
import { auditTexts } from './content-audit.ts';
import { deviceTasksTexts } from './device-tasks.ts';
import { disksTexts } from './disks.ts';
import { dnsTexts } from './dns.ts';
import { explorerTexts } from './explorer.ts';
import { themesTexts } from './holiday-themes.ts';
import { hotStandbyTexts } from './hot-standby.ts';
import { httpTexts } from './http.ts';
import { licenceTexts } from './licence.ts';
import { logTexts } from './log.ts';
import { loggingTexts } from './logging.ts';
import { mediaTexts } from './media.ts';
import { networkTexts } from './network.ts';
import { outreachTexts } from './outreach.ts';
import { resourcesTexts } from './resources.ts';
import { schedulerTexts } from './scheduler.ts';
import { serverLogsTexts } from './server-logs.ts';
import { servicesTexts } from './services.ts';
import { shellTexts } from './shell.ts';
import { sitesTexts } from './sites.ts';
import { smartTexts } from './smart.ts';
import { smsTexts } from './sms.ts';
import { toolsTexts } from './system-tools.ts';
import { terminalTexts } from './terminal.ts';
import { tr069Texts } from './tr069.ts';
import { upgradeTexts } from './upgrade.ts';
import { uploadsTexts } from './uploads.ts';
import { videoTexts } from './video.ts';
import { voiceTexts } from './voice.ts';
import { voiceConfigTexts } from './voice-config.ts';

/** Every area's texts by area (the catalogue test checks that no key is defined twice). */
export const sectionList = {
  commonTexts,
  acTexts,
  accountsTexts,
  advertTexts,
  aisoTexts,
  areasTexts,
  authTexts,
  authorityTexts,
  backupTexts,
  auditTexts,
  deviceTasksTexts,
  disksTexts,
  dnsTexts,
  explorerTexts,
  themesTexts,
  hotStandbyTexts,
  httpTexts,
  licenceTexts,
  logTexts,
  loggingTexts,
  mediaTexts,
  networkTexts,
  outreachTexts,
  resourcesTexts,
  schedulerTexts,
  serverLogsTexts,
  servicesTexts,
  shellTexts,
  sitesTexts,
  smartTexts,
  smsTexts,
  toolsTexts,
  terminalTexts,
  tr069Texts,
  upgradeTexts,
  uploadsTexts,
  videoTexts,
  voiceConfigTexts,
  voiceTexts,
} as const;

export const sections = {
  ...commonTexts,
  ...acTexts,
  ...accountsTexts,
  ...advertTexts,
  ...aisoTexts,
  ...areasTexts,
  ...authTexts,
  ...authorityTexts,
  ...backupTexts,
  ...auditTexts,
  ...deviceTasksTexts,
  ...disksTexts,
  ...dnsTexts,
  ...explorerTexts,
  ...themesTexts,
  ...hotStandbyTexts,
  ...httpTexts,
  ...licenceTexts,
  ...logTexts,
  ...loggingTexts,
  ...mediaTexts,
  ...networkTexts,
  ...outreachTexts,
  ...resourcesTexts,
  ...schedulerTexts,
  ...serverLogsTexts,
  ...servicesTexts,
  ...shellTexts,
  ...sitesTexts,
  ...smartTexts,
  ...smsTexts,
  ...toolsTexts,
  ...terminalTexts,
  ...tr069Texts,
  ...upgradeTexts,
  ...uploadsTexts,
  ...videoTexts,
  ...voiceConfigTexts,
  ...voiceTexts,
} as const;
