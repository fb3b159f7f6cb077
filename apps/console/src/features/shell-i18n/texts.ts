import type { Lang } from '@igs/contract';
import { i18n } from '../../i18n/index.ts';

/**
 * Texts of the shell (layout, tabs, dialogs), registered into the shared i18n catalogue under
 * `shell.*`. Validation and toast texts are not here: they come from the contract's `messages`
 * (`msg.*`), so the console and the server word them alike.
 */
const texts: Record<string, Record<Lang, string>> = {
  'shell.toggleSidebar': { en: 'Toggle sidebar', zh_CN: '切换侧边栏' },
  'shell.backHome': { en: 'Back to home', zh_CN: '返回首页' },
  'shell.dashboard': { en: 'Dashboard', zh_CN: '首页' },
  'shell.changePassword': { en: 'Change password', zh_CN: '修改密码' },
  'shell.personalData': { en: 'Personal data', zh_CN: '个人资料' },
  'shell.developerMode': { en: 'Developer mode', zh_CN: '开发者模式' },
  'shell.switchToOperations': { en: 'Switch to operations mode', zh_CN: '切换到运营模式' },
  'shell.switchToFull': { en: 'Switch to full mode', zh_CN: '切换到完整模式' },
  'shell.clearCache': { en: 'Clear cache', zh_CN: '清除缓存' },
  'shell.logout': { en: 'Log out', zh_CN: '退出登录' },
  'shell.language': { en: 'Language', zh_CN: '语言' },
  'shell.size': { en: 'Size', zh_CN: '布局大小' },
  'shell.size.default': { en: 'Default', zh_CN: '默认' },
  'shell.size.medium': { en: 'Medium', zh_CN: '中等' },
  'shell.size.small': { en: 'Small', zh_CN: '小型' },
  'shell.size.mini': { en: 'Mini', zh_CN: '迷你' },
  'shell.search': { en: 'Search menus', zh_CN: '搜索菜单' },
  'shell.pinyin': { en: 'Pinyin', zh_CN: '拼音' },
  'shell.fullscreen': { en: 'Full screen', zh_CN: '全屏' },
  'shell.exitFullscreen': { en: 'Exit full screen', zh_CN: '退出全屏' },
  'shell.cart': { en: 'Mall orders', zh_CN: '商城订单' },
  'shell.messages': { en: 'Messages', zh_CN: '消息' },
  'shell.exportHome': { en: 'Export home data', zh_CN: '导出首页数据' },
  'shell.settings': { en: 'Page settings', zh_CN: '页面设置' },
  'shell.errorLog': { en: 'Error log', zh_CN: '错误日志' },
  'shell.errorLog.clear': { en: 'Clear', zh_CN: '清空' },
  'shell.errorLog.error': { en: 'Error', zh_CN: '错误' },
  'shell.errorLog.view': { en: 'View', zh_CN: '页面' },
  'shell.errorLog.info': { en: 'Info', zh_CN: '信息' },
  'shell.errorLog.url': { en: 'URL', zh_CN: '地址' },
  'shell.hotline': { en: 'Service hotline', zh_CN: '服务热线' },
  'tags.refresh': { en: 'Refresh', zh_CN: '刷新' },
  'tags.close': { en: 'Close', zh_CN: '关闭' },
  'tags.closeOthers': { en: 'Close others', zh_CN: '关闭其他' },
  'tags.closeAll': { en: 'Close all', zh_CN: '关闭所有' },
  'settings.title': { en: 'Page style settings', zh_CN: '系统布局配置' },
  'settings.theme': { en: 'Theme colour', zh_CN: '主题色' },
  'settings.darkTheme': { en: 'Dark theme', zh_CN: '暗色主题' },
  'settings.tagsView': { en: 'Show page tabs', zh_CN: '显示页签栏' },
  'settings.fixedHeader': { en: 'Fixed header', zh_CN: '固定顶栏' },
  'settings.sidebarLogo': { en: 'Sidebar logo', zh_CN: '侧边栏标志' },
  'settings.supportPinyinSearch': { en: 'Menu search supports pinyin', zh_CN: '菜单搜索支持拼音' },
  'settings.reset': { en: 'Reset to defaults', zh_CN: '恢复默认' },
  'dialog.ok': { en: 'OK', zh_CN: '确定' },
  'dialog.cancel': { en: 'Cancel', zh_CN: '取消' },
  'dialog.submit': { en: 'Submit', zh_CN: '提交' },
  'password.original': { en: 'Original password', zh_CN: '原密码' },
  'password.new': { en: 'New password', zh_CN: '新密码' },
  'password.confirm': { en: 'Confirm password', zh_CN: '确认密码' },
  'password.weakWarning': {
    en: 'Your password is too weak. Change it before you continue.',
    zh_CN: '您的密码过于简单，请先修改密码后再继续操作。',
  },
  'personal.username': { en: 'Account', zh_CN: '账号' },
  'personal.nickname': { en: 'Name', zh_CN: '姓名' },
  'personal.cellphone': { en: 'Phone', zh_CN: '手机号' },
  'personal.sex': { en: 'Sex', zh_CN: '性别' },
  'personal.sex.0': { en: 'Unknown', zh_CN: '保密' },
  'personal.sex.1': { en: 'Male', zh_CN: '男' },
  'personal.sex.2': { en: 'Female', zh_CN: '女' },
  'personal.company': { en: 'Company', zh_CN: '公司名称' },
  'personal.wechat': { en: 'WeChat', zh_CN: '微信' },
  'personal.avatar': { en: 'Avatar', zh_CN: '头像' },
  'personal.changeAvatar': { en: 'Change avatar', zh_CN: '更换头像' },
  'personal.lastLoginTime': { en: 'Last login time', zh_CN: '上次登录时间' },
  'personal.lastLoginIp': { en: 'Last login IP', zh_CN: '上次登录IP' },
  'developer.status': { en: 'Developer mode', zh_CN: '开发者模式' },
  'developer.key': { en: 'Secret key', zh_CN: '密钥' },
  'developer.copy': { en: 'Copy', zh_CN: '复制' },
  'developer.hint': {
    en: 'Integrators send this key in the IGS-Key header instead of signing in.',
    zh_CN: '第三方系统可在请求头 IGS-Key 中携带此密钥调用接口，无需登录。',
  },
  'developer.shownOnce': {
    en: 'Copy the key now: it is stored hashed and will not be shown again.',
    zh_CN: '请立即复制密钥：密钥仅保存摘要，之后不会再显示。',
  },
  'developer.keyEnding': { en: 'Key ending in', zh_CN: '密钥末尾' },
  'developer.createdAt': { en: 'Made at', zh_CN: '创建时间' },
  'developer.expiresAt': { en: 'Expires at', zh_CN: '到期时间' },
  'developer.lostKey': {
    en: 'Lost the key? Switch developer mode off and on again for a new one.',
    zh_CN: '密钥遗失？关闭后重新开启开发者模式即可获取新密钥。',
  },
  'developer.noPermission': {
    en: 'Your role may not switch developer mode on; ask an administrator.',
    zh_CN: '您的角色无权开启开发者模式，请联系管理员。',
  },
  'personal.signOutEverywhere': { en: 'Sign out everywhere', zh_CN: '在所有设备上退出' },
  'personal.signOutEverywhereConfirm': {
    en: 'End every session of this account, this one included, and its developer key?',
    zh_CN: '将结束此账号的所有会话（包括当前会话）及其开发者密钥，确定吗？',
  },
};

function bundle(lang: Lang): Record<string, string> {
  return Object.fromEntries(Object.entries(texts).map(([key, text]) => [key, text[lang]]));
}

// deep merge, never overwrite: a wording the core dictionary already defines wins.
i18n.addResourceBundle('en', 'translation', bundle('en'), true, false);
i18n.addResourceBundle('zh_CN', 'translation', bundle('zh_CN'), true, false);
