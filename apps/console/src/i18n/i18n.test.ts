import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { getLanguage, i18n, loadMenuTitles, setLanguage, t, translateTitle } from './index.ts';

describe('i18n', () => {
  it('setLanguage sets the cookie and the live language', () => {
    setLanguage('en');
    expect(Cookies.get('language')).toBe('en');
    expect(getLanguage()).toBe('en');
    expect(t('app.title')).toBe('Multi-business integrated gateway');
    setLanguage('zh_CN');
    expect(Cookies.get('language')).toBe('zh_CN');
    expect(t('app.title')).toBe('多业务融合网关');
    expect(t('msg.networkError')).toBe('网络错误，请稍后再试');
  });

  it('translates menu titles once loaded, and shows unknown titles as is', async () => {
    await loadMenuTitles();
    setLanguage('en');
    expect(translateTitle('menu.dashboard.dashboard')).toBe('Dashboard');
    expect(translateTitle('Custom page')).toBe('Custom page');
    expect(i18n.exists('menu.dashboard.dashboard')).toBe(true);
  });
});

describe('plural forms', () => {
  it('read "1 item" and "2 items" in English and one form in Chinese', async () => {
    const { Catalog } = await import('./catalog.ts');
    const c = new Catalog('en', 'zh_CN');
    c.addResources('en', 'translation', {
      'x.items_one': '{{count}} item',
      'x.items_other': '{{count}} items',
    });
    c.addResources('zh_CN', 'translation', { 'x.items_other': '{{count}} 项' });
    expect([
      c.t('x.items', { count: 1 }),
      c.t('x.items', { count: 2 }),
      c.t('x.items', { count: 0 }),
    ]).toEqual(['1 item', '2 items', '0 items']);
    expect(c.exists('x.items')).toBe(true);
    await c.changeLanguage('zh_CN');
    expect(c.t('x.items', { count: 1 })).toBe('1 项');
  });
});
