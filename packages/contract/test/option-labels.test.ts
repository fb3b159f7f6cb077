import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES, APP_STYLES, APP_TYPES } from '../src/extras/index.ts';
import { resourceByName, resources } from '../src/resources/index.ts';
import { recordSchema } from '../src/resources/validation.ts';

describe('labelled option lists', () => {
  it('label exactly the options of their field, in both languages', () => {
    for (const r of resources)
      for (const f of r.fields) {
        if (!f.optionLabels) continue;
        const key = `${r.name}.${f.name}`;
        expect(['enum', 'enums'], key).toContain(f.type);
        expect(Object.keys(f.optionLabels), key).toEqual(f.options);
        for (const label of Object.values(f.optionLabels)) {
          expect(label.en.trim(), key).not.toBe('');
          expect(label.zh_CN, key).toMatch(/[\u4e00-\u9fff]/);
        }
      }
  });

  it('app menu items take the app_type, app_style and app_language lists, nothing else', () => {
    const def = resourceByName('index:app_menu')!;
    const field = (n: string) => def.fields.find((f) => f.name === n)!;
    expect(field('type').options).toEqual(APP_TYPES.map((o) => o.value));
    expect(field('style').options).toEqual(APP_STYLES.map((o) => o.value));
    expect(field('languages')).toMatchObject({ type: 'enums', options: APP_LANGUAGES.map((o) => o.value) });
    const base = { name: 'Live', type: 'live', target: '1', icon: 'x' };
    const schema = recordSchema(def, 'add');
    expect(schema.safeParse({ ...base, style: 'banner', languages: ['en'] }).success).toBe(true);
    expect(schema.safeParse({ ...base, style: 'huge' }).success).toBe(false);
    expect(schema.safeParse({ ...base, languages: ['fr'] }).success).toBe(false);
  });
});
