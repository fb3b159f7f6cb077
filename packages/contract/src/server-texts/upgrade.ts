/** The server's texts of one area (server-texts/index.ts). */
export const upgradeTexts = {
  'upgrade.signatureChecksumsVerified': {
    en: 'Signature and checksums verified',
    zh_CN: '签名和校验值验证通过',
  },
  'upgrade.packageVerifyFirst': {
    en: 'Package {version} is {state}: verify it first',
    zh_CN: '升级包 {version} 状态为 {state}，请先验证',
  },
  'upgrade.packageVerifiedNotApplied': {
    en: 'Package {version} is verified, not applied on this host: applying upgrades needs IGS_APPLY=1',
    zh_CN: '升级包 {version} 已验证，但本机未启用安装（需要 IGS_APPLY=1）',
  },
  'upgrade.applyingFailed': { en: 'Applying {version} failed: {why}', zh_CN: '安装 {version} 失败：{why}' },
  'upgrade.releaseCurrentServiceRestarting': {
    en: 'Release {version} is current; the service is restarting',
    zh_CN: '版本 {version} 已启用，服务正在重启',
  },
  'upgrade.releaseCurrentRestartService': {
    en: 'Release {version} is current; restart the service to run it',
    zh_CN: '版本 {version} 已启用，请重启服务以运行新版本',
  },
  'upgrade.rollingBackNeedsIgs': {
    en: 'Rolling back needs IGS_APPLY=1 on this host',
    zh_CN: '本机未启用安装（需要 IGS_APPLY=1），无法回滚',
  },
  'upgrade.noPreviousReleaseRoll': {
    en: 'There is no previous release to roll back to',
    zh_CN: '没有可回滚的上一版本',
  },
  'upgrade.releaseCurrentAgainService': {
    en: 'Release {current} is current again; the service is restarting',
    zh_CN: '已回滚到 {current}，服务正在重启',
  },
  'upgrade.releaseCurrentAgainRestart': {
    en: 'Release {current} is current again; restart the service to run it',
    zh_CN: '已回滚到 {current}，请重启服务',
  },
  'upgrade.tarProblem': { en: '{what}: {message}', zh_CN: '{what}：{message}' },
  'upgrade.packageNotSignedNo': {
    en: 'The package is not signed (no signature.sig): refused',
    zh_CN: '升级包没有签名（缺少 signature.sig），已拒绝',
  },
  'upgrade.packageLacksManifestJson': {
    en: 'The package lacks manifest.json or payload.tar.gz',
    zh_CN: '升级包缺少 manifest.json 或 payload.tar.gz',
  },
  'upgrade.packageSignatureNotValid': {
    en: 'The package signature is not valid: it was not signed by the vendor, or its content was altered',
    zh_CN: '升级包签名无效：不是厂商签名，或内容已被篡改',
  },
  'upgrade.packageManifestNotJson': { en: 'The package manifest is not JSON', zh_CN: '升级包清单不是 JSON' },
  'upgrade.packageManifestInvalid': {
    en: 'The package manifest is invalid: {path} {message}',
    zh_CN: '升级包清单无效：{path} {message}',
  },
  'upgrade.payloadDoesNotMatch': {
    en: 'The payload does not match its checksum in the manifest',
    zh_CN: '升级包内容与清单中的校验值不符',
  },
  'upgrade.manifestListsFileTwice': { en: 'The manifest lists a file twice', zh_CN: '清单中有重复的文件' },
  'upgrade.payloadHoldsManifestDoes': {
    en: 'The payload holds {name}, which the manifest does not list',
    zh_CN: '升级内容中的 {name} 不在清单中',
  },
  'upgrade.payloadFailsChecksum': {
    en: '{name} in the payload fails its checksum',
    zh_CN: '升级内容中的 {name} 校验失败',
  },
  'upgrade.payloadLacks': { en: 'The payload lacks {path}', zh_CN: '升级内容缺少 {path}' },
  'upgrade.unsafePath': { en: 'unsafe path', zh_CN: '不安全的路径' },
  'upgrade.thePackage': { en: 'The package', zh_CN: '升级包' },
  'upgrade.thePayload': { en: 'The payload', zh_CN: '升级包的负载' },
  'upgrade.damaged': {
    en: '{what} is damaged or not a tar.gz ({message})',
    zh_CN: '{what}已损坏或不是 tar.gz 文件（{message}）',
  },
  'upgrade.entryTwice': { en: '{what} holds {name} twice', zh_CN: '{what}中 {name} 重复' },
  'upgrade.entryTooLarge': { en: "{what}'s {name} is too large", zh_CN: '{what}中的 {name} 过大' },
  'upgrade.unexpectedEntry': {
    en: '{what} holds an unexpected entry "{name}": only manifest.json, payload.tar.gz and signature.sig',
    zh_CN: '{what}中有多余的文件“{name}”：只能包含 manifest.json、payload.tar.gz 和 signature.sig',
  },
  'upgrade.otherProduct': {
    en: 'The package is for the product "{product}", not {ours}',
    zh_CN: '该升级包属于产品“{product}”，不是 {ours}',
  },
  'upgrade.packageMissing': { en: 'Upgrade package #{id} does not exist', zh_CN: '升级包 #{id} 不存在' },
} as const;
