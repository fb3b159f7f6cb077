import Fuse, { type IFuseOptions } from 'fuse.js';
import type { MenuRoute } from '../menu-routes/menu-routes.ts';
import { pageRoutes } from '../menu-routes/menu-routes.ts';

/** One searchable page: its translated title chain, the pinyin forms of the title and its path. */
export interface SearchItem {
  path: string;
  /** Parent titles and the page title, outermost first, translated. */
  titles: string[];
  /** The page's own translated title plus its parents', joined for display and matching. */
  title: string;
  /** Full pinyin, spaced pinyin and initials of the title (empty when pinyin is off). */
  pinyin: string[];
}

/** Converts a text to its pinyin syllables; injected so pinyin-pro loads only when searching. */
export type ToPinyin = (text: string) => string[];

const HAS_CHINESE = /[\u3400-\u9fff]/;

/** Pinyin forms of a Chinese title: "yuyinshezhi", "yu yin she zhi", "yysz". */
export function pinyinForms(text: string, toPinyin: ToPinyin): string[] {
  if (!HAS_CHINESE.test(text)) return [];
  const syllables = toPinyin(text)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (syllables.length === 0) return [];
  return [syllables.join(''), syllables.join(' '), syllables.map((s) => s[0]).join('')];
}

/** The visible pages of the menu tree as search items (hidden pages and external links excluded). */
export function searchItems(
  routes: readonly MenuRoute[],
  translate: (key: string) => string,
  toPinyin?: ToPinyin,
): SearchItem[] {
  return pageRoutes(routes)
    .filter((r) => !r.hidden && r.meta.title)
    .map((r) => {
      const titles = [...r.parents, r]
        .map((p) => (p.meta.title ? translate(p.meta.title) : ''))
        .filter((t, i, all) => t !== '' && all.indexOf(t) === i);
      const title = titles.join(' > ');
      const pinyin = toPinyin ? titles.flatMap((t) => pinyinForms(t, toPinyin)) : [];
      return { path: r.path, titles, title, pinyin };
    });
}

/** Spec section 9: threshold 0.4, weights title 0.7, pinyin 0.3, path 0.3. */
export const SEARCH_OPTIONS: IFuseOptions<SearchItem> = {
  shouldSort: true,
  threshold: 0.4,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'pinyin', weight: 0.3 },
    { name: 'path', weight: 0.3 },
  ],
};

export function createSearch(items: readonly SearchItem[]): Fuse<SearchItem> {
  return new Fuse([...items], SEARCH_OPTIONS);
}

export function search(fuse: Fuse<SearchItem>, query: string, limit = 20): SearchItem[] {
  const text = query.trim();
  if (!text) return [];
  return fuse.search(text, { limit }).map((r) => r.item);
}

/** pinyin-pro is large: it is imported only when the search opens with pinyin on. */
export async function loadPinyin(): Promise<ToPinyin> {
  const { pinyin } = await import('pinyin-pro');
  return (text) => pinyin(text, { toneType: 'none', type: 'array', nonZh: 'removed' });
}
