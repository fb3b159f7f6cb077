import { describe, expect, it } from 'vitest';
import { allButtonKeys } from '../src/menus/index.ts';
import { resources, type VerbDef, verbApplies } from '../src/resources/index.ts';

describe('verbApplies', () => {
  const accept: VerbDef = {
    name: 'accept',
    label: { en: 'Accept', zh_CN: '接单' },
    scope: 'row',
    when: { field: 'state', in: ['pending', 1] },
  };
  it('applies only to records whose field holds one of the values', () => {
    expect(verbApplies(accept, { state: 'pending' })).toBe(true);
    expect(verbApplies(accept, { state: 'delivered' })).toBe(false);
    expect(verbApplies(accept, { state: '1' })).toBe(true);
    expect(verbApplies({ ...accept, when: undefined }, {})).toBe(true);
  });
});

describe('declared verbs', () => {
  const keys = new Set(allButtonKeys());
  it('each has a button key in the menu trees and fields of its own', () => {
    for (const def of resources)
      for (const verb of def.verbs ?? []) {
        expect(keys.has(`${def.name}:${verb.name}`), `${def.name}:${verb.name}`).toBe(true);
        if (verb.when)
          expect(
            def.fields.some((f) => f.name === verb.when!.field),
            verb.name,
          ).toBe(true);
      }
  });
});

describe('a verb offered only where a field is filled', () => {
  it('applies to a call with a recording and not to one without', async () => {
    const { verbApplies } = await import('../src/resources/verbs.ts');
    const { resourceByName } = await import('../src/resources/index.ts');
    const play = resourceByName('voice:cdr')!.verbs!.find((v) => v.name === 'play')!;
    expect(verbApplies(play, { recording: 'https://gw.example/rec/1.wav' })).toBe(true);
    for (const recording of [null, undefined, '']) expect(verbApplies(play, { recording })).toBe(false);
  });
});
