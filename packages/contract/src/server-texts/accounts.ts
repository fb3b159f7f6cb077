/** The server's texts of one area (server-texts/index.ts). */
export const accountsTexts = {
  'accounts.accountNotFound': { en: 'Account #{ids} was not found', zh_CN: '账号 #{ids} 不存在' },
  'accounts.roleIdRoleDoes': {
    en: 'role_id: role #{role_id} does not exist',
    zh_CN: 'role_id：角色 #{role_id} 不存在',
  },
  'accounts.operationsRoleOperationsRole': {
    en: 'is_operations: role "{name}" is an operations role; the account must be allowed operations mode',
    zh_CN: 'is_operations：角色“{name}”是运营模式角色，账号必须允许运营模式',
  },
  'accounts.operationsRoleGrantsNo': {
    en: 'is_operations: role "{name}" grants no operations menus; choose an operations role',
    zh_CN: 'is_operations：角色“{name}”没有运营模式菜单，请选择运营模式角色',
  },
  'accounts.siteIdsSitesApply': {
    en: 'site_ids: sites apply to operations mode only',
    zh_CN: 'site_ids：只有运营模式账号可以指定站点',
  },
  'accounts.siteIdsSiteNot': {
    en: 'site_ids: site {outside} is not among the sites of role "{name}" ({roleSites})',
    zh_CN: 'site_ids：站点 {outside} 不在角色“{name}”的站点（{roleSites}）内',
  },
  'accounts.usernameAlreadyTaken': {
    en: 'Username "{username}" is already taken',
    zh_CN: '用户名“{username}”已存在',
  },
  'accounts.cannotDisableOwnAccount': {
    en: 'You cannot disable your own account',
    zh_CN: '不能停用自己的账号',
  },
  'accounts.cannotDeleteOwnAccount': {
    en: 'You cannot delete your own account',
    zh_CN: '不能删除自己的账号',
  },
  'accounts.cannotKickYourselfOut': {
    en: 'You cannot kick yourself out; use log out',
    zh_CN: '不能踢出自己，请使用退出登录',
  },
  'accounts.developerModeOff': { en: 'Developer mode is off', zh_CN: '开发者模式已关闭' },
  'accounts.developerModeOn': { en: 'Developer mode is on', zh_CN: '开发者模式已开启' },
} as const;
