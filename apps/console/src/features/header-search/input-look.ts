import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';

export type InputSize = 'small' | 'middle' | 'large';

/**
 * The header search's plain `<input>` and results drawn as antd's outlined `Input` and its
 * dropdown rows, as CSS variables (header-search.css) set once on the open search's frame: a
 * keystroke then renders neither rc-input nor antd's token hook (docs/performance.md, issue 18).
 * Padding, font and radius per size follow antd's own Input tokens (`antd/es/input/style/token`;
 * input-look.test.ts compares them).
 */
export function inputLook(token: GlobalToken, size: InputSize): CSSProperties {
  const { lineWidth } = token;
  const sized =
    size === 'small'
      ? {
          block:
            Math.round(((token.controlHeightSM - token.fontSize * token.lineHeight) / 2) * 10) / 10 -
            lineWidth,
          inline: token.controlPaddingHorizontalSM - lineWidth,
          fontSize: token.fontSize,
          lineHeight: token.lineHeight,
          radius: token.borderRadiusSM,
        }
      : size === 'large'
        ? {
            block:
              Math.ceil(((token.controlHeightLG - token.fontSizeLG * token.lineHeightLG) / 2) * 10) / 10 -
              lineWidth,
            inline: token.controlPaddingHorizontal - lineWidth,
            fontSize: token.fontSizeLG,
            lineHeight: token.lineHeightLG,
            radius: token.borderRadiusLG,
          }
        : {
            block:
              Math.round(((token.controlHeight - token.fontSize * token.lineHeight) / 2) * 10) / 10 -
              lineWidth,
            inline: token.paddingSM - lineWidth,
            fontSize: token.fontSize,
            lineHeight: token.lineHeight,
            radius: token.borderRadius,
          };
  return {
    '--hs-padding': `${Math.max(sized.block, 0)}px ${sized.inline}px`,
    '--hs-font-size': `${sized.fontSize}px`,
    '--hs-line-height': String(sized.lineHeight),
    '--hs-radius': `${sized.radius}px`,
    '--hs-font': token.fontFamily,
    '--hs-line-width': `${lineWidth}px`,
    '--hs-text': token.colorText,
    '--hs-placeholder': token.colorTextPlaceholder,
    '--hs-bg': token.colorBgContainer,
    '--hs-border': token.colorBorder,
    '--hs-border-hover': token.colorPrimaryHover,
    '--hs-border-active': token.colorPrimary,
    '--hs-focus-shadow': `0 0 0 ${token.controlOutlineWidth}px ${token.controlOutline}`,
    '--hs-motion': token.motionDurationMid,
    '--hs-list-bg': token.colorBgElevated,
    '--hs-list-shadow': token.boxShadowSecondary,
    '--hs-list-radius': `${token.borderRadiusLG}px`,
    '--hs-option-radius': `${token.borderRadiusSM}px`,
    '--hs-active': token.controlItemBgActive,
    '--hs-hover': token.controlItemBgHover,
  } as CSSProperties;
}
