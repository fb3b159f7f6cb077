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

/**
 * Sets the item a column stands for to the column's value (removed when the column was emptied),
 * else adds it. A column cut to its length stands for the longer item it was cut from: the item
 * stays whole.
 */
function withColumn(
  items: GuideItem[],
  pick: (i: GuideItem) => boolean,
  value: string,
  made: GuideItem,
): GuideItem[] {
  const at = items.findIndex(pick);
  if (at < 0) return value ? [...items, made] : items;
  const out = [...items];
  if (value && out[at]!.value.startsWith(value)) return out;
  if (value) out[at] = { ...out[at]!, value };
  else out.splice(at, 1);
  return out;
}

const isEn = (i: GuideItem) => Boolean(i.lang?.toLowerCase().startsWith('en'));

/**
 * What a row says of its programme: its details with the columns in place of the items they stand
 * for, since an operator edits the columns (a title corrected by hand is the one exported). A row
 * entered by hand has the columns alone: a title without a language (none is known), the English
 * title with `en`, and an episode as it is shown on screen.
 */
export function itemsOfRow(columns: EpgColumns, details: readonly GuideItem[]): GuideItem[] {
  let items = [...details];
  const firstTitle = items.find((i) => i.kind === 'title');
  items = withColumn(items, (i) => i === firstTitle, columns.title, { kind: 'title', value: columns.title });
  // The English title is the first English one after a title in another language.
  const enTitle =
    firstTitle && !isEn(firstTitle) ? items.find((i) => i.kind === 'title' && isEn(i)) : undefined;
  if (!firstTitle || !isEn(firstTitle))
    items = withColumn(items, (i) => i === enTitle, columns.titleEn, {
      kind: 'title',
      value: columns.titleEn,
      lang: 'en',
    });
  const kinds: [GuideItem['kind'], string][] = [
    ['sub-title', columns.subTitle],
    ['desc', columns.desc],
    ['category', columns.category],
    ['episode-num', columns.episode],
  ];
  for (const [kind, value] of kinds) {
    const made: GuideItem = kind === 'episode-num' ? { kind, value, system: 'onscreen' } : { kind, value };
    const first = items.find((i) => i.kind === kind);
    items = withColumn(items, (i) => i === first, value, made);
  }
  return items;
}
