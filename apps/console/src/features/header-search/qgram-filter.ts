/**
 * A cheap test that rules out pages before Fuse scans them, without changing what Fuse finds.
 *
 * Fuse's fuzzy match (Bitap) finds a key text when some part of it is the query with at most k
 * edits (a character changed, added or dropped), k being the most errors its threshold allows:
 * k / m <= threshold for a query of m characters. One edit changes at most q of the query's
 * q-grams (runs of q characters), so a text the query matches contains at least
 * (m - q + 1) - q * k of them: the q-gram lemma. A page none of whose texts holds that many is
 * never in Fuse's results, and is not handed to it: for long queries, where Fuse's work grows
 * with every allowed error, most pages are ruled out (docs/performance.md, header search).
 */

/**
 * Which texts hold each q-gram (q = 1 and 2), lower-cased as Fuse does, and whose page each text
 * is. Texts are kept apart, not merged per page: Fuse matches each key text on its own, so the
 * lemma must hold within one text, which rules out far more pages than the union of their texts.
 */
export interface QgramIndex {
  /** Pages. */
  readonly size: number;
  /** The page of each text. */
  readonly pageOf: Uint32Array;
  readonly texts: ReadonlyMap<string, readonly number[]>;
}

const GRAM_SIZES = [1, 2] as const;

export function qgramIndex(textsOfPages: readonly (readonly string[])[]): QgramIndex {
  const texts = new Map<string, number[]>();
  const pageOf: number[] = [];
  textsOfPages.forEach((textsOfPage, page) => {
    for (const text of textsOfPage) {
      const id = pageOf.length;
      pageOf.push(page);
      const lower = text.toLowerCase();
      const grams = new Set<string>();
      for (const q of GRAM_SIZES)
        for (let i = 0; i + q <= lower.length; i++) grams.add(lower.slice(i, i + q));
      for (const gram of grams) {
        const list = texts.get(gram);
        if (list) list.push(id);
        else texts.set(gram, [id]);
      }
    }
  });
  return { size: textsOfPages.length, pageOf: Uint32Array.from(pageOf), texts };
}

/** The most edits a Fuse match of an m-character query may have: the largest k with k / m <= threshold. */
export function maxErrors(m: number, threshold: number): number {
  let k = 0;
  // Compared as Fuse compares (errors / length against the threshold), so rounding agrees.
  while (k + 1 <= m && (k + 1) / m <= threshold) k++;
  return k;
}

/** Fuse splits a longer query into parts scored apart: the lemma holds for each part, not the whole. */
const LONGEST_WHOLE_QUERY = 32;

/**
 * Which pages may match `query` (1 at their index in the list the index was built from), or null
 * when the query is too short (or too long) for the lemma to rule anything out.
 */
export function pagesThatMayMatch(index: QgramIndex, query: string, threshold: number): Uint8Array | null {
  const pattern = query.toLowerCase();
  const m = pattern.length;
  if (m > LONGEST_WHOLE_QUERY) return null;
  const k = maxErrors(m, threshold);
  const textCount = index.pageOf.length;
  // Per text, how many of the gram sizes' bounds it meets so far: it passes when it meets all.
  const bounds = new Uint8Array(textCount);
  let boundsToMeet = 0;
  for (const q of GRAM_SIZES) {
    const needed = m - q + 1 - q * k;
    if (needed <= 0) continue;
    const shared = new Uint8Array(textCount);
    for (let i = 0; i + q <= m; i++) {
      for (const text of index.texts.get(pattern.slice(i, i + q)) ?? []) shared[text]! += 1;
    }
    for (let text = 0; text < textCount; text++) {
      if (shared[text]! >= needed && bounds[text] === boundsToMeet) bounds[text]! += 1;
    }
    boundsToMeet++;
  }
  if (boundsToMeet === 0) return null;
  const pages = new Uint8Array(index.size);
  for (let text = 0; text < textCount; text++)
    if (bounds[text] === boundsToMeet) pages[index.pageOf[text]!] = 1;
  return pages;
}
