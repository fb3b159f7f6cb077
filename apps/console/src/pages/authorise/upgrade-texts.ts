import type { Lang } from '@igs/contract';
import { i18n } from '../../i18n/index.ts';

const texts: Record<string, Record<Lang, string>> = {
  'upgrade.current': { en: 'Running version', zh_CN: '当前版本' },
  'upgrade.build': { en: 'Build', zh_CN: '构建' },
  'upgrade.node': { en: 'Node.js', zh_CN: 'Node.js' },
  'upgrade.release': { en: 'Installed release', zh_CN: '已安装版本' },
  'upgrade.previous': { en: 'Previous release', zh_CN: '上一版本' },
  'upgrade.applyOff': {
    en: 'Installing is off on this host (IGS_APPLY is not 1): packages are verified, not applied.',
    zh_CN: '本机未启用安装（IGS_APPLY 不为 1）：升级包只做验证，不会安装。',
  },
  'upgrade.upload': { en: 'Upload package', zh_CN: '上传升级包' },
  'upgrade.uploading': { en: 'Uploading {{name}}', zh_CN: '正在上传 {{name}}' },
  'upgrade.verifying': { en: 'Verifying signature and checksums…', zh_CN: '正在验证签名和校验值…' },
  'upgrade.rollback': { en: 'Roll back', zh_CN: '回滚' },
  'upgrade.confirmRollback': { en: 'Make {{version}} current again?', zh_CN: '确定回滚到 {{version}}？' },
  'upgrade.fileName': { en: 'File', zh_CN: '文件' },
  'upgrade.version': { en: 'Version', zh_CN: '版本' },
  'upgrade.size': { en: 'Size', zh_CN: '大小' },
  'upgrade.signature': { en: 'Signature', zh_CN: '签名' },
  'upgrade.signature.valid': { en: 'valid', zh_CN: '有效' },
  'upgrade.signature.invalid': { en: 'invalid', zh_CN: '无效' },
  'upgrade.state': { en: 'State', zh_CN: '状态' },
  'upgrade.state.uploaded': { en: 'Uploaded', zh_CN: '已上传' },
  'upgrade.state.verified': { en: 'Verified', zh_CN: '已验证' },
  'upgrade.state.applied': { en: 'Applied', zh_CN: '已安装' },
  'upgrade.state.failed': { en: 'Failed', zh_CN: '失败' },
  'upgrade.message': { en: 'Message', zh_CN: '信息' },
  'upgrade.createdAt': { en: 'Uploaded at', zh_CN: '上传时间' },
  'upgrade.actions': { en: 'Actions', zh_CN: '操作' },
  'upgrade.details': { en: 'Details', zh_CN: '详情' },
  'upgrade.verify': { en: 'Verify', zh_CN: '验证' },
  'upgrade.apply': { en: 'Apply', zh_CN: '安装' },
  'upgrade.delete': { en: 'Delete', zh_CN: '删除' },
  'upgrade.confirmApply': { en: 'Install {{version}}?', zh_CN: '确定安装 {{version}}？' },
  'upgrade.confirmApplyText': {
    en: 'A backup is taken first; the release becomes current and runs after the service restarts.',
    zh_CN: '安装前会自动备份；新版本将在服务重启后运行。',
  },
  'upgrade.confirmDelete': { en: 'Delete {{name}}?', zh_CN: '确定删除 {{name}}？' },
  'upgrade.changelog': { en: 'Changelog', zh_CN: '更新说明' },
  'upgrade.files': { en: 'Files it would install ({{n}})', zh_CN: '将安装的文件（{{n}} 个）' },
  'upgrade.newer': { en: 'newer than running', zh_CN: '比当前版本新' },
  'upgrade.notNewer': { en: 'not newer than running', zh_CN: '不比当前版本新' },
  'upgrade.verified': { en: 'Package {{version}} verified', zh_CN: '升级包 {{version}} 验证通过' },
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
