/** The server's texts of one area (server-texts/index.ts). */
export const backupTexts = {
  'backup.onlyAdministratorCanRestore': {
    en: 'Only an administrator can restore a backup: a restore replaces every account and permission',
    zh_CN: '只有管理员可以还原备份：还原会替换全部账号和权限',
  },
  'backup.restoreFailedNothingChanged': {
    en: 'The restore failed and nothing was changed: {message}',
    zh_CN: '还原失败，未做任何更改：{message}',
  },
  'backup.backupFailsAuthenticationChanged': {
    en: 'This backup fails its authentication: it was changed after this gateway made it.',
    zh_CN: '该备份未通过校验：生成后被修改过。',
  },
  'backup.backupNotMadeGateway': {
    en: 'This backup was not made by this gateway.',
    zh_CN: '该备份不是本网关生成的。',
  },
  'backup.backupFileDamagedNot': {
    en: 'The backup file is damaged or is not a backup of this product: {why}',
    zh_CN: '备份文件已损坏或不是本产品的备份：{why}',
  },
  'backup.unpacksMoreThanMb': {
    en: 'it unpacks to more than {megabytes} MB (the most this archive may expand to here)',
    zh_CN: '解包后超过 {megabytes} MB（此备份在本机允许的上限）',
  },
  'backup.backupEncryptedEnterPassphrase': {
    en: 'This backup is encrypted: enter its passphrase',
    zh_CN: '该备份已加密：请输入密码',
  },
  'backup.wrongPassphraseBackup': { en: 'Wrong passphrase for this backup', zh_CN: '备份密码错误' },
  'backup.holdsMoreThanEntries': {
    en: 'it holds more than {maxEntries|# entry|# entries}',
    zh_CN: '其中的条目超过 {maxEntries} 个',
  },
  'backup.entriesAddUpMore': {
    en: 'its entries add up to more than {megabytes} MB',
    zh_CN: '其中条目合计超过 {megabytes} MB',
  },
  'backup.onlyEncryptedBackupCan': {
    en: 'Only an encrypted backup can be accepted from another gateway: make it again there with a passphrase',
    zh_CN: '只能接受来自其他网关的加密备份：请在原网关上设置密码重新备份',
  },
  'backup.backupHoldsTableServer': {
    en: 'The backup holds the table "{name}", which this server does not have',
    zh_CN: '备份中的数据表“{name}”在本服务器上不存在',
  },
  'backup.backupSTableColumns': {
    en: 'The backup\'s table "{name}" has columns this server does not have: {missing}',
    zh_CN: '备份中数据表“{name}”的字段在本服务器上不存在：{missing}',
  },
  'backup.administratorCanAcceptBackup': {
    en: '{why} An administrator can accept it as a backup from elsewhere by entering its passphrase',
    zh_CN: '{why}管理员可输入其密码，作为外来备份接受',
  },
  'backup.notEncryptedSoCannot': {
    en: '{why} It is not encrypted, so it cannot be accepted from elsewhere: make it again with a passphrase',
    zh_CN: '{why}该备份未加密，不能作为外来备份接受：请设置密码重新备份',
  },
  'backup.backupRefusedBeforeUnpacked': {
    en: 'The backup was refused before it was unpacked further: {what}. Nothing was changed.',
    zh_CN: '已拒绝该备份，未继续解包：{what}。未做任何更改。',
  },
  'backup.newerVersion': {
    en: 'This backup was made by a newer version ({version}, schema {schema}); this server ({ours}) does not know: {unknown}',
    zh_CN:
      '该备份由更新的版本（{version}，数据结构 {schema}）生成，本服务器（{ours}）无法还原，不认识的数据结构变更：{unknown}',
  },
  'backup.alreadyRunning': {
    en: 'A backup or restore is already running; try again when it has finished',
    zh_CN: '已有备份或还原正在进行，请在完成后重试',
  },
  'backup.missing': { en: 'Backup #{id} does not exist', zh_CN: '备份 #{id} 不存在' },
} as const;
