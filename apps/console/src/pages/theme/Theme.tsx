import { Card } from 'antd';
import { SettingsPanel } from '../../features/settings/settings-panel.tsx';
import '../../features/shell-i18n/texts.ts';
import { useT } from '../../i18n/index.ts';

/** The theme page (hidden route /theme): the same controls as the settings drawer. */
export default function Theme() {
  const t = useT();
  return (
    <Card title={t('settings.title')} style={{ maxWidth: 520 }}>
      <SettingsPanel />
    </Card>
  );
}
