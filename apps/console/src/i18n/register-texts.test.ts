import { afterEach, describe, expect, it } from 'vitest';
import { i18n, registerTexts } from './index.ts';

describe('registerTexts', () => {
  afterEach(() => i18n.changeLanguage('zh_CN'));

  it('registers every key in both languages, placeholders kept', () => {
    registerTexts({
      'test.registerTexts.hello': { en: 'Hello {{name}}', zh_CN: '你好，{{name}}' },
      'test.registerTexts.items_one': { en: '{{count}} item', zh_CN: '{{count}} 项' },
      'test.registerTexts.items_other': { en: '{{count}} items', zh_CN: '{{count}} 项' },
    });
    void i18n.changeLanguage('en');
    expect(i18n.t('test.registerTexts.hello', { name: 'Ann' })).toBe('Hello Ann');
    expect(i18n.t('test.registerTexts.items', { count: 2 })).toBe('2 items');
    void i18n.changeLanguage('zh_CN');
    expect(i18n.t('test.registerTexts.hello', { name: '安' })).toBe('你好，安');
    expect(i18n.t('test.registerTexts.items', { count: 2 })).toBe('2 项');
  });

  it('keeps a wording already registered, in both languages', () => {
    registerTexts({ 'test.registerTexts.first': { en: 'First', zh_CN: '第一' } });
    registerTexts({
      'app.title': { en: 'Overwritten', zh_CN: '被覆盖' },
      'test.registerTexts.first': { en: 'Second', zh_CN: '第二' },
      'test.registerTexts.new': { en: 'New', zh_CN: '新' },
    });
    const read = () =>
      ['app.title', 'test.registerTexts.first', 'test.registerTexts.new'].map((key) => i18n.t(key));
    void i18n.changeLanguage('en');
    expect(read()).toEqual(['Multi-business integrated gateway', 'First', 'New']);
    void i18n.changeLanguage('zh_CN');
    expect(read()).toEqual(['多业务融合网关', '第一', '新']);
  });
});
