import type { Lang } from '@igs/contract';
import { i18n } from '../../../i18n/index.ts';

const texts: Record<string, Record<Lang, string>> = {
  'backup.create': { en: 'Back up now', zh_CN: '立即备份' },
  'backup.foreignTitle': { en: 'A backup from elsewhere', zh_CN: '外来备份' },
  'backup.foreignAccept': {
    en: 'Restore it anyway as a backup from another gateway. Only an encrypted backup can be accepted: its passphrase proves who made it.',
    zh_CN: '仍作为其他网关的备份还原。只能接受加密备份：其密码用于证明备份来源。',
  },
  'backup.foreignPassphrase': { en: 'Passphrase of the backup', zh_CN: '备份密码' },
  'backup.uploadRestore': { en: 'Upload and restore', zh_CN: '上传并还原' },
  'backup.settings': { en: 'Automatic backups', zh_CN: '自动备份' },
  'backup.autoCron': { en: 'Schedule (cron)', zh_CN: '执行计划（cron）' },
  'backup.autoCronHelp': {
    en: 'Five fields: minute hour day month weekday, e.g. 0 3 * * * (daily at 03:00). Empty: no automatic backups.',
    zh_CN: '5个字段：分 时 日 月 周，例如 0 3 * * *（每天3点）。留空则不自动备份。',
  },
  'backup.keepCount': { en: 'Automatic backups kept', zh_CN: '保留自动备份数' },
  'backup.nextRun': { en: 'Next automatic backup', zh_CN: '下次自动备份' },
  'backup.none': { en: 'none scheduled', zh_CN: '未计划' },
  'backup.save': { en: 'Save', zh_CN: '保存' },
  'backup.fileName': { en: 'File', zh_CN: '文件名' },
  'backup.type': { en: 'Type', zh_CN: '类型' },
  'backup.type.manual': { en: 'Manual', zh_CN: '手动' },
  'backup.type.auto': { en: 'Automatic', zh_CN: '自动' },
  'backup.type.pre_upgrade': { en: 'Before upgrade', zh_CN: '升级前' },
  'backup.type.pre_restore': { en: 'Before restore', zh_CN: '还原前' },
  'backup.size': { en: 'Size', zh_CN: '大小' },
  'backup.contents': { en: 'Contents', zh_CN: '内容' },
  'backup.part.db': { en: 'Database', zh_CN: '数据库' },
  'backup.part.configs': { en: 'Generated configs', zh_CN: '配置文件' },
  'backup.part.uploads': { en: 'Uploaded files', zh_CN: '上传文件' },
  'backup.encrypted': { en: 'Encrypted', zh_CN: '已加密' },
  'backup.note': { en: 'Note', zh_CN: '备注' },
  'backup.createdBy': { en: 'By', zh_CN: '创建人' },
  'backup.createdAt': { en: 'Time', zh_CN: '时间' },
  'backup.actions': { en: 'Actions', zh_CN: '操作' },
  'backup.download': { en: 'Download', zh_CN: '下载' },
  'backup.restore': { en: 'Restore', zh_CN: '还原' },
  'backup.delete': { en: 'Delete', zh_CN: '删除' },
  'backup.allTypes': { en: 'All types', zh_CN: '全部类型' },
  'backup.passphrase': { en: 'Passphrase', zh_CN: '密码' },
  'backup.passphraseHelp': {
    en: 'Optional. At least 8 characters. Without it the backup cannot be restored: keep it safe.',
    zh_CN: '可选，至少8位。没有密码将无法还原该备份，请妥善保管。',
  },
  'backup.passphraseAgain': { en: 'Passphrase again', zh_CN: '再次输入密码' },
  'backup.passphraseMismatch': { en: 'The passphrases differ', zh_CN: '两次输入的密码不一致' },
  'backup.passphraseShort': { en: 'At least 8 characters', zh_CN: '至少8位' },
  'backup.passphraseIfEncrypted': {
    en: 'Passphrase (only for an encrypted backup)',
    zh_CN: '密码（仅加密备份需要）',
  },
  'backup.created': { en: 'Backup {{name}} created', zh_CN: '已创建备份 {{name}}' },
  'backup.confirmRestore': { en: 'Restore {{name}}?', zh_CN: '确定还原 {{name}}？' },
  'backup.confirmRestoreText': {
    en: 'Everything in the backup replaces the current data: the database, generated configs and uploaded files. A backup of the current state is taken first. Other signed-in users are signed out.',
    zh_CN:
      '备份中的内容将替换当前数据（数据库、配置文件、上传文件）。还原前会自动备份当前状态。其他已登录用户将被退出。',
  },
  'backup.confirmDelete': { en: 'Delete {{name}}?', zh_CN: '确定删除 {{name}}？' },
  'backup.restored': {
    en: 'Restored. The page reloads with the restored data.',
    zh_CN: '还原完成，页面将重新加载。',
  },
  'backup.restoredSignIn': {
    en: 'Restored. Your account is not in the backup as it was: sign in again.',
    zh_CN: '还原完成。备份中没有您当前的账号，请重新登录。',
  },
  'backup.uploading': { en: 'Uploading {{name}}', zh_CN: '正在上传 {{name}}' },
  'backup.working': { en: 'Checking and restoring…', zh_CN: '正在校验并还原…' },
  'backup.total': { en: '{{n}} backups', zh_CN: '共 {{n}} 个备份' },
  'backup.saved': { en: 'Settings saved', zh_CN: '设置已保存' },
};

for (const lang of ['en', 'zh_CN'] as const) {
  i18n.addResourceBundle(
    lang,
    'translation',
    Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v[lang]])),
    true,
    false,
  );
}
