import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', async () => ({
  ...(await import('../../test/request-mock.ts')),
  get: vi.fn(),
}));
const { setLanguage } = await import('../../i18n/index.ts');
await import('../shell-i18n/texts.ts');
const { useAppStore } = await import('../../stores/app.ts');
const { HeaderSearch } = await import('../header-search/header-search.tsx');
const { UserDropdown } = await import('./user-dropdown.tsx');

function show(node: React.ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>);
}

/** The menu entries of the open dropdown, top level. */
const entries = () =>
  [...document.querySelectorAll('.ant-dropdown-menu-root > li .ant-dropdown-menu-title-content')].map(
    (title) => title.textContent,
  );

describe('below 992 px the top bar keeps the search and the size switch reachable', () => {
  beforeEach(() => {
    setLanguage('en');
    useAppStore.setState({ device: 'desktop', size: 'medium' });
  });

  it('on a desktop the user menu has no size entry (the top bar has the switch)', async () => {
    show(<UserDropdown />);
    await userEvent.click(screen.getByTestId('user-dropdown'));
    await waitFor(() => expect(entries()).toContain('Clear cache'));
    expect(entries()).not.toContain('Size');
  });

  it('on a narrow screen the user menu offers the sizes, the current one selected', async () => {
    useAppStore.setState({ device: 'mobile' });
    show(<UserDropdown />);
    await userEvent.click(screen.getByTestId('user-dropdown'));
    await waitFor(() => expect(entries()).toContain('Size'));
    await userEvent.hover(screen.getByText('Size'));
    const small = await screen.findByText('Small');
    expect(screen.getByText('Medium').closest('li')!.className).toContain('ant-dropdown-menu-item-selected');
    await userEvent.click(small);
    expect(useAppStore.getState().size).toBe('small');
  });

  it('the search, opened on a narrow screen, spans the top bar', async () => {
    show(<HeaderSearch overlay />);
    await userEvent.click(screen.getByLabelText('Search menus'));
    const search = document.querySelector('.header-search')!;
    expect(search.classList.contains('header-search--overlay')).toBe(true);
    expect(screen.getByRole('combobox')).toBeTruthy();
  });
});
