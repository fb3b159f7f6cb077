import { describe, expect, it } from 'vitest';
import { sizeFromCookie } from '../../stores/app.ts';
import { antdSizeOf, DEFAULT_UI_SIZE, UI_SIZES } from './size-map.ts';

describe('UI sizes', () => {
  it('maps the four sizes onto antd sizes and the compact algorithm', () => {
    expect(UI_SIZES).toEqual(['default', 'medium', 'small', 'mini']);
    expect(antdSizeOf('default')).toEqual({ componentSize: 'large', compact: false });
    expect(antdSizeOf('medium')).toEqual({ componentSize: 'medium', compact: false });
    expect(antdSizeOf('small')).toEqual({ componentSize: 'small', compact: false });
    expect(antdSizeOf('mini')).toEqual({ componentSize: 'small', compact: true });
  });

  it('defaults to medium; a valid size cookie overrides it', () => {
    expect(DEFAULT_UI_SIZE).toBe('medium');
    expect(sizeFromCookie(undefined)).toBe('medium');
    expect(sizeFromCookie('mini')).toBe('mini');
    expect(sizeFromCookie('huge')).toBe('medium');
  });
});
