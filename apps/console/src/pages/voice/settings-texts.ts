import { registerTexts, type Texts } from '../../i18n/index.ts';

// Field labels come from the contract (VOICE_BASIC_LABELS, VOICE_ADVANCED_LABELS); these are the
// page's own words.
const texts: Texts = {
  'vset.sip': { en: 'SIP transports', zh_CN: 'SIP传输' },
  'vset.media': { en: 'Media', zh_CN: '媒体' },
  'vset.nat': { en: 'NAT', zh_CN: 'NAT穿透' },
  'vset.numbering': { en: 'Numbering and prompts', zh_CN: '号码与提示音' },
  'vset.calls': { en: 'Calls', zh_CN: '呼叫' },
  'vset.features': { en: 'Feature codes', zh_CN: '功能码' },
  'vset.featuresHint': {
    en: 'Feature codes are * followed by digits; they share one numbering plan with extensions, meeting rooms, IVRs, queues and paging groups.',
    zh_CN: '功能码为*加数字，与分机、会议室、IVR、队列、广播组共用一个号码计划。',
  },
  'vset.save': { en: 'Save', zh_CN: '保存' },
  'vset.reset': { en: 'Reset', zh_CN: '重置' },
  'vset.saved': {
    en: 'Saved; the voice configuration files were regenerated',
    zh_CN: '已保存，语音配置文件已重新生成',
  },
  'vset.invalid': { en: 'Please correct the marked fields', zh_CN: '请修正标出的字段' },
  'vset.readOnly': {
    en: 'You may view these settings but not change them',
    zh_CN: '您可以查看但不能修改这些设置',
  },
  'vset.loadFailed': { en: 'The settings could not be loaded', zh_CN: '无法加载设置' },
  'vset.checkUnavailable': {
    en: 'The form could not be checked (its code did not load); please try again',
    zh_CN: '无法校验表单（页面代码未能加载），请重试',
  },
  'vset.localNetsHint': {
    en: 'Networks reached without NAT, such as 192.168.1.0/24; press Enter after each',
    zh_CN: '无需NAT即可访问的网络，如192.168.1.0/24；每项输入后按回车',
  },
  'vset.tlsHint': { en: '0 turns TLS off', zh_CN: '0表示关闭TLS' },
  'vset.codecAdd': { en: 'Add a codec', zh_CN: '添加编解码' },
  'vset.up': { en: 'Move up', zh_CN: '上移' },
  'vset.down': { en: 'Move down', zh_CN: '下移' },
  'vset.remove': { en: 'Remove', zh_CN: '移除' },
  'vset.opt.zh': { en: 'Chinese', zh_CN: '中文' },
  'vset.opt.en': { en: 'English', zh_CN: '英文' },
  'vset.opt.never': { en: 'Never', zh_CN: '不录音' },
  'vset.opt.always': { en: 'Always', zh_CN: '全部录音' },
  'vset.opt.on_demand': { en: 'On demand (*3 during a call)', zh_CN: '按需录音（通话中按*3）' },
};

registerTexts(texts);
