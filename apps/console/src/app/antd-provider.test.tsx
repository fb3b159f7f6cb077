import { act, render, screen } from '@testing-library/react';
import { Button, Modal } from 'antd';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSettingsStore } from '../stores/settings.ts';
import { AntdProvider } from './antd-provider.tsx';

/** The text of every style element antd (or anything else) has put in the document. */
function styles(): string {
  return [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').join('\n');
}

/** The modal's rules other than variable blocks (`.ant-modal-css-var{--ant-modal-…}`). */
function modalRules(): string[] {
  return [...styles().matchAll(/([^{}]*\.ant-modal[^{]*)\{([^}]*)\}/g)]
    .filter(([, , body]) => body!.split(';').some((d) => d.trim() && !d.trim().startsWith('--')))
    .map(([, selector]) => selector!.trim());
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

describe("antd's static methods", () => {
  beforeEach(() => {
    localStorage.clear();
    useSettingsStore.getState().resetSettings();
  });

  it("draw a confirm dialog in the console's theme, without run-time rules", async () => {
    act(() => useSettingsStore.getState().changeSetting('theme', '#722ed1'));
    act(() => {
      Modal.confirm({ title: 'Restart the voice service?' });
    });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Restart the voice service?');
    // Outside the provider antd wrote the confirm's own rules at run time, in its default colour.
    expect(modalRules()).toEqual([]);
    expect(styles()).toMatch(/--ant-color-primary:\s*#722ed1/i);
    act(() => Modal.destroyAll());
  });
});
