import { describe, expect, it } from 'vitest';
import {
  addIgnoresOpenPath,
  cachedViewsByName,
  closeAllKeepsAffixed,
  closeOthersKeepsAffixed,
  closeRemovesView,
  NO_NAME,
  nextViewAfterClose,
  tagTitle,
  updateMergesByPath,
  type VisitedView,
} from './operations.ts';

const view = (path: string, extra: Partial<VisitedView> = {}): VisitedView => ({
  path,
  fullPath: path,
  name: path.slice(1).replaceAll('/', '-') || 'root',
  meta: { title: `t.${path}` },
  ...extra,
});

const dashboard = view('/dashboard', { meta: { title: 'menu.dashboard.dashboard', affix: true } });
const dhcp = view('/system/dhcp');
const dns = view('/system/dns');
const theme = view('/theme', { meta: { title: 'route.theme', noCache: true } });

describe('tag list rules (spec section 4)', () => {
  it('adding a view whose path is already open changes nothing', () => {
    const views = [dashboard, dhcp];
    const again = addIgnoresOpenPath(views, { ...dhcp, fullPath: '/system/dhcp?x=1', title: 'other' });
    expect(again).toEqual(views);
    expect(addIgnoresOpenPath(views, dns).map((v) => v.path)).toEqual([
      '/dashboard',
      '/system/dhcp',
      '/system/dns',
    ]);
  });

  it('closing a tab removes it', () => {
    expect(closeRemovesView([dashboard, dhcp, dns], '/system/dhcp').map((v) => v.path)).toEqual([
      '/dashboard',
      '/system/dns',
    ]);
  });

  it('closing the others keeps the affixed tabs plus the current one', () => {
    const left = closeOthersKeepsAffixed([dashboard, dhcp, dns, theme], '/system/dns');
    expect(left.map((v) => v.path)).toEqual(['/dashboard', '/system/dns']);
  });

  it('closing all keeps only the affixed tabs', () => {
    expect(closeAllKeepsAffixed([dashboard, dhcp, dns]).map((v) => v.path)).toEqual(['/dashboard']);
  });

  it('updating merges into the tab with the same path and leaves the others', () => {
    const updated = updateMergesByPath([dashboard, dhcp], {
      path: '/system/dhcp',
      fullPath: '/system/dhcp?id=3',
    });
    expect(updated[1]).toEqual({ ...dhcp, fullPath: '/system/dhcp?id=3' });
    expect(updated[0]).toBe(dashboard);
    const meta = updateMergesByPath([dhcp], { path: '/system/dhcp', meta: { noCache: true } });
    expect(meta[0]?.meta).toEqual({ title: 't./system/dhcp', noCache: true });
  });

  it('cached views are route names, without no-cache routes or nameless views', () => {
    const nameless: VisitedView = { path: '/x', fullPath: '/x', meta: {} };
    expect(cachedViewsByName([dashboard, dhcp, theme, nameless, dhcp])).toEqual(['dashboard', 'system-dhcp']);
  });

  it('after closing the active tab the right neighbour shows, else the left one', () => {
    const before = [dashboard, dhcp, dns];
    expect(nextViewAfterClose(before, '/system/dhcp', closeRemovesView(before, '/system/dhcp'))?.path).toBe(
      '/system/dns',
    );
    expect(nextViewAfterClose(before, '/system/dns', closeRemovesView(before, '/system/dns'))?.path).toBe(
      '/system/dhcp',
    );
    expect(nextViewAfterClose([dhcp], '/system/dhcp', [])).toBeUndefined();
  });

  it('titles a tab from its translated meta title, or no-name', () => {
    const translate = (key: string) => (key === 'route.theme' ? 'Theme' : '');
    expect(tagTitle(theme, translate)).toBe('Theme');
    expect(tagTitle({ meta: {} }, translate)).toBe(NO_NAME);
    expect(tagTitle(dhcp, translate)).toBe('no-name');
  });
});
