import { menuTitles } from '@igs/contract/menus';
import { describe, expect, it } from 'vitest';
import { en } from './locales/en.ts';
import { zhCN } from './locales/zh-cn.ts';
import { menuTitleResources } from './menu-titles.ts';

describe('dictionaries', () => {
  it('have the same keys in both languages', () => {
    expect(Object.keys(zhCN).sort()).toEqual(Object.keys(en).sort());
  });

  it('have no empty text', () => {
    for (const dict of [en, zhCN]) for (const text of Object.values(dict)) expect(text.trim()).not.toBe('');
  });

  it('cover every menu title in both languages', () => {
    const resources = menuTitleResources();
    for (const key of Object.keys(menuTitles)) {
      expect(resources.en[key]).toBeTruthy();
      expect(resources.zh_CN[key]).toBeTruthy();
    }
  });
});
