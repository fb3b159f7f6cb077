import type { Lang } from '@igs/contract';
import { i18n } from '../../../i18n/index.ts';

const texts: Record<string, Record<Lang, string>> = {
  'disk.title': { en: 'Disks', zh_CN: '磁盘' },
  'disk.refresh': { en: 'Refresh', zh_CN: '刷新' },
  'disk.source.lsblk': { en: 'Read with lsblk', zh_CN: '由 lsblk 读取' },
  'disk.source.sysfs': {
    en: 'Read from /proc/partitions and /sys/block (lsblk not available)',
    zh_CN: '由 /proc/partitions 与 /sys/block 读取（无 lsblk）',
  },
  'disk.name': { en: 'Device', zh_CN: '设备' },
  'disk.model': { en: 'Model', zh_CN: '型号' },
  'disk.size': { en: 'Size', zh_CN: '容量' },
  'disk.kind': { en: 'Kind', zh_CN: '类型' },
  'disk.kind.ssd': { en: 'SSD', zh_CN: '固态' },
  'disk.kind.hdd': { en: 'HDD', zh_CN: '机械' },
  'disk.kind.removable': { en: 'removable', zh_CN: '可移动' },
  'disk.fstype': { en: 'File system', zh_CN: '文件系统' },
  'disk.mountpoint': { en: 'Mount point', zh_CN: '挂载点' },
  'disk.used': { en: 'Used', zh_CN: '已用' },
  'disk.avail': { en: 'Free', zh_CN: '可用' },
  'disk.usage': { en: 'Use', zh_CN: '使用率' },
  'disk.smart': { en: 'SMART health', zh_CN: 'SMART 健康' },
  'disk.role': { en: 'Role', zh_CN: '用途' },
  'disk.role.system': { en: 'System', zh_CN: '系统盘' },
  'disk.role.media': { en: 'Media', zh_CN: '媒体' },
  'disk.role.record': { en: 'Recording', zh_CN: '录像' },
  'disk.role.backup': { en: 'Backup', zh_CN: '备份' },
  'disk.role.none': { en: 'None', zh_CN: '未使用' },
  'disk.roleSaved': { en: 'Role of {{name}} set to {{role}}', zh_CN: '{{name}} 的用途已设为 {{role}}' },
  'disk.systemLocked': {
    en: 'The disk holding / is the system disk; its role cannot be changed',
    zh_CN: '挂载根目录 / 的磁盘为系统盘，用途不能修改',
  },
  'disk.warnings': {
    en: 'Disk space warnings (at {{pct}}% use)',
    zh_CN: '磁盘空间告警（使用率达 {{pct}}%）',
  },
  'disk.noDisks': { en: 'No disks found on this host', zh_CN: '本机未发现磁盘' },
  'disk.settings': { en: 'Storage settings', zh_CN: '存储设置' },
  'disk.media_path': { en: 'Media folder', zh_CN: '媒体目录' },
  'disk.record_path': { en: 'Recording folder', zh_CN: '录像目录' },
  'disk.cleanup_pct': { en: 'Warn and clean up at (%)', zh_CN: '告警与清理阈值（%）' },
  'disk.retention_days': { en: 'Keep recordings (days)', zh_CN: '录像保留天数' },
  'disk.pathRule': { en: 'An absolute path such as /srv/media', zh_CN: '绝对路径，如 /srv/media' },
  'disk.save': { en: 'Save', zh_CN: '保存' },
  'disk.saved': { en: 'Settings saved', zh_CN: '设置已保存' },
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
