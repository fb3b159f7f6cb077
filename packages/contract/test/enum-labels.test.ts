import { describe, expect, it } from 'vitest';
import { resources } from '../src/resources/index.ts';
import type { FieldDef } from '../src/resources/types.ts';

/** Every field of a resource, with the parts of its json shape, so no enum hides in a structure. */
function* fieldsOf(fields: readonly FieldDef[], path: string): Generator<[string, FieldDef]> {
  for (const f of fields) {
    yield [`${path}.${f.name}`, f];
    const shape = f.shape;
    if (shape?.kind === 'list') yield* fieldsOf([shape.of], `${path}.${f.name}[]`);
    else if (shape) yield* fieldsOf(shape.fields, `${path}.${f.name}[]`);
  }
}

describe('every enum value reads as a person reads it', () => {
  it('has words in Chinese and in English beside the value, so no raw code reaches a screen', () => {
    const missing: string[] = [];
    for (const r of resources)
      for (const [key, f] of fieldsOf(r.fields, r.name)) {
        if (f.type !== 'enum' && f.type !== 'enums') continue;
        for (const value of f.options ?? []) {
          const label = f.optionLabels?.[value];
          if (!label?.en?.trim() || !/[\u4e00-\u9fff]/.test(label.zh_CN ?? ''))
            missing.push(`${key}=${value}`);
        }
        expect(Object.keys(f.optionLabels ?? {}), key).toEqual([...(f.options ?? [])]);
      }
    expect(missing).toEqual([]);
  });

  it('keeps the English words free of Chinese and the codes out of both', () => {
    for (const r of resources)
      for (const [key, f] of fieldsOf(r.fields, r.name))
        for (const [value, label] of Object.entries(f.optionLabels ?? {})) {
          expect(label.en, `${key}=${value}`).not.toMatch(/[\u4e00-\u9fff]/);
          // A snake_case code shown as is would be the machine's word, not the operator's.
          if (/_/.test(value)) expect([label.en, label.zh_CN], `${key}=${value}`).not.toContain(value);
        }
  });
});

describe('states read at a glance', () => {
  it('give every value of a state field a tone of the one scheme', () => {
    const untoned: string[] = [];
    for (const r of resources)
      for (const [key, f] of fieldsOf(r.fields, r.name)) {
        if (f.type !== 'enum' || !/(^|_)(state|status|health|result|disposition|online)$/.test(f.name))
          continue;
        for (const value of f.options ?? [])
          if (!f.optionLabels?.[value]?.tone) untoned.push(`${key}=${value}`);
      }
    expect(untoned).toEqual([]);
  });
});

describe('state flags', () => {
  it('read as their state in both languages, with tones (online is 在线/离线, not yes/no)', () => {
    const missing: string[] = [];
    for (const r of resources)
      for (const [key, f] of fieldsOf(r.fields, r.name)) {
        if (f.type !== 'bool') continue;
        if (/^(online|pushing|pulling)$/.test(f.name) && !f.boolLabels) missing.push(key);
        for (const side of ['on', 'off'] as const) {
          const words = f.boolLabels?.[side];
          if (!words) continue;
          expect(words.en.trim(), key).not.toBe('');
          expect(words.zh_CN, key).toMatch(/[\u4e00-\u9fff]/);
          expect(words.tone, key).toBeTruthy();
        }
      }
    expect(missing).toEqual([]);
  });
});

describe('column priority', () => {
  it('names only list columns of the resource, each once', () => {
    for (const r of resources) {
      const listed = new Set(r.fields.filter((f) => f.list).map((f) => f.name));
      const named = [...(r.columns?.first ?? []), ...(r.columns?.more ?? [])];
      for (const n of named) expect(listed.has(n), `${r.name}: ${n} is not a list column`).toBe(true);
      expect(new Set(named).size, r.name).toBe(named.length);
    }
  });
});

describe('values that name a record by a field', () => {
  it('name a resource and one of its fields', async () => {
    const { resourceByName } = await import('../src/resources/index.ts');
    let seen = 0;
    for (const r of resources)
      for (const [key, f] of fieldsOf(r.fields, r.name)) {
        if (!f.names) continue;
        seen++;
        const target = resourceByName(f.names.resource);
        expect(target, key).toBeTruthy();
        expect(
          target!.fields.some((x) => x.name === f.names!.by),
          key,
        ).toBe(true);
      }
    expect(seen).toBeGreaterThan(0);
  });
});
