import { type Localized, say, texts } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { storedList, storedValues } from './stored-values.ts';

/**
 * DOMAIN 2.8 smart/MallManagement Goods: `original_price` ≥ `price` (the terminal shows the
 * original crossed out beside the price, which only makes sense as a discount) and `images`, a
 * list of files, at most 9 (the detail page's gallery). Checked on add, edit and every import row.
 */
export const MAX_GOODS_IMAGES = 9;

export async function goodsPricesAndImages(args: WriteHookArgs): Promise<void> {
  const { lang, values } = args;
  if ('images' in values) {
    // A CSV export writes the list as `a|b|c` and the generic import reads a json cell as JSON,
    // so an exported file comes back as one text: read it as the list it was.
    const text = typeof values.images === 'string' ? parseText(values.images) : null;
    if (text !== null) values.images = JSON.stringify(text.split('|').filter((f) => f.trim()));
    const images = storedList(values.images);
    const refuse = (problem: Localized) =>
      invalidField('images', say(lang, 'common.fieldProblem', { field: texts('smart.images'), problem }));
    if (images === 'bad' || images?.some((f) => typeof f !== 'string' || !f.trim()))
      throw refuse(texts('smart.mustListFiles'));
    if (images && images.length > MAX_GOODS_IMAGES)
      throw refuse(texts('smart.mostNot', { max: MAX_GOODS_IMAGES, n: images.length }));
  }
  if (!('price' in values) && !('original_price' in values)) return;
  const { price, original_price } = await storedValues(args, ['price', 'original_price']);
  if (price === null || original_price === null || Number(original_price) >= Number(price)) return;
  throw invalidField(
    'original_price',
    say(lang, 'smart.originalPriceMustNot', { original_price: Number(original_price), price: Number(price) }),
  );
}

/** The text a stored JSON value holds, or null when it holds something else. */
function parseText(stored: string): string | null {
  try {
    const v: unknown = JSON.parse(stored);
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const goodsRules: readonly Registration[] = [writeRule('shop:goods', goodsPricesAndImages)];
