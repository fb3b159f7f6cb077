import type { MenuNode } from '@igs/contract';
import { describe, expect, it } from 'vitest';
import { iconKind } from './menu-icon.tsx';
import { buildSidebarEntries, isExternalLink, openKeysFor, singleLinkTarget } from './menu-rules.ts';

const page = (path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  path,
  component: 'x/Page',
  name: `N${path}`,
  meta: { title: `t.${path}` },
  ...extra,
});
const group = (path: string, children: MenuNode[], extra: Partial<MenuNode> = {}): MenuNode => ({
  path,
  component: 'Layout',
  name: `G${path}`,
  meta: { title: `g.${path}`, icon: 'el-icon-setting' },
  children,
  ...extra,
});

describe('the one-visible-child rule', () => {
  it('a group with exactly one visible child is a link to that child', () => {
    const root = group('/', [
      page('dashboard', { meta: { title: 'dash', icon: 'el-icon-s-home' } }),
      page('x', { hidden: true }),
    ]);
    expect(singleLinkTarget(root)?.node.path).toBe('dashboard');
    expect(buildSidebarEntries([root])).toEqual([
      {
        kind: 'link',
        key: '/dashboard',
        path: '/dashboard',
        external: false,
        title: 'dash',
        icon: 'el-icon-s-home',
      },
    ]);
  });

  it('alwaysShow keeps a one-child group as a submenu', () => {
    const video = group('/video', [page('list')], { alwaysShow: true });
    expect(singleLinkTarget(video)).toBeUndefined();
    const [entry] = buildSidebarEntries([video]);
    expect(entry?.kind).toBe('submenu');
  });

  it('several visible children make a submenu, with nested paths resolved', () => {
    const system = group('/system', [page('dhcp'), page('dns'), group('logs', [page('a'), page('b')])]);
    const [entry] = buildSidebarEntries([system]);
    if (entry?.kind !== 'submenu') throw new Error('expected a submenu');
    expect(entry.children.map((c) => c.path)).toEqual(['/system/dhcp', '/system/dns', '/system/logs']);
    expect(openKeysFor([entry], '/system/logs/b')).toEqual(['/system', '/system/logs']);
  });

  it('a single child that is itself a group stays a submenu', () => {
    const video = group('/video', [group('gb28181', [page('device'), page('push')])]);
    expect(singleLinkTarget(video)).toBeUndefined();
  });

  it('hidden items are skipped', () => {
    const entries = buildSidebarEntries([
      group('/hidden', [page('theme')], { hidden: true }),
      page('/about'),
    ]);
    expect(entries.map((e) => e.path)).toEqual(['/about']);
  });
});

describe('external links', () => {
  it.each(['http://a.b', 'https://a.b/c', 'mailto:x@y.z', 'tel:10086'])('%s is external', (path) => {
    expect(isExternalLink(path)).toBe(true);
  });

  it.each(['/system', 'dhcp', 'ftp://x', 'httpfoo'])('%s is not', (path) => {
    expect(isExternalLink(path)).toBe(false);
  });

  it('an external child keeps its own address and opens in a new tab', () => {
    const links = group('/links', [page('https://example.com/help'), page('tel:4008008888')]);
    const [entry] = buildSidebarEntries([links]);
    if (entry?.kind !== 'submenu') throw new Error('expected a submenu');
    expect(entry.children).toMatchObject([
      { kind: 'link', path: 'https://example.com/help', external: true },
      { kind: 'link', path: 'tel:4008008888', external: true },
    ]);
  });
});

describe('menu icon kinds', () => {
  it('recognises the four notations', () => {
    expect(iconKind('el-icon-s-home')).toBe('element');
    expect(iconKind('fa fa-phone')).toBe('font');
    expect(iconKind('svg:wifi')).toBe('svg');
    expect(iconKind('dashboard')).toBe('svg');
    expect(iconKind('iconfont icon-tv')).toBe('iconfont');
    expect(iconKind(undefined)).toBe('none');
  });
});
