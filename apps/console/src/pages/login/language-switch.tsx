import { Segmented } from 'antd';
import { type Lang, setLanguage, useLanguage } from '../../i18n/index.ts';

const OPTIONS: { value: Lang; label: string }[] = [
  { value: 'zh_CN', label: '中文' },
  { value: 'en', label: 'English' },
];

/** The sign-in pages switch language in place: there is no session or tab to refresh yet. */
export function LanguageSwitch() {
  const lang = useLanguage();
  return (
    <Segmented size="small" options={OPTIONS} value={lang} onChange={(value) => setLanguage(value as Lang)} />
  );
}
