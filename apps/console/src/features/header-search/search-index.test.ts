import type { MenuNode } from '@igs/contract';
import Fuse from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import { describe, expect, it } from 'vitest';
import { flattenMenuRoutes } from '../menu-routes/menu-routes.ts';
import {
  chainPinyin,
  createSearch,
  pinyinForms,
  SEARCH_OPTIONS,
  search,
  searchItems,
  type ToPinyin,
} from './search-index.ts';

const toPinyin: ToPinyin = (text) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed' });

const zh: Record<string, string> = {
  'g.voice': '语音设置',
  'p.extension': '分机设置',
  'p.ivr': 'IVR语音导航',
  'g.system': '系统设置',
  'p.dhcp': 'DHCP',
  'p.backup': '备份还原',
  'p.theme': '主题',
};
const en: Record<string, string> = {
  'g.voice': 'Voice settings',
  'p.extension': 'Extension settings',
  'p.ivr': 'IVR',
  'g.system': 'System settings',
  'p.dhcp': 'DHCP',
  'p.backup': 'Backup restore',
  'p.theme': 'Theme',
};

const menus: MenuNode[] = [
  {
    path: '/voice',
    component: 'Layout',
    name: 'Voice',
    meta: { title: 'g.voice' },
    children: [
      { path: 'extension', component: 'voice/Extension', name: 'Ext', meta: { title: 'p.extension' } },
      { path: 'ivr', component: 'voice/Ivr', name: 'Ivr', meta: { title: 'p.ivr' } },
    ],
  },
  {
    path: '/system',
    component: 'Layout',
    name: 'System',
    meta: { title: 'g.system' },
    children: [
      { path: 'dhcp', component: 'system/Dhcp', name: 'Dhcp', meta: { title: 'p.dhcp' } },
      { path: 'backup', component: 'system/BackupRestore', name: 'Backup', meta: { title: 'p.backup' } },
      { path: 'theme', component: 'theme/Theme', name: 'Theme', hidden: true, meta: { title: 'p.theme' } },
    ],
  },
];

function fuseFor(dict: Record<string, string>, withPinyin: boolean) {
  const items = searchItems(flattenMenuRoutes(menus), (k) => dict[k] ?? k, withPinyin ? toPinyin : undefined);
  return createSearch(items);
}

describe('header search', () => {
  it('uses the spec constants: threshold 0.4, title 0.7, pinyin 0.3, path 0.3', () => {
    expect(SEARCH_OPTIONS.threshold).toBe(0.4);
    expect(SEARCH_OPTIONS.keys).toEqual([
      { name: 'title', weight: 0.7 },
      { name: 'pinyin', weight: 0.3 },
      { name: 'path', weight: 0.3 },
    ]);
  });

  it('builds full and initial pinyin forms of Chinese titles only', () => {
    expect(pinyinForms('备份还原', toPinyin)).toEqual(['beifenhuanyuan', 'bfhy']);
    expect(pinyinForms('DHCP', toPinyin)).toEqual([]);
  });

  it('joins the forms over the title chain, skipping titles without Chinese', () => {
    expect(chainPinyin(['系统设置', 'DHCP', '备份还原'], toPinyin)).toEqual([
      'xitongshezhibeifenhuanyuan',
      'xtszbfhy',
    ]);
    expect(chainPinyin(['System', 'Backup'], toPinyin)).toEqual([]);
  });

  it('a query in Chinese finds the same pages with or without the pinyin key', () => {
    const index = fuseFor(zh, true);
    const query = '备份';
    const viaAll = index.withPinyin.fuse.search(query).map((r) => r.item.path);
    expect(search(index, query).map((r) => r.path)).toEqual(viaAll.slice(0, 20));
    expect(viaAll[0]).toBe('/system/backup');
  });

  it('Chinese queries on the titles alone and digit queries without pinyin give the full index’s pages in its order', () => {
    const index = fuseFor(zh, true);
    for (const query of ['设置', '语音', '备份还原', '系统 设置', 'IVR语音']) {
      const viaAll = index.withPinyin.fuse.search(query).map((r) => r.item.path);
      expect(
        search(index, query).map((r) => r.path),
        query,
      ).toEqual(viaAll.slice(0, 20));
    }
  });

  it('finds a Chinese title by its pinyin initials and by full pinyin', () => {
    const fuse = fuseFor(zh, true);
    expect(search(fuse, 'bfhy')[0]?.path).toBe('/system/backup');
    expect(search(fuse, 'beifenhuanyuan')[0]?.path).toBe('/system/backup');
    expect(search(fuse, 'fenji')[0]?.path).toBe('/voice/extension');
  });

  it('without pinyin, pinyin does not match Chinese titles', () => {
    expect(search(fuseFor(zh, false), 'bfhy')).toEqual([]);
  });

  it('finds English titles by title, with the group in the label', () => {
    const [first] = search(fuseFor(en, false), 'backup');
    expect(first?.path).toBe('/system/backup');
    expect(first?.title).toBe('System settings > Backup restore');
  });

  it('matches by path as well, and ranks a title match above a path-only match', () => {
    const fuse = fuseFor(en, false);
    expect(search(fuse, '/voice/ivr')[0]?.path).toBe('/voice/ivr');
    // "extension" is both the title and the path of one page: it wins over weaker matches.
    expect(search(fuse, 'extension')[0]?.path).toBe('/voice/extension');
  });

  it('leaves hidden pages and groups out', () => {
    const paths = searchItems(flattenMenuRoutes(menus), (k) => en[k] ?? k).map((i) => i.path);
    expect(paths).toEqual(['/voice/extension', '/voice/ivr', '/system/dhcp', '/system/backup']);
  });

  it('finds exactly what Fuse finds over every page, in its order, while ruling pages out first', () => {
    // A few hundred pages of mixed Chinese and English titles, like a large gateway menu.
    const zhWords = [
      '终端',
      '设备',
      '管理',
      '用户',
      '日志',
      '网络',
      '视频',
      '升级',
      '订单',
      '告警',
      '备份',
      '区域',
    ];
    const enWords = [
      'terminal',
      'device',
      'user',
      'log',
      'network',
      'video',
      'upgrade',
      'order',
      'alarm',
      'backup',
    ];
    const big: MenuNode[] = Array.from({ length: 12 }, (_, g) => ({
      path: `/group${g}`,
      component: 'Layout',
      name: `G${g}`,
      meta: {
        title:
          g % 2 ? `${enWords[g % 10]} ${enWords[(g * 3) % 10]}` : `${zhWords[g]}${zhWords[(g * 5) % 12]}`,
      },
      children: Array.from({ length: 25 }, (_, i) => {
        const n = g * 25 + i;
        const title =
          g % 2
            ? `${enWords[n % 10]} ${enWords[(n * 7) % 10]} ${i}`
            : `${zhWords[n % 12]}${zhWords[(n * 7) % 12]}${zhWords[(n * 5 + 3) % 12]}${i}`;
        return { path: `page${i}`, component: `g${g}/P${i}`, name: `P${n}`, meta: { title } };
      }),
    }));
    const items = searchItems(flattenMenuRoutes(big), (k) => k, toPinyin);
    const index = createSearch(items);
    const everyKey = new Fuse([...items], SEARCH_OPTIONS);
    const typed = [
      'zhongduanguanli',
      'zdgl',
      'shebeishengjii',
      'rizhi beifen',
      'firmware upgrade',
      'terminla usre',
    ];
    const queries = [
      ...typed.flatMap((word) => [...word].map((_, n) => word.slice(0, n + 1))),
      '终端管理',
      'page1',
    ];
    for (const query of queries) {
      const expected = everyKey.search(query, { limit: 20 }).map((r) => r.item.path);
      expect(
        search(index, query).map((r) => r.path),
        query,
      ).toEqual(expected);
    }
  });
});
