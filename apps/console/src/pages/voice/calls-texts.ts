import type { Lang } from '@igs/contract';
import { i18n } from '../../i18n/index.ts';

const texts: Record<string, Record<Lang, string>> = {
  'vcall.today': { en: 'Calls today', zh_CN: '今日通话' },
  'vcall.answered': { en: 'Answered', zh_CN: '已接通' },
  'vcall.missed': { en: 'Not answered', zh_CN: '未接通' },
  'vcall.avg': { en: 'Average talk time', zh_CN: '平均通话时长' },
  'vcall.rate': { en: 'Answer rate', zh_CN: '接通率' },
  'vcall.week': { en: 'Last 7 days', zh_CN: '近7天' },
  'vcall.fromCdr': { en: 'From the call records', zh_CN: '来自通话记录' },
  'vcall.active': { en: 'Calls in progress', zh_CN: '当前通话' },
  'vcall.channel': { en: 'Channel', zh_CN: '通道' },
  'vcall.caller': { en: 'Caller', zh_CN: '主叫' },
  'vcall.callee': { en: 'Callee', zh_CN: '被叫' },
  'vcall.state': { en: 'State', zh_CN: '状态' },
  'vcall.direction': { en: 'Direction', zh_CN: '方向' },
  'vcall.trunk': { en: 'Trunk', zh_CN: '外线' },
  'vcall.started': { en: 'Started', zh_CN: '开始时间' },
  'vcall.duration': { en: 'Duration', zh_CN: '时长' },
  'vcall.dir.internal': { en: 'Internal', zh_CN: '内部' },
  'vcall.dir.inbound': { en: 'Inbound', zh_CN: '呼入' },
  'vcall.dir.outbound': { en: 'Outbound', zh_CN: '呼出' },
  'vcall.allDirections': { en: 'All directions', zh_CN: '全部方向' },
  'vcall.none': { en: 'No call in progress', zh_CN: '当前没有通话' },
  'vcall.hangup': { en: 'Hang up', zh_CN: '挂断' },
  'vcall.hangupConfirm': { en: 'Hang up the call on {{channel}}?', zh_CN: '挂断通道{{channel}}上的通话？' },
  'vcall.transfer': { en: 'Transfer', zh_CN: '转接' },
  'vcall.transferTo': { en: 'Transfer to number', zh_CN: '转接到号码' },
  'vcall.originate': { en: 'New call', zh_CN: '发起呼叫' },
  'vcall.fromExt': { en: 'From extension (rings first)', zh_CN: '主叫分机（先振铃）' },
  'vcall.toNumber': { en: 'Number to call', zh_CN: '被叫号码' },
  'vcall.numberInvalid': { en: 'Enter digits, * or # only', zh_CN: '只能输入数字、*或#' },
  'vcall.done': { en: 'Done', zh_CN: '操作成功' },
  'vcall.actions': { en: 'Actions', zh_CN: '操作' },
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
