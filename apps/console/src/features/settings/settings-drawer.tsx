import { SettingOutlined } from '@ant-design/icons';
import { Drawer, Spin, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';

// The panel (antd's ColorPicker with its slider and inputs) loads when the drawer first opens: the
// drawer renders its content only once open.
const SettingsPanel = lazy(() => import('./settings-panel.tsx').then((m) => ({ default: m.SettingsPanel })));

/** The navbar's settings button and its drawer (shown when the showSettings setting is on). */
export function SettingsDrawerButton() {
  const t = useT();
  const showSettings = useSettingsStore((s) => s.showSettings);
  const [open, setOpen] = useState(false);
  if (!showSettings) return null;
  return (
    <>
      <Tooltip title={t('shell.settings')}>
        <SettingOutlined
          className="navbar__icon"
          onClick={() => setOpen(true)}
          aria-label={t('shell.settings')}
        />
      </Tooltip>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        title={t('settings.title')}
        size={300}
        placement="right"
      >
        <Suspense fallback={<Spin />}>
          <SettingsPanel />
        </Suspense>
      </Drawer>
    </>
  );
}
