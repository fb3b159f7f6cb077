import { LANGUAGES, type Lang, setLanguage, useLanguage } from '../../i18n/index.ts';

const LABELS: Record<Lang, string> = { zh_CN: '中文', en: 'English' };

/**
 * The sign-in pages switch language in place: there is no session or tab to refresh yet. Two plain
 * toggle buttons: antd's Segmented would bring its tooltip machinery onto the sign-in page.
 */
export function LanguageSwitch() {
  const lang = useLanguage();
  return (
    <fieldset className="language-switch" aria-label="Language / 语言">
      {LANGUAGES.map((value) => (
        <button
          key={value}
          type="button"
          className={`language-switch__option${value === lang ? ' language-switch__option--active' : ''}`}
          aria-pressed={value === lang}
          onClick={() => setLanguage(value)}
        >
          {LABELS[value]}
        </button>
      ))}
    </fieldset>
  );
}
