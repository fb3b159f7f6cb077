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
    en: 'The built-in role "{role}" always holds every menu and button; only its description can change',
    zh_CN: '内置角色“{role}”始终拥有全部菜单和按钮，只能修改描述',
  },
  'authority.rolesNotFound': { en: 'Role #{missing} was not found', zh_CN: '角色 #{missing} 不存在' },
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
  'authority.buttonKeysCanHeld': {
    en: 'button_keys: {adminOnly} can be held only by an administrator role (one that also holds Permission management and Manage settings with their edit buttons): restoring a backup replaces every account and permission',
    zh_CN:
      'button_keys：{adminOnly} 只能授予管理员角色（同时拥有权限管理、管理设置及其编辑按钮的角色）：还原备份会替换全部账号和权限',
  },
  'authority.menuNotInTree': {
    en: 'menu_ids: menu #{ids} does not exist in the {mode} menu tree',
    zh_CN: 'menu_ids：菜单 #{ids} 不在{mode}菜单中',
  },
  'authority.modeFull': { en: 'full mode', zh_CN: '完整模式' },
  'authority.modeOperations': { en: 'operations mode', zh_CN: '运营模式' },
  'authority.builtinAdminDescription': {
    en: 'Built-in administrators: every menu and button',
    zh_CN: '内置管理员：拥有全部菜单和按钮',
  },
  'authority.viewerDescription': {
    en: 'Dashboard only; the role of self-registered accounts',
    zh_CN: '仅首页；自助注册账号的角色',
  },
} as const;
