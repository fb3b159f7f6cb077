import { SettingOutlined } from '@ant-design/icons';
import { Drawer, Tooltip } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import { SettingsPanel } from './settings-panel.tsx';

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
        <SettingsPanel />
      </Drawer>
    </>
  );
}
