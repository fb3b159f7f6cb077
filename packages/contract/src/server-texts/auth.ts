/** The server's texts of one area (server-texts/index.ts). */
export const authTexts = {
  'auth.accountsBeingReplaced': {
    en: 'The accounts are being restored from a backup or a hot-standby sync; sign in again in a moment',
    zh_CN: '正在从备份或双机热备同步恢复账号，请稍后重新登录',
  },
  'auth.signLinkInvalidUsed': {
    en: 'This sign-in link is invalid, used or expired; please sign in',
    zh_CN: '登录链接无效或已过期，请重新登录',
  },
  'auth.locked': {
    en: 'Too many failed sign-in attempts; try again in {minutes|# minute|# minutes}',
    zh_CN: '登录失败次数过多，请在{minutes}分钟后再试',
  },
  'auth.slowed': {
    en: 'Too many failed sign-ins for this account; try again in {seconds|# second|# seconds}',
    zh_CN: '该账号登录失败次数过多，请在{seconds}秒后再试',
  },
  'auth.noModuleAccess': {
    en: 'You do not have access to this module: {path}',
    zh_CN: '无权访问该模块：{path}',
  },
  'auth.noButton': {
    en: 'You do not have permission for this action: {key}',
    zh_CN: '无权执行该操作：{key}',
  },
  'auth.noSiteGranted': { en: 'No site is granted to this account', zh_CN: '该账号没有被授予任何站点' },
  'auth.siteHeaderFormat': {
    en: '{header} must be a comma-separated list of site ids',
    zh_CN: '{header} 须为逗号分隔的站点编号列表',
  },
  'auth.siteNotGranted': { en: 'Site {id} is not granted to this account', zh_CN: '该账号未被授予站点 {id}' },
  'auth.registrationRoleMissing': {
    en: 'Registration role "{role}" does not exist',
    zh_CN: '注册角色“{role}”不存在',
  },
} as const;
