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
