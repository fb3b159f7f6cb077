import { APP_LANGUAGES, APP_STYLES, APP_TYPES } from '@igs/contract/extras';
import { resourceByName } from '@igs/contract/resources';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The app menu form (DOMAIN 2.8 smart/AppMenu, operations/AppMenu) offers the fixed lists of the
// `app_type`, `app_style` and `app_language` calls, in the user's language, from the description.

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { i18n, setLanguage } = await import('../../i18n/index.ts');
const { RecordForm } = await import('./record-form.tsx');
const { Providers } = await import('./test-support.tsx');
const { enumLabel } = await import('./columns.tsx');
const { enumOptions } = await import('./field-options.ts');

const appMenu = resourceByName('index:app_menu')!;
const stored = {
  id: 7,
  name: '无线投屏',
  name_en: 'Screen cast',
  type: 'builtin',
  target: 'cast',
  icon: 'icon-id',
  focus_icon: null,
  parent_id: null,
  style: 'icon',
  languages: ['zh'],
  area_ids: [],
  visible: 1,
  sort: 0,
};

function renderEdit() {
  const onSaved = vi.fn();
  render(<RecordForm def={appMenu} mode="edit" id={7} open onClose={vi.fn()} onSaved={onSaved} />, {
    wrapper: Providers,
  });
  return onSaved;
}

/** Opens the select of a field and returns the labels its list offers. */
async function offered(name: string): Promise<string[]> {
  const input = await waitFor(() => {
    const el = document.getElementById(name);
    if (!el) throw new Error(`no control ${name}`);
    return el;
  });
  const select = input.closest('.ant-select') as HTMLElement;
  fireEvent.mouseDown(select.querySelector('.ant-select-content, .ant-select-selector') ?? select);
  const list = await waitFor(() => {
    const el = document.getElementById(`${name}_list`)?.closest('.ant-select-dropdown');
    if (!el) throw new Error(`no dropdown for ${name}`);
    return el as HTMLElement;
  });
  return [...list.querySelectorAll('.ant-select-item-option')].map((o) => o.getAttribute('title') ?? '');
}

async function pick(name: string, label: string) {
  await offered(name);
  const dropdown = document.getElementById(`${name}_list`)!.closest('.ant-select-dropdown') as HTMLElement;
  fireEvent.click(within(dropdown).getByTitle(label));
}

const writes = () => request.mock.calls.filter(([, body]) => ['add', 'edit'].includes(body?.method));

describe('app menu form', () => {
  beforeEach(() => {
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) => {
      if (body.method === 'options') return [];
      if (body.method === 'detail') return stored;
      return { id: 7 };
    });
  });
  afterEach(cleanup);

  it('offers the types, styles and languages of the lists, in English', async () => {
    setLanguage('en');
    renderEdit();
    expect(await offered('type')).toEqual(APP_TYPES.map((o) => o.label.en));
    expect(await offered('style')).toEqual(['Icon and text', 'Icon only', 'Large card', 'Banner']);
    expect(await offered('languages')).toEqual(['Chinese', 'English']);
  });

  it('offers them in Chinese', async () => {
    setLanguage('zh_CN');
    renderEdit();
    expect(await offered('type')).toEqual(APP_TYPES.map((o) => o.label.zh_CN));
    expect(await offered('style')).toEqual(APP_STYLES.map((o) => o.label.zh_CN));
    expect(await offered('languages')).toEqual(APP_LANGUAGES.map((o) => o.label.zh_CN));
    expect(await offered('type')).toContain('安卓应用');
  });

  it('sends the picked values: one style, the languages as a list', async () => {
    setLanguage('en');
    const onSaved = renderEdit();
    await pick('style', 'Large card');
    await pick('languages', 'English');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(writes()[0]?.[1]).toMatchObject({ method: 'edit', id: 7, style: 'card', languages: ['zh', 'en'] });
  });

  it('the list and its filter name the type in the user language too', () => {
    const type = appMenu.fields.find((f) => f.name === 'type')!;
    const ctx = { t: i18n.t, exists: (key: string) => i18n.exists(key) };
    setLanguage('zh_CN');
    expect(enumLabel(appMenu, type, 'apk', ctx)).toBe('安卓应用');
    setLanguage('en');
    expect(enumLabel(appMenu, type, 'apk', ctx)).toBe('Android app (APK)');
    expect(enumOptions(appMenu, type, i18n.t).map((o) => o.label)).toEqual(APP_TYPES.map((o) => o.label.en));
  });
});
