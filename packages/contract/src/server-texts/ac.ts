/** The server's texts of one area (server-texts/index.ts). */
export const acTexts = {
  'ac.newRootPasswordLeast': {
    en: 'New root password: at least 8 characters',
    zh_CN: '新的root密码：至少 8 个字符',
  },
  'ac.firmwareBuildDoesNot': { en: 'Firmware build #{id} does not exist', zh_CN: '固件版本 #{id} 不存在' },
  'ac.apDoesNotExist': { en: 'AP #{ap_id} does not exist', zh_CN: 'AP #{ap_id} 不存在' },
  'ac.everyApTargetAlready': {
    en: 'Every AP of the target already has an upgrade waiting',
    zh_CN: '目标中的AP均已有等待中的升级',
  },
  'ac.noApBuildS': { en: 'No AP of the build’s category in the target', zh_CN: '目标中没有该固件分类的AP' },
  'ac.versionAlreadyExistsAp': {
    en: 'Version "{version}" already exists for this AP category (#{id})',
    zh_CN: '该AP分类已有版本“{version}”（#{id}）',
  },
  'ac.buildAnotherApCategory': {
    en: 'Build {version} is for another AP category than {map}',
    zh_CN: '固件版本 {version} 不属于以下AP的分类：{map}',
  },
  'ac.upgradeAlreadyWaitingCancel': {
    en: 'An upgrade is already waiting for {map}: cancel it first',
    zh_CN: '以下AP已有等待中的升级：{map}，请先取消',
  },
  'ac.taskReboot': { en: 'Reboot', zh_CN: '重启' },
  'ac.taskApply': { en: 'Applying the configuration', zh_CN: '下发配置' },
  'ac.taskChangePassword': { en: 'Changing the root password', zh_CN: '修改root密码' },
  'ac.taskLocate': { en: 'Locate (LED blink)', zh_CN: '定位（指示灯闪烁）' },
  'ac.taskUpgradeTo': { en: 'Upgrade to {version}', zh_CN: '升级到{version}' },
  'ac.tasksQueued': {
    en: '{what} queued for {n|# AP|# APs}{already}; they take it at their next poll',
    zh_CN: '已为 {n} 台AP排队：{what}{already}；AP将在下次轮询时执行',
  },
  'ac.alreadyHadItPending': { en: ' ({n} already had it pending)', zh_CN: '（{n} 台已在排队）' },
  'ac.unknownAgent': { en: 'Unknown AP or wrong agent key', zh_CN: '未知AP或代理密钥错误' },
  'ac.noCommandAwaits': {
    en: 'No command #{id} handed to this AP awaits an answer',
    zh_CN: '没有发给该AP的待回复命令 #{id}',
  },
  'ac.stationsCountMismatch': {
    en: 'clients says {clients} but {n|# station was|# stations were} reported',
    zh_CN: 'clients 为 {clients}，但上报了 {n} 个终端',
  },
  'ac.stationTwice': {
    en: 'stations: {mac} is reported more than once',
    zh_CN: 'stations：{mac} 重复上报',
  },
  'ac.upgradeAckNeedsVersion': {
    en: 'version: a successful upgrade must name the firmware the AP now runs',
    zh_CN: 'version：升级成功时须给出AP当前运行的固件版本',
  },
  'ac.upgradeSucceeded': {
    en: 'Upgraded; the AP now runs {version}',
    zh_CN: '升级成功，AP当前运行 {version}',
  },
  'ac.upgradeFailedReason': { en: 'The AP reported a failure: {reason}', zh_CN: 'AP报告升级失败：{reason}' },
  'ac.upgradeFailedNoReason': {
    en: 'The AP reported a failure without a reason',
    zh_CN: 'AP报告升级失败，未说明原因',
  },
  'ac.upgradeNoAnswer': {
    en: 'The AP took the upgrade but did not report its result within {minutes} minutes',
    zh_CN: 'AP接收升级后 {minutes} 分钟内未报告结果',
  },
  'ac.upgradeNeverTaken': {
    en: 'The AP did not poll within {hours} hours, so the upgrade was never sent to it',
    zh_CN: 'AP在 {hours} 小时内未轮询，升级未下发',
  },
} as const;
