import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AntdProvider } from '../../app/antd-provider.tsx';
import { AppProviders } from '../../app/providers.tsx';
import { setLanguage } from '../../i18n/index.ts';
import { useSettingsStore } from '../../stores/settings.ts';
import '../shell-i18n/texts.ts';
import { SettingsDrawerButton } from './settings-drawer.tsx';

describe('the settings drawer, its panel loaded on opening', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.getState().resetSettings();
    setLanguage('en');
  });

  it('opens on its icon with the settings panel, whose switches change the settings', async () => {
    useSettingsStore.setState({ showSettings: true, tagsView: true });
    render(
      <AppProviders>
        <AntdProvider>
          <SettingsDrawerButton />
        </AntdProvider>
      </AppProviders>,
    );
    expect(document.querySelector('.settings-panel__row')).toBeNull();
    await userEvent.click(screen.getByLabelText('Page settings'));
    // The panel's code is imported on opening: generous on a busy machine.
    expect(await screen.findByText('Theme colour', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Page style settings')).toBeTruthy();
    const rows = [...document.querySelectorAll('.settings-panel__row')];
    const tags = rows.find((row) => row.textContent?.includes('Show page tabs'));
    await userEvent.click(tags!.querySelector('[role="switch"]')!);
    expect(useSettingsStore.getState().tagsView).toBe(false);
  });
});
