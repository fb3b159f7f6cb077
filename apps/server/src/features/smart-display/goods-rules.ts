import { invalidField } from '../../http/errors.ts';
import { onResourceWrite, type WriteHookArgs } from '../resources/hooks.ts';
import { say, storedList, storedValues } from './stored-values.ts';

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
    const refuse = (en: string, zh: string) =>
      invalidField('images', say(lang, `Images: ${en}`, `图片：${zh}`));
    if (images === 'bad' || images?.some((f) => typeof f !== 'string' || !f.trim()))
      throw refuse('must be a list of files', '须为文件列表');
    if (images && images.length > MAX_GOODS_IMAGES)
      throw refuse(
        `at most ${MAX_GOODS_IMAGES}, not ${images.length}`,
        `最多 ${MAX_GOODS_IMAGES} 张，当前 ${images.length} 张`,
      );
  }
  if (!('price' in values) && !('original_price' in values)) return;
  const { price, original_price } = await storedValues(args, ['price', 'original_price']);
  if (price === null || original_price === null || Number(original_price) >= Number(price)) return;
  throw invalidField(
    'original_price',
    say(
      lang,
      `Original price: must not be below the price (${Number(original_price)} < ${Number(price)} fen)`,
      `原价：不能低于价格（${Number(original_price)} < ${Number(price)} 分）`,
    ),
  );
}

onResourceWrite('shop:goods', goodsPricesAndImages);

/** The text a stored JSON value holds, or null when it holds something else. */
function parseText(stored: string): string | null {
  try {
    const v: unknown = JSON.parse(stored);
    return typeof v === 'string' ? v : null;
  } catch {
    return null;
  }
}
