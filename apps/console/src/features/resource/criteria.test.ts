import type { ResourceDef } from '@igs/contract/resources';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toCriteria } from './criteria.ts';

const def: ResourceDef = {
  name: 'test:thing',
  endpoint: '/admin.php/test/thing',
  table: 'test_thing',
  title: { en: 'Thing', zh_CN: '东西' },
  fields: [
    { name: 'name', type: 'str', label: { en: 'Name', zh_CN: '名称' }, filter: true, keyword: true },
    { name: 'count', type: 'int', label: { en: 'Count', zh_CN: '数量' }, filter: true },
    { name: 'day', type: 'date', label: { en: 'Day', zh_CN: '日期' }, filter: true },
    { name: 'at', type: 'dt', label: { en: 'At', zh_CN: '时间' }, filter: true },
    { name: 'kind', type: 'enum', options: ['a', 'b'], label: { en: 'Kind', zh_CN: '类型' }, filter: true },
    { name: 'enabled', type: 'bool', label: { en: 'On', zh_CN: '启用' }, filter: true },
    { name: 'note', type: 'str', label: { en: 'Note', zh_CN: '备注' } },
  ],
};

describe('toCriteria', () => {
  it('turns the search form into the list filter and keyword, leaving empty entries out', () => {
    expect(
      toCriteria(def, {
        keyword: '  news ',
        filter: {
          name: ' x ',
          count: [1, null],
          day: [dayjs('2025-01-01'), dayjs('2025-01-31')],
          at: [dayjs('2025-02-01'), dayjs('2025-02-02')],
          kind: [],
          enabled: 0,
          note: 'not a filter',
        },
      }),
    ).toEqual({
      keyword: 'news',
      filter: {
        name: 'x',
        count: [1, null],
        day: ['2025-01-01', '2025-01-31'],
        at: ['2025-02-01 00:00:00', '2025-02-02 23:59:59'],
        enabled: 0,
      },
    });
  });

  it('sends nothing for an untouched form', () => {
    expect(toCriteria(def, { filter: { count: [null, null], name: '  ', kind: undefined } })).toEqual({
      filter: {},
      keyword: '',
    });
  });
});
