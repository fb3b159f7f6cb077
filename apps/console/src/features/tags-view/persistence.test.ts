import { beforeEach, describe, expect, it } from 'vitest';
import { TAGS_VIEW_STORAGE_KEY } from '../../stores/user.ts';
import type { VisitedView } from './operations.ts';
import {
  parseSavedTabs,
  readSavedTabs,
  restoreTabs,
  saveTabsOnUnload,
  writeSavedTabs,
} from './persistence.ts';

const dashboard: VisitedView = {
  path: '/dashboard',
  fullPath: '/dashboard',
  name: 'Dashboard',
  meta: { affix: true },
};
const dhcp: VisitedView = {
  path: '/system/dhcp',
  fullPath: '/system/dhcp',
  name: 'SystemDhcp',
  meta: { title: 'x' },
};

describe('saved tabs', () => {
  beforeEach(() => sessionStorage.clear());

  it('round-trips metadata through sessionStorage', () => {
    writeSavedTabs({ views: [dashboard, dhcp], activePath: '/system/dhcp' });
    expect(readSavedTabs()).toEqual({ views: [dashboard, dhcp], activePath: '/system/dhcp' });
  });

  it('ignores broken or foreign data', () => {
    expect(parseSavedTabs('not json')).toBeUndefined();
    expect(parseSavedTabs(null)).toBeUndefined();
    expect(parseSavedTabs('{"views":[{"path":1},{"foo":2}]}')).toEqual({ views: [] });
  });

  it('restores affixed tabs first, then the saved ones, without duplicates', () => {
    const restored = restoreTabs({ views: [dhcp, dashboard], activePath: '/system/dhcp' }, [dashboard]);
    expect(restored.map((v) => v.path)).toEqual(['/dashboard', '/system/dhcp']);
  });

  it('the current URL wins over a restored active tab: restoring never picks an active tab', () => {
    const restored = restoreTabs({ views: [dhcp], activePath: '/system/dhcp' }, [dashboard]);
    // The result is a plain list: the layout adds and shows the view of the current URL.
    expect(Array.isArray(restored)).toBe(true);
    expect(restored).not.toHaveProperty('activePath');
  });

  it('saves on unload only while signed in and while nobody cleared the entry', () => {
    expect(saveTabsOnUnload({ views: [dhcp] }, true)).toBe(false); // cleared (logout, language, mode)
    writeSavedTabs({ views: [] });
    expect(saveTabsOnUnload({ views: [dhcp] }, false)).toBe(false); // signed out
    expect(saveTabsOnUnload({ views: [dhcp] }, true)).toBe(true);
    expect(JSON.parse(sessionStorage.getItem(TAGS_VIEW_STORAGE_KEY) ?? '{}').views).toEqual([dhcp]);
  });
});
