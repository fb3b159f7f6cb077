import type { MenuNode } from '@igs/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

async function openAndType(text: string) {
  render(
    <MemoryRouter>
      <HeaderSearch />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
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
});
