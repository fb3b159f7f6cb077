import { OPERATIONS_JOB_TYPES } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
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

  it("a verb's field reads by its own words in the reader's language, never its codes", async () => {
    const device = resourceByName('video:gb_device')!;
    const command = device.verbs!.find((v) => v.name === 'ptz')!.fields!.find((f) => f.name === 'command')!;
    const before = i18n.language;
    try {
      await i18n.changeLanguage('zh_CN');
      expect(enumOptions(device, command, t).slice(0, 2)).toEqual([
        { value: 'left', label: '向左' },
        { value: 'right', label: '向右' },
      ]);
      await i18n.changeLanguage('en');
      expect(enumOptions(device, command, t)[0]).toEqual({ value: 'left', label: 'Left' });
    } finally {
      await i18n.changeLanguage(before);
    }
  });
});
