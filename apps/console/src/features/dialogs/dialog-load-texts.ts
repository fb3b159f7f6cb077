import { registerTexts, type Texts } from '../../i18n/index.ts';

/** Texts of a shell dialog whose code could not be loaded (DialogLoadBoundary), under `dialogLoad.*`. */
const texts: Texts = {
  'dialogLoad.failed': {
    en: 'This dialog could not be loaded. Check the connection and try again.',
    zh_CN: '此对话框加载失败，请检查网络连接后重试。',
  },
  'dialogLoad.retry': { en: 'Try again', zh_CN: '重试' },
};

registerTexts(texts);
