import { describe, expect, it } from 'vitest';
import { enumField, jsonField, part, type ResourceDef } from '../src/resources/index.ts';
import { recordSchema } from '../src/resources/validation.ts';

const def: ResourceDef = {
  name: 'test:route',
  endpoint: '/admin.php/test/route',
  table: 'test_route',
  title: { en: 'Route', zh_CN: '路由' },
  fields: [
    jsonField(
      'patterns',
      { en: 'Dial patterns', zh_CN: '拨号规则' },
      {
        kind: 'rows',
        fields: [
          part(
            'match',
            'str',
            { en: 'Match pattern', zh_CN: '匹配模式' },
            {
              required: true,
              pattern: { source: '^_?[0-9XZN.!]+$', message: { en: 'Not a pattern', zh_CN: '不是拨号模式' } },
            },
          ),
          part('strip', 'int', { en: 'Strip', zh_CN: '删除位数' }, { min: 0, max: 20 }),
        ],
      },
    ),
    jsonField(
      'days',
      { en: 'Days', zh_CN: '日期' },
      {
        kind: 'list',
        of: enumField(
          'day',
          { en: 'Day', zh_CN: '日' },
          { '1': { en: 'Mon', zh_CN: '周一' }, '2': { en: 'Tue', zh_CN: '周二' } },
        ),
      },
    ),
  ],
};

describe('json fields with a shape', () => {
  const schema = recordSchema(def, 'add', 'en');

  it('accept a value of the shape, keeping keys the shape does not name', () => {
    const r = schema.safeParse({
      patterns: [{ match: '_9X.', strip: '1', note: 'peer key' }],
      days: ['1', '2'],
    });
    expect(r.success).toBe(true);
    expect(r.data).toEqual({ patterns: [{ match: '_9X.', strip: 1, note: 'peer key' }], days: ['1', '2'] });
    // Numeric codes stay numbers (weekdays are stored as 1–7).
    expect(schema.safeParse({ days: [1, 2] }).data).toEqual({ days: [1, 2] });
  });

  it('refuse a bad part with the row and the part rule, in the caller language', () => {
    const r = schema.safeParse({ patterns: [{ match: '_9X.' }, { match: 'rm -rf', strip: 50 }] });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Dial patterns, row 2: Not a pattern',
      'Dial patterns, row 2: Strip must be between 0 and 20',
    ]);
    const zh = recordSchema(def, 'add', 'zh_CN').safeParse({ patterns: [{}], days: ['9'] });
    expect(zh.error?.issues.map((i) => i.message)).toEqual(
      ['请填写匹配模式']
        .map((m) => `拨号规则第1行：${m}`)
        .concat(['日期第1行：日必须是以下之一：周一、周二']),
    );
  });

  it('take the structure as JSON text, as API callers sent it before shapes were checked', () => {
    expect(schema.safeParse({ patterns: '[{"match":"_9X."}]' }).data).toEqual({
      patterns: [{ match: '_9X.' }],
    });
    expect(schema.safeParse({ patterns: 'not json' }).error?.issues.map((i) => i.message)).toEqual([
      'Dial patterns must be a list',
    ]);
  });

  it('refuse a value that is not a list where rows are expected', () => {
    const r = schema.safeParse({ patterns: { match: '9' } });
    expect(r.error?.issues.map((i) => i.message)).toEqual(['Dial patterns must be a list']);
  });
});
