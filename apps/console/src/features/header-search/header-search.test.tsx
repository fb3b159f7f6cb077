import type { MenuNode } from '@igs/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider, theme } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// Counts the imports of pinyin-pro: the built-in titles must not need it.
const pinyinProLoads = vi.hoisted(() => ({ count: 0 }));
vi.mock('pinyin-pro', async (importOriginal) => {
  pinyinProLoads.count++;
  return importOriginal();
});
vi.mock('../../request/index.ts', async () => ({
  ...(await import('../../test/request-mock.ts')),
  get: vi.fn(),
}));
const { loadMenuTitles, setLanguage } = await import('../../i18n/index.ts');
await import('../shell-i18n/texts.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { HeaderSearch } = await import('./header-search.tsx');

const page = (path: string, title: string): MenuNode => ({
  path,
  component: `voice/${path}`,
  name: path,
  meta: { title },
});
const voice = (children: MenuNode[]): MenuNode[] => [
  { path: '/voice', component: 'Layout', name: 'Voice', meta: { title: 'menu.group.voice' }, children },
];

function Where() {
  return <output data-testid="at">{useLocation().pathname}</output>;
}

async function openAndType(text: string, dark = false) {
  render(
    <ConfigProvider theme={{ algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm }}>
      <MemoryRouter>
        <HeaderSearch />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ConfigProvider>,
  );
  await userEvent.click(screen.getByLabelText('搜索菜单'));
  await userEvent.type(screen.getByRole('combobox'), text);
}

const shown = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('header search with pinyin', () => {
  beforeEach(async () => {
    setLanguage('zh_CN');
    await loadMenuTitles();
  });

  it('finds built-in titles by pinyin from the build-time table, without loading pinyin-pro', async () => {
    usePermissionStore.setState({ menus: voice([page('routing', 'menu.voice.routingSettings')]) });
    await openAndType('lysz');
    await waitFor(() => expect(shown()).toEqual(['语音设置 > 路由设置']));
    expect(pinyinProLoads.count).toBe(0);
  });

  it('finds a title the server adds by its pinyin once pinyin-pro has loaded', async () => {
    usePermissionStore.setState({
      menus: voice([page('routing', 'menu.voice.routingSettings'), page('hotel', '酒店官网')]),
    });
    await openAndType('jdgw');
    await waitFor(() => expect(shown()).toEqual(['语音设置 > 酒店官网']));
    expect(pinyinProLoads.count).toBe(1);
  });

  it('the arrow keys choose among the results and Enter opens the page; Escape closes the search', async () => {
    usePermissionStore.setState({
      menus: voice([page('routing', 'menu.voice.routingSettings'), page('sip', 'menu.voice.sipTrunk')]),
    });
    await openAndType('sz');
    await waitFor(() => expect(shown()).toHaveLength(2));
    const input = screen.getByRole('combobox');
    const [first, second] = screen.getAllByRole('option');
    expect(input.getAttribute('aria-activedescendant')).toBe(first!.id);
    await userEvent.keyboard('{ArrowDown}');
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(second!.id);
    const chosen = second!.textContent === '语音设置 > 路由设置' ? '/voice/routing' : '/voice/sip';
    await userEvent.keyboard('{Enter}');
    // The search closes and the router is at the chosen page.
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.getByTestId('at').textContent).toBe(chosen);

    await userEvent.click(screen.getByLabelText('搜索菜单'));
    await userEvent.type(screen.getByRole('combobox'), 'sz');
    await waitFor(() => expect(shown()).toHaveLength(2));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('a click on a result opens its page', async () => {
    usePermissionStore.setState({ menus: voice([page('routing', 'menu.voice.routingSettings')]) });
    await openAndType('lysz');
    await userEvent.click(await screen.findByRole('option', { name: '语音设置 > 路由设置' }));
    expect(screen.getByTestId('at').textContent).toBe('/voice/routing');
  });

  it('draws only the rows in view and the active one; the arrow keys wrap to the last row', async () => {
    usePermissionStore.setState({
      menus: voice(Array.from({ length: 25 }, (_, i) => page(`trunk${i}`, `Trunk ${i + 1}`))),
    });
    await openAndType('trunk');
    // search() gives 20 rows; 8 are in view (9 drawn: the 9th under the list's padding).
    await waitFor(() => expect(shown()).toHaveLength(9));
    const rows = screen.getAllByRole('option');
    expect(rows.map((r) => r.getAttribute('aria-posinset'))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(rows.every((r) => r.getAttribute('aria-setsize') === '20')).toBe(true);
    const input = screen.getByRole('combobox');
    await userEvent.keyboard('{ArrowUp}');
    const last = screen.getAllByRole('option').find((r) => r.getAttribute('aria-posinset') === '20');
    expect(last?.getAttribute('aria-selected')).toBe('true');
    expect(input.getAttribute('aria-activedescendant')).toBe(last?.id);
    const n = Number(/Trunk (\d+)$/.exec(last?.textContent ?? '')?.[1]);
    await userEvent.keyboard('{Enter}');
    expect(screen.getByTestId('at').textContent).toBe(`/voice/trunk${n - 1}`);
  });

  it('a keystroke renders the input and the list, not the frame around them (no antd theme hook)', async () => {
    usePermissionStore.setState({ menus: voice([page('routing', 'menu.voice.routingSettings')]) });
    const useToken = vi.spyOn(theme, 'useToken');
    await openAndType('l');
    await waitFor(() => expect(shown()).not.toHaveLength(0));
    const before = useToken.mock.calls.length;
    await userEvent.type(screen.getByRole('combobox'), 'ysz');
    await waitFor(() => expect(shown()).toEqual(['语音设置 > 路由设置']));
    expect(useToken.mock.calls.length).toBe(before);
    useToken.mockRestore();
  });

  it("is drawn with the theme's colours, dark included", async () => {
    usePermissionStore.setState({ menus: voice([page('routing', 'menu.voice.routingSettings')]) });
    await openAndType('lysz', true);
    await waitFor(() => expect(shown()).toHaveLength(1));
    const frame = screen.getByRole('combobox').closest('.header-search') as HTMLElement;
    const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
    expect(frame.style.getPropertyValue('--hs-bg')).toBe(dark.colorBgContainer);
    expect(frame.style.getPropertyValue('--hs-list-bg')).toBe(dark.colorBgElevated);
  });
});
