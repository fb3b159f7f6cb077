import { act, render } from '@testing-library/react';
import { Button } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../stores/settings.ts';
import { AntdProvider } from './antd-provider.tsx';

/** The text of every style element antd (or anything else) has put in the document. */
function styles(): string {
  return [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
}

/**
 * antd's component rules come from its built style sheet (app/antd.css), not from its CSS-in-JS
 * at run time; the theme's tokens still reach them as CSS variables written at run time, so the
 * settings (theme colour, dark theme) still apply.
 */
describe('AntdProvider without antd run-time styles', () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.getState().resetSettings();
  });

  it('inserts no component rules, and writes the theme colour as a token variable that follows the setting', () => {
    render(
      <AntdProvider>
        <Button type="primary">Save</Button>
      </AntdProvider>,
    );
    // No rule of the button's own (the run-time style engine wrote `.ant-btn{...}` and more).
    expect(styles()).not.toMatch(/\.ant-btn[^{]*\{[^}]*(?:cursor|border-radius)/);
    expect(styles()).toMatch(/--ant-color-primary:\s*#1890ff/i);
    act(() => useSettingsStore.getState().changeSetting('theme', '#13c2c2'));
    expect(styles()).toMatch(/--ant-color-primary:\s*#13c2c2/i);
    act(() => useSettingsStore.getState().changeSetting('darkTheme', true));
    // The dark algorithm's page colour.
    expect(styles()).toMatch(/--ant-color-bg-layout:\s*#000/i);
  });
});
