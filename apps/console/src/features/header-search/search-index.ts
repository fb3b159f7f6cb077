import Fuse, { type IFuseOptions } from 'fuse.js';
import type { MenuRoute } from '../menu-routes/menu-routes.ts';
import { pageRoutes } from '../menu-routes/menu-routes.ts';
import { MENU_PINYIN } from './menu-pinyin.generated.ts';
import { PINYIN_OPTIONS } from './pinyin-options.ts';
import { pagesThatMayMatch, type QgramIndex, qgramIndex } from './qgram-filter.ts';

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

/**
 * Pinyin forms of a Chinese title: "yuyinshezhi" and "yysz". A spaced form ("yu yin she zhi") would
 * add little a fuzzy match of the joined form does not find, and cost a third more text to scan on
 * every keystroke (docs/performance.md).
 */
export function pinyinForms(text: string, toPinyin: ToPinyin): string[] {
  if (!HAS_CHINESE.test(text)) return [];
  const syllables = toPinyin(text)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (syllables.length === 0) return [];
  return [syllables.join(''), syllables.map((s) => s[0]).join('')];
}

/**
 * The pinyin forms of a title chain, each joined over the whole chain ("yuyinshezhifenji",
 * "yyszfj"): two strings to scan per page on each keystroke instead of two per title, and a query
 * for the group's or the page's syllables still matches inside them.
 */
export function chainPinyin(titles: readonly string[], toPinyin: ToPinyin): string[] {
  const forms = titles.map((t) => pinyinForms(t, toPinyin)).filter((f) => f.length > 0);
  if (forms.length === 0) return [];
  return [forms.map((f) => f[0]).join(''), forms.map((f) => f[1]).join('')];
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
      const pinyin = toPinyin ? chainPinyin(titles, toPinyin) : [];
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

/** One way of searching the items: Fuse over some of the keys. */
interface SearchVariant {
  fuse: Fuse<SearchItem>;
  options: IFuseOptions<SearchItem>;
}

/**
 * The items indexed three times, by the keys a query can match: with the pinyin key, without it
 * for queries that cannot match pinyin, and on the titles alone for queries that cannot match a
 * path either; and the q-grams of their texts, to rule pages out before Fuse scans them.
 */
export interface SearchIndex {
  items: readonly SearchItem[];
  withPinyin: SearchVariant;
  withoutPinyin: SearchVariant;
  titleOnly: SearchVariant;
  grams: QgramIndex;
}

function keysWithout(...names: string[]) {
  return (SEARCH_OPTIONS.keys ?? []).filter(
    (k) => typeof k === 'object' && 'name' in k && !names.includes(String(k.name)),
  );
}

function variant(items: readonly SearchItem[], options: IFuseOptions<SearchItem>): SearchVariant {
  return { fuse: new Fuse([...items], options), options };
}

export function createSearch(items: readonly SearchItem[]): SearchIndex {
  return {
    items,
    withPinyin: variant(items, SEARCH_OPTIONS),
    withoutPinyin: variant(items, { ...SEARCH_OPTIONS, keys: keysWithout('pinyin') }),
    titleOnly: variant(items, { ...SEARCH_OPTIONS, keys: keysWithout('pinyin', 'path') }),
    grams: qgramIndex(items.map((item) => [item.title, item.path, ...item.pinyin])),
  };
}

const HAS_LATIN = /[a-z]/i;
const HAS_ASCII_WORD = /[a-z0-9]/i;

/**
 * Pinyin forms are Latin letters only, so a query without any (typed in Chinese, or digits) can
 * never match them: it is searched without that key; paths are ASCII, so a query without Latin
 * letters or digits (all Chinese) is searched on the titles alone. Fuse scores only the keys that
 * match, so the results and their order are the same, found with less work (docs/performance.md).
 * Pages the q-gram test rules out are left out of Fuse's scan (qgram-filter.ts); Fuse scores each
 * page on its own and breaks ties by the page's place in the full list, which is kept.
 */
export function search(index: SearchIndex, query: string, limit = 20): SearchItem[] {
  const text = query.trim();
  if (!text) return [];
  const { fuse, options } = HAS_LATIN.test(text)
    ? index.withPinyin
    : HAS_ASCII_WORD.test(text)
      ? index.withoutPinyin
      : index.titleOnly;
  const mayMatch = pagesThatMayMatch(index.grams, text, options.threshold ?? 0.6);
  if (!mayMatch) return fuse.search(text, { limit }).map((r) => r.item);
  const all = fuse.getIndex();
  const records = all.records.filter((record) => mayMatch[record.i ?? -1] === 1);
  const narrowed = new Fuse([...index.items], options, Fuse.parseIndex({ keys: all.keys, records }));
  return narrowed.search(text, { limit }).map((r) => r.item);
}

/**
 * pinyin-pro is large (some 300 KB): it is imported only for titles the build-time table
 * (menu-pinyin.generated.ts) does not hold, i.e. titles the server adds such as external links.
 */
export async function loadPinyin(): Promise<ToPinyin> {
  const { pinyin } = await import('pinyin-pro');
  return (text) => pinyin(text, PINYIN_OPTIONS);
}

/**
 * Pinyin of the built-in menu titles from the table computed at build time, of other titles from
 * `loaded` (pinyin-pro) once it is there. `missing()` says whether a title was asked for that
 * neither could give: the caller then loads pinyin-pro and builds the items again.
 */
export function menuPinyin(loaded?: ToPinyin): { toPinyin: ToPinyin; missing: () => boolean } {
  let missing = false;
  const toPinyin: ToPinyin = (text) => {
    if (Object.hasOwn(MENU_PINYIN, text)) return MENU_PINYIN[text]!.split(' ').filter(Boolean);
    if (loaded) return loaded(text);
    missing = true;
    return [];
  };
  return { toPinyin, missing: () => missing };
}
