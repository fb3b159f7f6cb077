import type { SizeType } from 'antd/es/config-provider/SizeContext';

/** The four UI sizes of the specification (section 2, "Size choices"). */
export const UI_SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type UiSize = (typeof UI_SIZES)[number];

/** Spec section 9: the default UI size is medium; the `size` cookie overrides it. */
export const DEFAULT_UI_SIZE: UiSize = 'medium';

export function isUiSize(value: unknown): value is UiSize {
  return typeof value === 'string' && (UI_SIZES as readonly string[]).includes(value);
}

export interface AntdSize {
  componentSize: Exclude<SizeType, undefined | 'middle'>;
  /** Apply `theme.compactAlgorithm` (tighter paddings and margins) on top of the size. */
  compact: boolean;
}

/**
 * The specification names four sizes (an Element-UI heritage); antd has three control heights,
 * so the smallest one adds the compact algorithm:
 *
 *   default -> componentSize 'large'  (40 px controls)
 *   medium  -> componentSize 'medium' (32 px controls, antd's own default; 'middle' is deprecated)
 *   small   -> componentSize 'small'  (24 px controls)
 *   mini    -> componentSize 'small' + theme.compactAlgorithm (24 px, tighter spacing)
 *
 * docs/console-sizes.md describes the same table for operators.
 */
export function antdSizeOf(size: UiSize): AntdSize {
  switch (size) {
    case 'default':
      return { componentSize: 'large', compact: false };
    case 'small':
      return { componentSize: 'small', compact: false };
    case 'mini':
      return { componentSize: 'small', compact: true };
    default:
      return { componentSize: 'medium', compact: false };
  }
}
