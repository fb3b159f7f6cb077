import { registerTexts, type Texts } from '../../i18n/index.ts';

const texts: Texts = {
  'sceneOther.scope': { en: 'Applies to', zh_CN: '适用范围' },
  'sceneOther.site': { en: 'All scenarios (site values)', zh_CN: '全部场景（站点默认值）' },
  'sceneOther.inherited': {
    en: 'This scenario uses the site values; saving here gives it its own.',
    zh_CN: '该场景沿用站点默认值；在此保存后将使用自己的配置。',
  },
  'sceneOther.own': { en: 'This scenario has its own values.', zh_CN: '该场景使用自己的配置。' },
  'sceneOther.inherit': { en: 'Use the site values again', zh_CN: '恢复使用站点默认值' },
  'sceneOther.inheritDone': {
    en: 'The scenario uses the site values again',
    zh_CN: '该场景已恢复使用站点默认值',
  },
  'sceneOther.wifiQr': { en: 'Wi-Fi QR code (as shown on the TV)', zh_CN: 'Wi-Fi二维码（电视上显示）' },
  'sceneOther.serviceQr': { en: 'Service QR code', zh_CN: '服务二维码' },
};

registerTexts(texts);
