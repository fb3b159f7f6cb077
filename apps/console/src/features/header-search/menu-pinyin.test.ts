import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { flattenMenuRoutes } from '../menu-routes/menu-routes.ts';
import { MENU_PINYIN } from './menu-pinyin.generated.ts';
import { builtInChineseTitles, builtInMenuPinyin } from './menu-pinyin-source.ts';
import { createSearch, menuPinyin, pinyinForms, search, searchItems } from './search-index.ts';

const fromPinyinPro = (text: string) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed' });

describe('pinyin of the built-in menu titles, computed at build time', () => {
  it('is current: run `npm run gen:menu-pinyin` after changing a menu title', () => {
    expect(MENU_PINYIN).toEqual(builtInMenuPinyin());
  });

  it('gives for every built-in title what pinyin-pro gives, without loading it', () => {
    const titles = builtInChineseTitles();
    expect(titles.length).toBeGreaterThan(50);
    const table = menuPinyin();
    for (const title of titles) {
      expect(table.toPinyin(title), title).toEqual(fromPinyinPro(title));
      expect(pinyinForms(title, table.toPinyin), title).toEqual(pinyinForms(title, fromPinyinPro));
    }
    expect(table.missing()).toBe(false);
  });

  it('says when a title the server adds is not in the table, and finds it by pinyin once pinyin-pro is given', () => {
    const routes = flattenMenuRoutes([
      {
        path: '/voice',
        component: 'Layout',
        name: 'Voice',
        meta: { title: '语音设置' },
        children: [
          { path: 'hotel', component: 'voice/Hotel', name: 'Hotel', meta: { title: '酒店官网' } },
          { path: 'ivr', component: 'voice/Ivr', name: 'Ivr', meta: { title: 'IVR语音导航' } },
        ],
      },
    ]);
    const tableOnly = menuPinyin();
    const before = createSearch(searchItems(routes, (k) => k, tableOnly.toPinyin));
    expect(tableOnly.missing()).toBe(true);
    // Built-in titles are found by pinyin at once; the added one only once pinyin-pro is there.
    expect(search(before, 'yyszyydh')[0]?.path).toBe('/voice/ivr');
    expect(search(before, 'jdgw').map((r) => r.path)).not.toContain('/voice/hotel');

    const withPro = menuPinyin(fromPinyinPro);
    const after = createSearch(searchItems(routes, (k) => k, withPro.toPinyin));
    expect(withPro.missing()).toBe(false);
    expect(search(after, 'jdgw')[0]?.path).toBe('/voice/hotel');
    expect(search(after, 'jiudianguanwang')[0]?.path).toBe('/voice/hotel');
  });
});
