import { registerTexts, type Texts } from '../../i18n/index.ts';

/** Texts of an AP's clients in its detail drawer (`apc.*`, ap-clients.tsx). */
const texts: Texts = {
  'apc.title': { en: 'Connected clients', zh_CN: '接入终端' },
  'apc.lastReport': { en: 'last report {{at}}', zh_CN: '最近上报 {{at}}' },
  'apc.device': { en: 'Device', zh_CN: '终端' },
  'apc.noName': { en: 'No name given', zh_CN: '未提供名称' },
  'apc.ip': { en: 'IP address', zh_CN: 'IP地址' },
  'apc.ssid': { en: 'Network (SSID)', zh_CN: '无线网络（SSID）' },
  'apc.band': { en: 'Band', zh_CN: '频段' },
  'apc.band.2g': { en: '2.4 GHz', zh_CN: '2.4 GHz频段' },
  'apc.band.5g': { en: '5 GHz', zh_CN: '5 GHz频段' },
  'apc.signal': { en: 'Signal', zh_CN: '信号强度' },
  'apc.signal.strong': { en: 'Strong', zh_CN: '强' },
  'apc.signal.fair': { en: 'Fair', zh_CN: '中' },
  'apc.signal.weak': { en: 'Weak', zh_CN: '弱' },
  'apc.since': { en: 'Connected since', zh_CN: '接入时间' },
  'apc.download': { en: 'Downloaded', zh_CN: '下行流量' },
  'apc.upload': { en: 'Uploaded', zh_CN: '上行流量' },
  'apc.none': { en: 'No clients are connected to this AP', zh_CN: '该AP当前没有接入终端' },
  'apc.offline': {
    en: 'The AP is offline, so no clients are known',
    zh_CN: '该AP已离线，无接入终端信息',
  },
  'apc.countOnly': {
    en: 'The AP reports {{n}} clients but not who they are',
    zh_CN: '该AP上报了 {{n}} 个接入终端，但未提供终端明细',
  },
};

registerTexts(texts);

/** For a test that both languages have every text. */
export const AP_CLIENT_TEXTS = texts;
