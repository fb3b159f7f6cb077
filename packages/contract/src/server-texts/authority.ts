/** The server's texts of one area (server-texts/index.ts). */
export const authorityTexts = {
  'authority.roleNotFound': { en: 'Role #{id} was not found', zh_CN: '角色 #{id} 不存在' },
  'authority.buttonKeysUnknownKey': {
    en: 'button_keys: unknown key {unknown}',
    zh_CN: 'button_keys：未知的按钮键 {unknown}',
  },
  'authority.buttonKeysBelongsNo': {
    en: 'button_keys: {stray} belongs to no granted menu; grant its menu too',
    zh_CN: 'button_keys：{stray} 所属菜单未授权，请同时勾选其菜单',
  },
  'authority.siteIdsSitesApply': {
    en: 'site_ids: sites apply to operations roles only',
    zh_CN: 'site_ids：只有运营模式角色可以指定站点',
  },
  'authority.roleNameAlreadyExists': {
    en: 'Role name "{name}" already exists',
    zh_CN: '角色名称“{name}”已存在',
  },
  'authority.builtRoleAlwaysHolds': {
    en: 'The built-in role "{BUILTIN_ADMIN_ROLE}" always holds every menu and button; only its description can change',
    zh_CN: '内置角色“{BUILTIN_ADMIN_ROLE}”始终拥有全部菜单和按钮，只能修改描述',
  },
  'authority.roleNotFound2': { en: 'Role #{missing} was not found', zh_CN: '角色 #{missing} 不存在' },
  'authority.accounts': { en: 'accounts', zh_CN: '账号' },
  'authority.selfRegistration': { en: 'self-registration', zh_CN: '自助注册' },
  'authority.cannotDeleteStillUsed': {
    en: 'Cannot delete: still used by {list}',
    zh_CN: '无法删除：仍被 {list} 使用',
  },
  'authority.cannotRemoveOwnAdministrator': {
    en: 'You cannot remove your own administrator rights; ask another administrator',
    zh_CN: '不能取消自己的管理员权限，请由其他管理员操作',
  },
  'authority.leastOneAdministratorMust': {
    en: 'At least one administrator must remain: this change would leave none',
    zh_CN: '至少要保留一个管理员：此操作会使系统没有管理员',
  },
} as const;
