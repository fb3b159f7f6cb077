import { type GlobalToken, theme } from 'antd';
// antd's own Input tokens: what its outlined input is drawn with.
import { initComponentToken } from 'antd/lib/input/style/token.js';
import { describe, expect, it } from 'vitest';
import { type InputSize, inputLook } from './input-look.ts';

const tokenOf = (config: Parameters<typeof theme.getDesignToken>[0]) =>
  theme.getDesignToken(config) as GlobalToken;

const cases = {
  default: tokenOf(undefined),
  dark: tokenOf({ algorithm: theme.darkAlgorithm }),
  compact: tokenOf({ algorithm: [theme.defaultAlgorithm, theme.compactAlgorithm] }),
  'dark compact': tokenOf({ algorithm: [theme.darkAlgorithm, theme.compactAlgorithm] }),
};

describe('the header search input drawn as antd Input', () => {
  for (const [name, token] of Object.entries(cases)) {
    it(`takes antd Input's padding, font and radius for each size (${name} theme)`, () => {
      const antd = initComponentToken(token as never);
      const expected: Record<InputSize, [number, number, number, number]> = {
        small: [antd.paddingBlockSM, antd.paddingInlineSM, antd.inputFontSizeSM, token.borderRadiusSM],
        middle: [antd.paddingBlock, antd.paddingInline, antd.inputFontSize, token.borderRadius],
        large: [antd.paddingBlockLG, antd.paddingInlineLG, antd.inputFontSizeLG, token.borderRadiusLG],
      };
      for (const [size, [block, inline, fontSize, radius]] of Object.entries(expected)) {
        const look = inputLook(token, size as InputSize) as Record<string, string>;
        expect(look['--hs-padding'], size).toBe(`${block}px ${inline}px`);
        expect(look['--hs-font-size'], size).toBe(`${fontSize}px`);
        expect(look['--hs-radius'], size).toBe(`${radius}px`);
      }
    });
  }

  it("takes the theme's colours: border, focus ring, background, list", () => {
    const light = inputLook(cases.default, 'middle') as Record<string, string>;
    const dark = inputLook(cases.dark, 'middle') as Record<string, string>;
    const antd = initComponentToken(cases.default as never);
    expect(`0 0 0 ${cases.default.controlOutlineWidth}px ${cases.default.controlOutline}`).toBe(
      antd.activeShadow,
    );
    expect(light['--hs-focus-shadow']).toBe(antd.activeShadow);
    expect(light['--hs-border-active']).toBe(antd.activeBorderColor);
    expect(light['--hs-border-hover']).toBe(antd.hoverBorderColor);
    expect(light['--hs-bg']).toBe(cases.default.colorBgContainer);
    expect(dark['--hs-bg']).toBe(cases.dark.colorBgContainer);
    expect(dark['--hs-bg']).not.toBe(light['--hs-bg']);
    expect(dark['--hs-list-bg']).toBe(cases.dark.colorBgElevated);
    expect(dark['--hs-active']).toBe(cases.dark.controlItemBgActive);
  });
});
