import type { Lang } from '@igs/contract';
import { i18n } from '../../i18n/index.ts';

/**
 * Texts of the views beside the record pages (`rv.*`): the EPG timeline, today's wake-up calls,
 * calls per day, and the related sections of a device's or an extension's detail drawer.
 */
const texts: Record<string, Record<Lang, string>> = {
  // EPG timeline
  'rv.epg.title': { en: 'Programme timeline', zh_CN: '节目时间线' },
  'rv.epg.allChannels': { en: 'All channels', zh_CN: '全部频道' },
  'rv.epg.prevDay': { en: 'Previous day', zh_CN: '前一天' },
  'rv.epg.nextDay': { en: 'Next day', zh_CN: '后一天' },
  'rv.epg.today': { en: 'Today', zh_CN: '今天' },
  'rv.epg.channel': { en: 'Channel', zh_CN: '频道' },
  'rv.epg.none': { en: 'No programmes on this day', zh_CN: '当天没有节目' },
  'rv.epg.programmes': { en: '{{n}} programmes', zh_CN: '{{n}} 个节目' },
  'rv.epg.programme': { en: '1 programme', zh_CN: '1 个节目' },
  'rv.epg.channels': { en: '{{n}} channels', zh_CN: '{{n}} 个频道' },
  'rv.epg.oneChannel': { en: '1 channel', zh_CN: '1 个频道' },
  'rv.epg.truncated': {
    en: 'Only the first {{n}} programmes of the day are drawn; choose a channel to see the rest',
    zh_CN: '仅显示当天前 {{n}} 个节目，选择频道可查看其余节目',
  },
  'rv.epg.onAir': { en: 'On air', zh_CN: '正在播出' },
  'rv.epg.duration': { en: 'Duration', zh_CN: '时长' },
  'rv.epg.time': { en: 'Time', zh_CN: '时间' },
  'rv.epg.edit': { en: 'Edit', zh_CN: '编辑' },
  'rv.epg.minutes': { en: '{{n}} min', zh_CN: '{{n}} 分钟' },
  // Wake-up calls today
  'rv.wakeup.title': { en: "Today's wake-up calls", zh_CN: '今日叫醒' },
  'rv.wakeup.due': { en: 'Due', zh_CN: '待叫醒' },
  'rv.wakeup.calling': { en: 'Calling', zh_CN: '呼叫中' },
  'rv.wakeup.answered': { en: 'Done', zh_CN: '已完成' },
  'rv.wakeup.failed': { en: 'Failed', zh_CN: '失败' },
  'rv.wakeup.cancelled': { en: 'Cancelled', zh_CN: '已取消' },
  'rv.wakeup.passed': { en: 'Time passed, not called', zh_CN: '已过时间，未呼叫' },
  'rv.wakeup.passedCount': { en: '{{n}} past their time', zh_CN: '其中 {{n}} 个已过时间' },
  'rv.wakeup.none': { en: 'No wake-up calls today', zh_CN: '今天没有叫醒服务' },
  'rv.wakeup.time': { en: 'Time', zh_CN: '时间' },
  'rv.wakeup.room': { en: 'Room extension', zh_CN: '房间分机' },
  'rv.wakeup.repeat': { en: 'Repeat', zh_CN: '重复' },
  'rv.wakeup.source': { en: 'Source', zh_CN: '来源' },
  'rv.wakeup.today': { en: 'Today', zh_CN: '今日状态' },
  // Calls per day
  'rv.calls.title': { en: 'Calls per day', zh_CN: '每日通话' },
  'rv.calls.days': { en: 'Last {{n}} days', zh_CN: '近 {{n}} 天' },
  'rv.calls.allDirections': { en: 'All directions', zh_CN: '全部方向' },
  'rv.calls.total': { en: 'Calls', zh_CN: '通话总数' },
  'rv.calls.answered': { en: 'Answered', zh_CN: '已接听' },
  'rv.calls.missed': { en: 'Missed', zh_CN: '未接通' },
  'rv.calls.rate': { en: 'Answer rate', zh_CN: '接通率' },
  'rv.calls.none': { en: 'No calls in these days', zh_CN: '这段时间没有通话' },
  'rv.calls.failedToLoad': { en: 'The figures could not be read', zh_CN: '无法读取统计数据' },
  // A device's tasks and faults
  'rv.tasks.title': { en: 'Tasks', zh_CN: '任务' },
  'rv.tasks.apTitle': { en: 'Commands', zh_CN: '命令' },
  'rv.tasks.faults': { en: 'Faults', zh_CN: '故障' },
  'rv.tasks.none': { en: 'Nothing has been queued for this device', zh_CN: '尚未向该设备下发任务' },
  'rv.tasks.task': { en: 'Task', zh_CN: '任务' },
  'rv.tasks.detail': { en: 'Details', zh_CN: '内容' },
  'rv.tasks.state': { en: 'State', zh_CN: '状态' },
  'rv.tasks.queued': { en: 'Queued', zh_CN: '下发时间' },
  'rv.tasks.time': { en: 'Time', zh_CN: '时间' },
  'rv.tasks.done': { en: 'Finished', zh_CN: '完成于' },
  'rv.tasks.answer': { en: "Agent's answer", zh_CN: '设备反馈' },
  'rv.tasks.code': { en: 'Fault code', zh_CN: '故障码' },
  'rv.tasks.message': { en: "Device's message", zh_CN: '设备消息' },
  'rv.tasks.notBefore': { en: 'not before {{at}}', zh_CN: '{{at}} 之后执行' },
  'rv.tasks.file': { en: 'File {{name}}', zh_CN: '文件 {{name}}' },
  'rv.tasks.version': { en: 'Version {{v}}', zh_CN: '版本 {{v}}' },
  'rv.tasks.seconds': { en: 'for {{n}} s', zh_CN: '持续 {{n}} 秒' },
  'rv.tasks.allParameters': { en: 'All parameters', zh_CN: '全部参数' },
  'rv.tasks.secret': { en: 'value not shown', zh_CN: '值不显示' },
  'rv.tasks.other': { en: 'Other task', zh_CN: '其他任务' },
  'rv.tasks.more': { en: 'Latest {{n}} of {{total}}', zh_CN: '最近 {{n}} 条，共 {{total}} 条' },
  'rv.state.pending': { en: 'Waiting', zh_CN: '待执行' },
  'rv.state.sent': { en: 'Sent', zh_CN: '已下发' },
  'rv.state.done': { en: 'Done', zh_CN: '已完成' },
  'rv.state.failed': { en: 'Failed', zh_CN: '失败' },
  'rv.state.cancelled': { en: 'Cancelled', zh_CN: '已取消' },
  // CWMP fault codes (TR-069 Amendment 6, table of fault codes).
  'rv.fault.9000': { en: 'Method not supported', zh_CN: '不支持该方法' },
  'rv.fault.9001': { en: 'Request denied', zh_CN: '请求被拒绝' },
  'rv.fault.9002': { en: 'Internal error', zh_CN: '设备内部错误' },
  'rv.fault.9003': { en: 'Invalid arguments', zh_CN: '参数无效' },
  'rv.fault.9004': { en: 'Resources exceeded', zh_CN: '资源不足' },
  'rv.fault.9005': { en: 'Invalid parameter name', zh_CN: '参数名无效' },
  'rv.fault.9006': { en: 'Invalid parameter type', zh_CN: '参数类型无效' },
  'rv.fault.9007': { en: 'Invalid parameter value', zh_CN: '参数值无效' },
  'rv.fault.9008': { en: 'Attempt to set a non-writable parameter', zh_CN: '试图设置只读参数' },
  'rv.fault.9009': { en: 'Notification request rejected', zh_CN: '通知请求被拒绝' },
  'rv.fault.9010': { en: 'Download failure', zh_CN: '下载失败' },
  'rv.fault.9011': { en: 'Upload failure', zh_CN: '上传失败' },
  'rv.fault.9012': { en: 'File server authentication failure', zh_CN: '文件服务器认证失败' },
  'rv.fault.9013': { en: 'Unsupported file transfer protocol', zh_CN: '不支持的文件传输协议' },
  // An extension's calls
  'rv.extCalls.title': { en: 'Recent calls', zh_CN: '最近通话' },
  'rv.extCalls.none': { en: 'No calls of this extension yet', zh_CN: '该分机暂无通话记录' },
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

/** For a test that both languages have every text. */
export const RECORD_VIEW_TEXTS = texts;
