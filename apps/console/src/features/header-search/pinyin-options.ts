/**
 * How pinyin-pro is asked for a title's syllables, at run time (search-index.ts) and by the
 * generator of menu-pinyin.generated.ts alike, so that the table and the fallback agree.
 */
export const PINYIN_OPTIONS = { toneType: 'none', type: 'array', nonZh: 'removed' } as const;
