/** The server's texts of one area (server-texts/index.ts). */
export const licenceTexts = {
  'licence.licenceExpiresDaysLeft': {
    en: 'The licence expires on {date} ({days|# day|# days} left): renew it in time',
    zh_CN: '授权将于 {date} 到期（剩余 {days} 天），请及时续期',
  },
  'licence.chooseLicenceFile': { en: 'Choose the licence file', zh_CN: '请选择授权文件' },
  'licence.licenceExpiredCannotInstalled': {
    en: 'This licence expired on {expires_at} and cannot be installed',
    zh_CN: '该授权已于 {expires_at} 过期，无法导入',
  },
  'licence.voice': { en: 'Voice', zh_CN: '语音' },
  'licence.videoGb28181': { en: 'Video (GB28181)', zh_CN: '视频监控' },
  'licence.wirelessAc': { en: 'Wireless AC', zh_CN: '无线AC' },
  'licence.media': { en: 'Media', zh_CN: '媒体' },
  'licence.advertising': { en: 'Advertising', zh_CN: '广告' },
  'licence.smartDisplay': { en: 'Smart display', zh_CN: '智慧屏' },
  'licence.commandAlarm': { en: 'Command and alarm', zh_CN: '指挥调度' },
  'licence.terminals': { en: 'terminals', zh_CN: '终端' },
  'licence.extensions': { en: 'extensions', zh_CN: '分机' },
  'licence.tr069Devices': { en: 'TR069 devices', zh_CN: 'TR069设备' },
  'licence.liveChannels': { en: 'live channels', zh_CN: '直播频道' },
  'licence.sites': { en: 'sites', zh_CN: '站点' },
  'licence.noValidLicence': { en: 'No valid licence', zh_CN: '没有有效授权' },
  'licence.notLicenceFileNot': {
    en: 'This is not a licence file (not JSON)',
    zh_CN: '这不是授权文件（不是JSON）',
  },
  'licence.notValidLicenceFile': {
    en: 'This is not a valid licence file: {where} {message}',
    zh_CN: '授权文件格式不正确：{where} {message}',
  },
  'licence.licenceProductNot': {
    en: 'This licence is for the product "{product}", not {ours}',
    zh_CN: '该授权属于产品“{product}”，不是 {ours}',
  },
  'licence.licenceSignatureNotValid': {
    en: 'The licence signature is not valid: the file was not issued by the vendor or has been altered',
    zh_CN: '授权签名无效：文件不是厂商签发的，或已被修改',
  },
  'licence.licenceMachineMachine': {
    en: 'This licence is for machine {machine_code}; this machine is {code}',
    zh_CN: '该授权属于机器 {machine_code}，本机机器码为 {code}',
  },
  'licence.licenceMachinesMachine': {
    en: 'This licence is for machines {codes}; this machine is {code}',
    zh_CN: '该授权属于机器 {codes}，本机机器码为 {code}',
  },
  'licence.coversNoRunningInstance': {
    en: 'This licence covers none of the {n} running instances: it names machine codes {codes}, and the instances run on {machines}. Send the machine-code request of this deployment to the vendor',
    zh_CN:
      '该授权不适用于正在运行的 {n} 个实例中的任何一个：授权的机器码为 {codes}，实例所在机器的机器码为 {machines}。请将本系统导出的机器码申请发给厂商',
  },
  'licence.noLicenceInstalledInstall': {
    en: 'No licence is installed: install one under Authorise → License',
    zh_CN: '未安装授权：请在“授权许可”页面导入授权文件',
  },
  'licence.licenceExpiredBusinessModules': {
    en: 'The licence expired on {expires_at}: business modules are disabled until a new licence is installed',
    zh_CN: '授权已于 {expires_at} 过期：安装新授权前，业务模块不可用',
  },
  'licence.licenceDoesNotInclude': {
    en: 'The licence does not include {name}: install a licence that enables it',
    zh_CN: '当前授权不包含“{name}”模块，请导入包含该模块的授权',
  },
  'licence.licenceAllowsUseRemove': {
    en: 'The licence allows {max} {n} and {used} are in use: remove some or install a licence with a higher limit',
    zh_CN: '授权允许 {max} 个{n}，已使用 {used} 个：请删除部分记录或导入更高额度的授权',
  },
  'licence.noMachineCode': {
    en: 'Cannot check the machine code: {reason}',
    zh_CN: '无法读取本机机器码：{reason}',
  },
  'licence.noMachineIdentity': {
    en: 'this host has neither /etc/machine-id nor a network interface with a MAC address',
    zh_CN: '本机既没有 /etc/machine-id，也没有带MAC地址的网卡',
  },
  'licence.fileTooLarge': { en: 'A licence file is at most 64 KB', zh_CN: '授权文件不能超过64KB' },
} as const;
