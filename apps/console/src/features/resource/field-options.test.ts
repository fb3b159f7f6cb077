import { OPERATIONS_JOB_TYPES } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { describe, expect, it } from 'vitest';
import { enumOptions } from './field-options.ts';

const task = resourceByName('system:timed_task')!;
const type = task.fields.find((f) => f.name === 'type')!;
const t = (key: string) => key;

describe('enum options', () => {
  it('offers every value in full mode and only the operations values in operations mode', () => {
    expect(enumOptions(task, type, t).map((o) => o.value)).toEqual(type.options);
    expect(enumOptions(task, type, t, true).map((o) => o.value)).toEqual([...OPERATIONS_JOB_TYPES]);
  });

  it('a field without operations values offers the same in both modes', () => {
    const enabled = resourceByName('media:live')!.fields.find((f) => f.name === 'type')!;
    expect(enumOptions(task, enabled, t, true)).toEqual(enumOptions(task, enabled, t));
  });
});
