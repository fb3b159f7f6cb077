import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../stores/user.ts';
import { keptAt } from '../../test/kept-page.tsx';
import { siteIdsOf } from './site-ids.ts';
import { useSiteIds } from './use-site-ids.ts';

describe('siteIdsOf', () => {
  it('reads the sites of a route query, or none', () => {
    expect(siteIdsOf('?id=7')).toBe('7');
    expect(siteIdsOf('?tab=order&id=3,4')).toBe('3,4');
    expect(siteIdsOf(new URLSearchParams('id=%207%20'))).toBe('7');
    expect(siteIdsOf('?id=')).toBeNull();
    expect(siteIdsOf('?tab=order')).toBeNull();
    expect(siteIdsOf('')).toBeNull();
  });
});

function Sites() {
  return <p data-testid="sites">{useSiteIds() ?? 'none'}</p>;
}

/** The page of `/operations/terminal-auth` as the shell's keep-alive container holds it. */
const KeptPage = keptAt('/operations/terminal-auth', () => <Sites />);

function mount(url: string) {
  const router = createMemoryRouter([{ path: '*', Component: KeptPage }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return { go: (to: string) => act(() => router.navigate(to)) };
}

const shown = () => screen.getByTestId('sites').textContent;

describe('useSiteIds', () => {
  beforeEach(() => useUserStore.setState({ isOperations: 1 }));

  it("follows the page's own ?id= while its tab is shown", async () => {
    const page = mount('/operations/terminal-auth?id=7');
    expect(shown()).toBe('7');
    await page.go('/operations/terminal-auth?id=8');
    expect(shown()).toBe('8');
    await page.go('/operations/terminal-auth');
    expect(shown()).toBe('none');
  });

  it('keeps the sites it last had while its tab is hidden, and takes the new ones when shown', async () => {
    const page = mount('/operations/terminal-auth?id=7');
    expect(shown()).toBe('7');
    // Another tab is shown, on another site: the hidden page does not see that address.
    await page.go('/operations/mall?id=8');
    expect(shown()).toBe('7');
    await page.go('/operations?id=9');
    expect(shown()).toBe('7');
    // Shown again, reopened on site 8 (as the operations home opens it).
    await page.go('/operations/terminal-auth?id=8');
    expect(shown()).toBe('8');
  });

  it('names no site in full mode, where `id` is not a site', () => {
    useUserStore.setState({ isOperations: 0 });
    // In full mode `id` is a record's (a scene's, on /smart/scenelistadd), never a site.
    mount('/operations/terminal-auth?id=5');
    expect(shown()).toBe('none');
  });

  it('names no site outside a router (a component rendered on its own)', () => {
    render(<Sites />);
    expect(shown()).toBe('none');
  });
});
