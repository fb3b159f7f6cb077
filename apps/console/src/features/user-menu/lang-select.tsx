import { TranslationOutlined } from '@ant-design/icons';
import { Dropdown, Tooltip } from 'antd';
import { isLang, LANGUAGES, switchLanguage, useLanguage, useT } from '../../i18n/index.ts';

const LABELS = { zh_CN: '简体中文', en: 'English' } as const;

/**
 * The language switch. The core's `switchLanguage` stores the cookie, clears the saved tabs and
 * reloads at `/`, where the guard fetches user info and menus again (spec section 4).
 */
export function LangSelect() {
  const t = useT();
  const lang = useLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((key) => ({ key, label: LABELS[key] })),
        onClick: ({ key }) => {
          if (isLang(key) && key !== lang) switchLanguage(key);
        },
      }}
    >
      <Tooltip title={t('shell.language')}>
        <TranslationOutlined className="navbar__icon" aria-label={t('shell.language')} />
      </Tooltip>
    </Dropdown>
  );
}
