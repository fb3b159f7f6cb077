/** The server's texts of one area (server-texts/index.ts). */
export const smsTexts = {
  'sms.httpUrl': { en: 'HTTP URL', zh_CN: 'HTTP接口地址' },
  'sms.httpBodyNotValid': {
    en: 'HTTP body is not valid JSON: {bad}',
    zh_CN: 'HTTP请求体不是有效的JSON：{bad}',
  },
  'sms.signatureName': { en: 'Signature name', zh_CN: '短信签名' },
  'sms.leastOneTemplateRequired': { en: 'At least one template is required', zh_CN: '请至少填写一个模板' },
  'sms.gatewayConsoleTestMessage': {
    en: 'Gateway console test message, code {code}',
    zh_CN: '网关控制台测试短信，验证码 {code}',
  },
  'sms.testSmsSentHttp': {
    en: 'Test SMS sent ({provider}, HTTP {http_status})',
    zh_CN: '测试短信已发送（{provider}，HTTP {http_status}）',
  },
  'sms.smsSettingsIncompleteNot': {
    en: 'SMS settings are incomplete: {missing} is not set',
    zh_CN: '短信设置不完整：缺少 {missing}',
  },
  'sms.dailySmsLimitReached': {
    en: 'The daily SMS limit ({limit}) has been reached',
    zh_CN: '今日短信已达上限（{limit} 条）',
  },
  'sms.cannotReachSmsProvider': {
    en: 'Cannot reach the SMS provider at {host}: {reason}',
    zh_CN: '无法连接短信服务 {host}：{reason}',
  },
  'sms.smsProviderRefusedMessage': {
    en: 'The SMS provider at {host} refused the message (HTTP {status}): {message}',
    zh_CN: '短信服务 {host} 拒绝发送（HTTP {status}）：{message}',
  },
} as const;
