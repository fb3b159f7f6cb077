import { Button, ColorPicker, Flex, Switch, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/index.ts';
import { DEFAULT_THEME, type DisplaySettings, useSettingsStore } from '../../stores/settings.ts';

/** Preset colours offered next to the free picker; the first is the default theme colour. */
const PRESET_COLOURS = [DEFAULT_THEME, '#11a983', '#13c2c2', '#6959cd', '#f5222d', '#fa8c16', '#304156'];

type SwitchKey = Exclude<keyof DisplaySettings, 'theme' | 'darkTheme' | 'showSettings'>;
const SWITCHES: { key: SwitchKey; label: string }[] = [
  { key: 'tagsView', label: 'settings.tagsView' },
  { key: 'fixedHeader', label: 'settings.fixedHeader' },
  { key: 'sidebarLogo', label: 'settings.sidebarLogo' },
  { key: 'supportPinyinSearch', label: 'settings.supportPinyinSearch' },
];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" className="settings-panel__row">
      <Typography.Text>{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** The display settings controls, shared by the settings drawer and the theme page. */
export function SettingsPanel() {
  const t = useT();
  const settings = useSettingsStore();
  return (
    <div className="settings-panel">
      <Row label={t('settings.theme')}>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: t('settings.theme'), colors: PRESET_COLOURS }]}
          onChangeComplete={(colour) => settings.changeSetting('theme', colour.toHexString())}
        />
      </Row>
      <Row label={t('settings.darkTheme')}>
        <Switch
          checked={settings.darkTheme}
          onChange={(on) => settings.changeSetting('darkTheme', on)}
          aria-label={t('settings.darkTheme')}
          data-testid="dark-theme-switch"
        />
      </Row>
      {SWITCHES.map(({ key, label }) => (
        <Row key={key} label={t(label)}>
          <Switch checked={settings[key]} onChange={(on) => settings.changeSetting(key, on)} />
        </Row>
      ))}
      <Button block onClick={settings.resetSettings} style={{ marginTop: 16 }}>
        {t('settings.reset')}
      </Button>
    </div>
  );
}
