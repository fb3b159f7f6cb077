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
} as const;
