import type { MenuNode } from '@igs/contract';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
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

async function openAndType(text: string) {
  render(
    <MemoryRouter>
      <HeaderSearch />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByLabelText('搜索菜单'));
  await userEvent.type(screen.getByRole('combobox'), text);
}

const shown = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

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
});
