import type { Lang } from '@igs/contract';
import { i18n } from '../../i18n/index.ts';

/** Texts of the module extras (`mx.*`): mall settings, encryption, terminal commands, exports. */
const texts: Record<string, Record<Lang, string>> = {
  'mx.mallSettings': { en: 'Mall settings', zh_CN: '商城设置' },
  'mx.encryption': { en: 'Encryption', zh_CN: '加密设置' },
  'mx.encryption.title': { en: 'Programme encryption', zh_CN: '节目加密' },
  'mx.encryption.set': { en: 'Set for {{n}} selected', zh_CN: '应用到选中的 {{n}} 个节目' },
  'mx.encryption.hint': {
    en: 'HLS AES-128 applies to programmes delivered as HLS; multicast, RTSP and HTTP-TS ones are refused.',
    zh_CN: 'HLS AES-128 仅适用于以HLS分发的节目；组播、RTSP、HTTP-TS节目会被拒绝。',
  },
  'mx.encryption.done': { en: '{{n}} programmes updated', zh_CN: '已更新 {{n}} 个节目' },
  'mx.encryption.none': { en: 'None', zh_CN: '不加密' },
  'mx.encryption.hls_aes128': { en: 'HLS AES-128', zh_CN: 'HLS AES-128' },
  'mx.col.number': { en: 'No.', zh_CN: '频道号' },
  'mx.col.name': { en: 'Name', zh_CN: '名称' },
  'mx.col.type': { en: 'Type', zh_CN: '类型' },
  'mx.col.encryption': { en: 'Encryption', zh_CN: '加密' },
  'mx.cmd.send': { en: 'Send command', zh_CN: '发送命令' },
  'mx.cmd.title': { en: 'Send a command to {{n}} terminals', zh_CN: '向 {{n}} 台终端发送命令' },
  'mx.cmd.pick': { en: 'Select terminals in the list first', zh_CN: '请先在列表中选择终端' },
  'mx.cmd.type': { en: 'Command', zh_CN: '命令' },
  'mx.cmd.type.reboot': { en: 'Reboot', zh_CN: '重启' },
  'mx.cmd.type.clear_cache': { en: 'Clear cache', zh_CN: '清除缓存' },
  'mx.cmd.type.show_message': { en: 'Show a message', zh_CN: '显示消息' },
  'mx.cmd.type.open_app': { en: 'Open an app', zh_CN: '打开应用' },
  'mx.cmd.type.upgrade': { en: 'Upgrade the app', zh_CN: '升级应用' },
  'mx.cmd.type.screenshot': { en: 'Take a screenshot', zh_CN: '截屏' },
  'mx.cmd.text': { en: 'Message', zh_CN: '消息内容' },
  'mx.cmd.duration': { en: 'Shown for (s)', zh_CN: '显示时长（秒）' },
  'mx.cmd.package': { en: 'Package name', zh_CN: '应用包名' },
  'mx.cmd.release': { en: 'Published release', zh_CN: '已发布的版本' },
  'mx.cmd.queued': {
    en: '{{n}} commands queued; terminals take them at their next heartbeat',
    zh_CN: '已排队 {{n}} 条命令，终端将在下次心跳时执行',
  },
  'mx.cmd.history': { en: 'Command history', zh_CN: '命令记录' },
  'mx.cmd.col.time': { en: 'Queued', zh_CN: '下发时间' },
  'mx.cmd.col.terminal': { en: 'Terminal', zh_CN: '终端' },
  'mx.cmd.col.state': { en: 'State', zh_CN: '状态' },
  'mx.cmd.col.acked': { en: 'Answered', zh_CN: '应答时间' },
  'mx.cmd.col.result': { en: 'Result', zh_CN: '结果' },
  'mx.cmd.col.by': { en: 'By', zh_CN: '操作人' },
  'mx.cmd.state.queued': { en: 'Queued', zh_CN: '排队中' },
  'mx.cmd.state.sent': { en: 'Sent', zh_CN: '已下发' },
  'mx.cmd.state.acked': { en: 'Done', zh_CN: '已完成' },
  'mx.cmd.state.failed': { en: 'Failed', zh_CN: '失败' },
  'mx.export.m3u': { en: 'Export M3U', zh_CN: '导出M3U' },
  'mx.export.xmltv': { en: 'Export XMLTV', zh_CN: '导出XMLTV' },
  'mx.ok': { en: 'OK', zh_CN: '确定' },
  'mx.cancel': { en: 'Cancel', zh_CN: '取消' },
  'mx.total': { en: '{{n}} in total', zh_CN: '共 {{n}} 条' },
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
