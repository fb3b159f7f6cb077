import { describe, expect, it } from 'vitest';
import { detectLanguage, fromBrowserLanguage } from './language.ts';

describe('detectLanguage', () => {
  it('takes the cookie first', () => {
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
    expect(detectLanguage('zh_CN', ['en-US'])).toBe('zh_CN');
  });

  it('ignores an unknown cookie and falls back to the browser language', () => {
    expect(detectLanguage('fr', ['en-GB'])).toBe('en');
    expect(detectLanguage(undefined, ['zh-TW'])).toBe('zh_CN');
    expect(detectLanguage(undefined, ['de-DE', 'en-US'])).toBe('en');
  });

  it('falls back to zh_CN', () => {
    expect(detectLanguage(undefined, [])).toBe('zh_CN');
    expect(detectLanguage(undefined, ['de-DE', 'fr'])).toBe('zh_CN');
  });

  it('maps browser tags', () => {
    expect(fromBrowserLanguage('EN')).toBe('en');
    expect(fromBrowserLanguage('zh')).toBe('zh_CN');
    expect(fromBrowserLanguage(undefined)).toBeUndefined();
  });
});
