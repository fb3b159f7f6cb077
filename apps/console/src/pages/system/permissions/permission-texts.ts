import { registerTexts, type Texts } from '../../../i18n/index.ts';

const texts: Texts = {
  'perm.add': { en: 'Add role', zh_CN: '新增角色' },
  'perm.edit': { en: 'Edit role', zh_CN: '编辑角色' },
  'perm.delete': { en: 'Delete', zh_CN: '删除' },
  'perm.confirmDelete': { en: 'Delete role "{{name}}"?', zh_CN: '确定删除角色“{{name}}”？' },
  'perm.name': { en: 'Role name', zh_CN: '角色名称' },
  'perm.description': { en: 'Description', zh_CN: '描述' },
  'perm.mode': { en: 'Mode', zh_CN: '模式' },
  'perm.mode.full': { en: 'Full', zh_CN: '完整模式' },
  'perm.mode.operations': { en: 'Operations', zh_CN: '运营模式' },
  'perm.sites': { en: 'Sites', zh_CN: '站点' },
  'perm.sitesHint': {
    en: 'Registered sites this role may reach; none chosen means none',
    zh_CN: '此角色可访问的已登记站点；不选表示无任何站点',
  },
  'perm.allSites': { en: 'All sites', zh_CN: '全部站点' },
  'perm.allSitesHint': {
    en: 'Every site, including sites added later',
    zh_CN: '所有站点，包括以后新增的站点',
  },
  'perm.moreSites': { en: 'and {{n}} more', zh_CN: '等另 {{n}} 个' },
  'perm.enabled': { en: 'Enabled', zh_CN: '启用' },
  'perm.grants': { en: 'Menus and buttons', zh_CN: '菜单与按钮权限' },
  'perm.grantCount': {
    en: '{{menus}} menus, {{buttons}} buttons',
    zh_CN: '{{menus}} 个菜单，{{buttons}} 个按钮',
  },
  'perm.accounts': { en: 'Accounts', zh_CN: '账号数' },
  'perm.builtin': { en: 'Built-in', zh_CN: '内置' },
  'perm.builtinHint': {
    en: 'The built-in admin role always holds every menu and button; only its description can change.',
    zh_CN: '内置管理员角色始终拥有全部菜单和按钮，只能修改描述。',
  },
  'perm.admin': { en: 'Administrator', zh_CN: '管理员' },
  'perm.adminOnly': {
    en: 'administrator roles only: a restore replaces every account and permission',
    zh_CN: '仅限管理员角色：还原会替换全部账号和权限',
  },
  'perm.adminHint': {
    en: 'Administrators hold Permission management and Manage settings with their edit buttons. At least one must remain.',
    zh_CN: '管理员拥有“权限管理”和“管理设置”及其编辑按钮；系统至少保留一个管理员。',
  },
  'perm.checkAll': { en: 'Check all', zh_CN: '全选' },
  'perm.clear': { en: 'Clear', zh_CN: '清空' },
  'perm.expandAll': { en: 'Expand all', zh_CN: '全部展开' },
  'perm.collapseAll': { en: 'Collapse all', zh_CN: '全部收起' },
  'perm.actions': { en: 'Actions', zh_CN: '操作' },
  'perm.search': { en: 'Search', zh_CN: '搜索' },
  'perm.save': { en: 'Save', zh_CN: '保存' },
  'perm.cancel': { en: 'Cancel', zh_CN: '取消' },
  'perm.saved': { en: 'Saved', zh_CN: '保存成功' },
  'perm.deleted': { en: 'Deleted', zh_CN: '删除成功' },
  'perm.total': { en: '{{n}} roles', zh_CN: '共 {{n}} 个角色' },
  'perm.verb.add': { en: 'Add', zh_CN: '新增' },
  'perm.verb.edit': { en: 'Edit', zh_CN: '编辑' },
  'perm.verb.del': { en: 'Delete', zh_CN: '删除' },
  'perm.verb.import': { en: 'Import', zh_CN: '导入' },
  'perm.verb.export': { en: 'Export', zh_CN: '导出' },
  'perm.required': { en: 'Please fill in the required data', zh_CN: '请填写必填数据' },
};

registerTexts(texts);
