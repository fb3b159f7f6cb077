import { resourceByName } from '@igs/contract/resources';
import { recordSchema } from '@igs/contract/resources/validation';
import { describe, expect, it } from 'vitest';
import { clearedErrors, zodToFormErrors } from './zod-to-form-errors.ts';

const program = resourceByName('media:live')!;
const shown = new Set(program.fields.filter((f) => !f.readonly).map((f) => f.name));

describe('zodToFormErrors', () => {
  it('puts each issue on the field named by path[0], keeping order and dropping repeats', () => {
    const { fields, other } = zodToFormErrors(
      [
        { path: ['name'], message: 'Name is required' },
        { path: ['number'], message: 'Channel number must be a whole number' },
        { path: ['number'], message: 'Channel number must be between 1 and 9999' },
        { path: ['number'], message: 'Channel number must be a whole number' },
        { path: ['category_ids', 0], message: 'Classes must be [id, …]' },
      ],
      shown,
    );
    expect(fields).toEqual([
      { name: 'name', errors: ['Name is required'] },
      {
        name: 'number',
        errors: ['Channel number must be a whole number', 'Channel number must be between 1 and 9999'],
      },
      { name: 'category_ids', errors: ['Classes must be [id, …]'] },
    ]);
    expect(other).toEqual([]);
  });

  it('returns issues of fields the form does not show apart', () => {
    const { fields, other } = zodToFormErrors(
      [
        { path: ['id'], message: 'id is required' },
        { path: [], message: 'Expected an object' },
        { path: ['health'], message: 'read-only' },
      ],
      shown,
    );
    expect(fields).toEqual([]);
    expect(other).toEqual(['id is required', 'Expected an object', 'read-only']);
  });

  it('maps the real schema issues, in both languages', () => {
    for (const [lang, required, range] of [
      ['en', 'Name is required', 'Channel number must be between 1 and 9999'],
      ['zh_CN', '请填写名称', '频道号必须在1到9999之间'],
    ] as const) {
      const r = recordSchema(program, 'add', lang).safeParse({ number: 0, name_en: 'x' });
      expect(r.success).toBe(false);
      const { fields } = zodToFormErrors(r.error!.issues, shown);
      const byName = Object.fromEntries(fields.map((f) => [f.name, f.errors]));
      expect(byName.name).toEqual([required]);
      expect(byName.number).toEqual([range]);
      expect(Object.keys(byName).sort()).toEqual(['category_ids', 'name', 'number', 'url']);
    }
  });

  it('clears the errors of fields that are valid again', () => {
    expect(clearedErrors(['a', 'b'])).toEqual([
      { name: 'a', errors: [] },
      { name: 'b', errors: [] },
    ]);
  });
});
