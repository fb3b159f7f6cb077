import { registerTexts, type Texts } from '../../i18n/index.ts';

/** Texts of the settings forms (`sgl.*`) and the enum labels of the singleton fields. */
const texts: Texts = {
  'sgl.save': { en: 'Save', zh_CN: '保存' },
  'sgl.reset': { en: 'Reset', zh_CN: '重置' },
  'sgl.saved': { en: 'Modified successfully', zh_CN: '修改成功' },
  'sgl.invalid': { en: 'Please correct the highlighted fields', zh_CN: '请修正标出的字段' },
  'sgl.jsonInvalid': { en: '{{label}} is not valid JSON', zh_CN: '{{label}}不是有效的JSON' },
  'sgl.secretKept': { en: 'Stored; leave empty to keep it', zh_CN: '已保存，留空则保持不变' },
  'sgl.secretUnset': { en: 'Not set', zh_CN: '未设置' },
  'sgl.loadFailed': { en: 'The settings could not be loaded', zh_CN: '无法读取设置' },
  'sgl.checkUnavailable': {
    en: 'The form could not be checked (its code did not load); please try again',
    zh_CN: '无法校验表单（页面代码未能加载），请重试',
  },
  'sgl.readOnly': {
    en: 'You may view these settings but not change them',
    zh_CN: '您可以查看但无权修改这些设置',
  },
  'res.enum.system:sms.provider.aliyun': { en: 'Aliyun SMS', zh_CN: '阿里云短信' },
  'res.enum.system:sms.provider.tencent': { en: 'Tencent Cloud SMS', zh_CN: '腾讯云短信' },
  'res.enum.system:sms.provider.http': { en: 'HTTP API', zh_CN: 'HTTP接口' },
};

registerTexts(texts);
