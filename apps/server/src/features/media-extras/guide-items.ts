/**
 * An EPG programme's guide details (the `details` rows of `media:epg`, the same kinds as its
 * description's EPG_DETAIL_KINDS): what an XMLTV guide said of it beyond the columns, kept so the
 * XMLTV export writes it back. The reader (xmltv-read.ts) makes them, the export (playlists.ts)
 * writes them; this file holds how the columns and the details agree.
 */

/** The DTD's credit roles, in the order its `credits` element wants them. */
export const CREDIT_ROLES = [
  'director',
  'actor',
  'writer',
  'adapter',
  'producer',
  'composer',
  'editor',
  'presenter',
  'commentator',
  'guest',
] as const;

export type CreditRole = (typeof CREDIT_ROLES)[number];

export interface GuideItem {
  kind:
    | 'title'
    | 'sub-title'
    | 'desc'
    | 'category'
    | CreditRole
    | 'icon'
    | 'episode-num'
    | 'rating'
    | 'star-rating'
    | 'clumpidx';
  /** The text; an icon's src; a rating's value; an episode number as its system writes it. */
  value: string;
  /** title, sub-title, desc, category: the language, when the guide names one. */
  lang?: string;
  /** episode-num, rating, star-rating: the system (xmltv_ns, onscreen, dd_progid; MPAA, BBFC…). */
  system?: string;
  /** actor: the part played. */
  role?: string;
  /** icon: its size in pixels. */
  width?: number;
  height?: number;
}

/** The columns of an EPG row that stand for the first item of a kind (the operator may edit them). */
export interface EpgColumns {
  title: string;
  titleEn: string;
  subTitle: string;
  desc: string;
  category: string;
  episode: string;
}

/** The details stored in a row, [] for a row without any (entered by hand) or unreadable ones. */
export function parseDetails(v: unknown): GuideItem[] {
  if (Array.isArray(v)) return v as GuideItem[];
  if (typeof v !== 'string' || !v) return [];
  try {
    const list = JSON.parse(v);
    return Array.isArray(list) ? (list as GuideItem[]) : [];
  } catch {
    return [];
  }
}

const isEn = (i: GuideItem) => Boolean(i.lang?.toLowerCase().startsWith('en'));

/**
 * The items the EPG columns stand for, one place for the reader (which fills the columns) and the
 * export (which puts edited columns back): the first title; the first English title when the first
 * title is in another language; the first sub-title, description and category; the episode number
 * as shown on screen, else the first one (an `xmltv_ns` 0.4.0/1 reads badly in a list).
 */
export function columnItems(items: readonly GuideItem[]): Record<keyof EpgColumns, GuideItem | undefined> {
  const first = (kind: GuideItem['kind']) => items.find((i) => i.kind === kind);
  const title = first('title');
  const episodes = items.filter((i) => i.kind === 'episode-num');
  return {
    title,
    titleEn: title && !isEn(title) ? items.find((i) => i.kind === 'title' && isEn(i)) : undefined,
    subTitle: first('sub-title'),
    desc: first('desc'),
    category: first('category'),
    episode: episodes.find((i) => i.system === 'onscreen') ?? episodes[0],
  };
}

/** The item a column makes when there is none for it (a row entered by hand). */
const MADE: Record<keyof EpgColumns, (value: string) => GuideItem> = {
  title: (value) => ({ kind: 'title', value }),
  titleEn: (value) => ({ kind: 'title', value, lang: 'en' }),
  subTitle: (value) => ({ kind: 'sub-title', value }),
  desc: (value) => ({ kind: 'desc', value }),
  category: (value) => ({ kind: 'category', value }),
  episode: (value) => ({ kind: 'episode-num', value, system: 'onscreen' }),
};

/**
 * Puts a column's value in place of the item it stands for (removed when the column was emptied),
 * else adds it. A column cut to its length stands for the longer item it was cut from: the item
 * stays whole.
 */
function withColumn(
  items: GuideItem[],
  item: GuideItem | undefined,
  value: string,
  made: GuideItem,
): GuideItem[] {
  const at = item ? items.indexOf(item) : -1;
  if (at < 0) return value ? [...items, made] : items;
  const out = [...items];
  if (value && item!.value.startsWith(value)) return out;
  if (value) out[at] = { ...item!, value };
  else out.splice(at, 1);
  return out;
}

/**
 * What a row says of its programme: its details with the columns in place of the items they stand
 * for, since an operator edits the columns (a title corrected by hand is the one exported). A row
 * entered by hand has the columns alone: a title without a language (none is known), the English
 * title with `en`, and an episode as it is shown on screen.
 */
export function itemsOfRow(columns: EpgColumns, details: readonly GuideItem[]): GuideItem[] {
  const stands = columnItems(details);
  let items = [...details];
  for (const key of Object.keys(MADE) as (keyof EpgColumns)[]) {
    // A guide whose first title is English has no separate English title for title_en to stand for.
    if (key === 'titleEn' && stands.title && isEn(stands.title)) continue;
    items = withColumn(items, stands[key], columns[key], MADE[key](columns[key]));
  }
  return items;
}
