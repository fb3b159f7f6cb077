import type { MenuNode } from '@igs/contract';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { findMenu, groupRedirect, joinPath, menusToRoutes, pageRouteProps } from './menu-routes.tsx';
import { pageRegistry } from './page-registry.ts';
import { withShellRoutes } from './shell-menus.ts';

const node = (path: string, component: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  path,
  component,
  name: `${component}:${path}`,
  meta: { title: path },
  ...extra,
});

describe('menu routes', () => {
  it('joins paths', () => {
    expect(joinPath('', '/voice')).toBe('/voice');
    expect(joinPath('/voice', 'extension')).toBe('/voice/extension');
    expect(joinPath('/', 'dashboard')).toBe('/dashboard');
    expect(joinPath('/operations', '')).toBe('/operations');
  });

  it('the registry maps area/Name to the page modules', () => {
    expect(Object.keys(pageRegistry)).toEqual(
      expect.arrayContaining(['dashboard/Dashboard', 'login/Register', 'error/Page404']),
    );
    expect(Object.keys(pageRegistry).some((k) => k.includes('.test') || /\/[a-z]/.test(k))).toBe(false);
  });

  it('builds nested routes with handles, redirects and index pages', () => {
    const tree = [
      node('/voice', 'Layout', {
        children: [node('extension', 'voice/Extension'), node('ivr', 'voice/Ivr', { hidden: true })],
      }),
      node('/operations', 'Layout', { children: [node('', 'operations/Home')] }),
      node('https://example.test', 'Layout'),
    ];
    const routes = menusToRoutes(tree);
    expect(routes).toHaveLength(2);
    const voice = routes[0]!;
    expect(voice.path).toBe('/voice');
    expect(voice.handle).toMatchObject({ fullPath: '/voice' });
    expect(voice.children?.[0]).toMatchObject({ index: true });
    expect(voice.children?.[1]).toMatchObject({
      path: 'extension',
      handle: { fullPath: '/voice/extension' },
    });
    const ops = routes[1]!;
    expect(ops.children).toHaveLength(1);
    expect(ops.children?.[0]).toMatchObject({ index: true, handle: { fullPath: '/operations' } });
  });

  it('a group leads to its redirect, else its first visible child', () => {
    expect(groupRedirect(node('/', 'Layout', { redirect: '/dashboard' }), '/')).toBe('/dashboard');
    const group = node('/x', 'Layout', { children: [node('a', 'p/A', { hidden: true }), node('b', 'p/B')] });
    expect(groupRedirect(group, '/x')).toBe('/x/b');
    expect(groupRedirect(node('/y', 'Layout', { children: [] }), '/y')).toBeUndefined();
  });

  it('finds menus and adds the dashboard only when missing in full mode', () => {
    const tree = [node('/', 'Layout', { children: [node('dashboard', 'dashboard/Dashboard')] })];
    expect(findMenu(tree, '/dashboard')?.component).toBe('dashboard/Dashboard');
    expect(withShellRoutes(tree, 0)).toHaveLength(1);
    expect(withShellRoutes([], 0)[0]?.path).toBe('/dashboard');
    expect(withShellRoutes([], 1)).toEqual([]);
  });

  it('an unknown component renders the module-unavailable page', async () => {
    const props = pageRouteProps('nowhere/Missing');
    const router = createMemoryRouter([{ path: '/', ...props }]);
    render(<RouterProvider router={router} />);
    // The fallback looks for resources in a lazy chunk first, then loads the page: give it time.
    expect(await screen.findByText(/nowhere\/Missing/, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('a known component loads lazily', () => {
    expect(pageRouteProps('error/Page404').lazy).toBeTypeOf('function');
  });
});
