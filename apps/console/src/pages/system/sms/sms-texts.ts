import { registerTexts, type Texts } from '../../../i18n/index.ts';

const texts: Texts = {
  'sms.today': { en: 'Sent today: {{sent}} of {{limit}}', zh_CN: '今日已发送 {{sent}} / {{limit}} 条' },
  'sms.httpHint': {
    en: 'The body is JSON; {phone} and {text} are replaced by the values, escaped for JSON.',
    zh_CN: '请求体为JSON，{phone} 和 {text} 会被替换为经JSON转义的值。',
  },
  'sms.phone': { en: 'Phone number', zh_CN: '手机号码' },
  'sms.test': { en: 'Send test SMS', zh_CN: '发送测试短信' },
  'sms.testHint': {
    en: 'Sends through the saved settings: save changes first. Counts toward the daily limit.',
    zh_CN: '按已保存的设置发送，请先保存修改；计入每日上限。',
  },
  'sms.phoneInvalid': {
    en: 'Enter 5 to 20 digits, optionally after +',
    zh_CN: '请输入5到20位数字，可带 + 前缀',
  },
  'sms.history': { en: 'Send log', zh_CN: '发送记录' },
  'sms.col.time': { en: 'Time', zh_CN: '时间' },
  'sms.col.provider': { en: 'Provider', zh_CN: '服务商' },
  'sms.col.phone': { en: 'Phone', zh_CN: '号码' },
  'sms.col.purpose': { en: 'Purpose', zh_CN: '用途' },
  'sms.col.result': { en: 'Result', zh_CN: '结果' },
  'sms.col.status': { en: 'HTTP', zh_CN: 'HTTP' },
  'sms.col.detail': { en: 'Provider answer', zh_CN: '服务商应答' },
  'sms.result.sent': { en: 'Sent', zh_CN: '已发送' },
  'sms.result.failed': { en: 'Failed', zh_CN: '失败' },
  'sms.result.refused': { en: 'Over the limit', zh_CN: '超出上限' },
  'sms.total': { en: '{{n}} entries', zh_CN: '共 {{n}} 条' },
};

registerTexts(texts);
