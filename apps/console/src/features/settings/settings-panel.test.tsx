import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { theme } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { AntdProvider, antdTheme, DARK_SIDER_BG } from '../../app/antd-provider.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { setLanguage } from '../../i18n/index.ts';
import { SETTINGS_STORAGE_KEY, useSettingsStore } from '../../stores/settings.ts';
import '../shell-i18n/texts.ts';
import { SettingsPanel } from './settings-panel.tsx';

/** The page colour antd's theme gives the components inside the provider. */
function Surface() {
  const { token } = theme.useToken();
  return <output data-testid="surface">{token.colorBgContainer}</output>;
}

function show() {
  return render(
    <AppProviders>
      <AntdProvider>
        <SettingsPanel />
        <Surface />
      </AntdProvider>
    </AppProviders>,
  );
}

describe('dark theme setting', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.getState().resetSettings();
    setLanguage('en');
  });

  it('is a switch beside the theme colour that turns the whole console dark and is remembered', async () => {
    show();
    const labels = [...document.querySelectorAll('.settings-panel__row')].map((row) => row.textContent);
    expect(labels.slice(0, 2)).toEqual(['Theme colour', 'Dark theme']);
    expect(screen.getByTestId('surface').textContent).toBe('#ffffff');
    expect(document.documentElement.dataset.theme).toBe('light');

    await userEvent.click(screen.getByRole('switch', { name: 'Dark theme' }));
    expect(useSettingsStore.getState().darkTheme).toBe(true);
    expect(screen.getByTestId('surface').textContent).toBe('#141414');
    expect(document.documentElement.dataset.theme).toBe('dark');
    // Stored with the other display settings.
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}');
    expect(stored.state).toMatchObject({ darkTheme: true, tagsView: true });

    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(useSettingsStore.getState().darkTheme).toBe(false);
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('settings stored before the dark theme existed read as light', async () => {
    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ state: { theme: '#13c2c2', tagsView: false }, version: 1 }),
    );
    await useSettingsStore.persist.rehydrate();
    expect(useSettingsStore.getState()).toMatchObject({
      theme: '#13c2c2',
      tagsView: false,
      darkTheme: false,
    });
  });

  it("antd's theme: dark algorithm first, compact after it, the sidebar on the dark surface", () => {
    const dark = antdTheme('#1890ff', true, true);
    expect(dark.algorithm).toEqual([theme.darkAlgorithm, theme.compactAlgorithm]);
    expect(dark.components?.Layout?.siderBg).toBe(DARK_SIDER_BG);
    expect(dark.components?.Menu?.darkItemBg).toBe(DARK_SIDER_BG);
    const light = antdTheme('#1890ff', false, false);
    expect(light.algorithm).toBe(theme.defaultAlgorithm);
    expect(light.components).toBeUndefined();
  });
});
