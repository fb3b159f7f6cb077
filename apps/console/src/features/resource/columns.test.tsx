import { type FieldDef, type ResourceDef, resourceByName } from '@igs/contract/resources';
import { describe, expect, it } from 'vitest';
import { boolLabel, buildColumns, type ColumnContext, enumLabel, isSortable, widthOf } from './columns.tsx';

const dict: Record<string, string> = {
  'res.createdAt': 'Created',
  'res.on': 'Enabled',
  'res.off': 'Disabled',
  'res.yes': 'Yes',
  'res.no': 'No',
  'res.enum.type.hls': 'HLS stream',
  'res.enum.media:live.type.camera': 'CCTV camera',
};
const ctx: ColumnContext = {
  lang: 'en',
  t: (key) => dict[key] ?? key,
  exists: (key) => key in dict,
};

const def: ResourceDef = {
  name: 'test:thing',
  endpoint: '/admin.php/test/thing',
  table: 'test_thing',
  title: { en: 'Thing', zh_CN: '东西' },
  fields: [
    { name: 'name', type: 'str', label: { en: 'Name', zh_CN: '名称' }, list: true },
    { name: 'secret', type: 'pwd', label: { en: 'Secret', zh_CN: '密码' } },
    { name: 'count', type: 'int', label: { en: 'Count', zh_CN: '数量' }, list: true },
    { name: 'hidden_int', type: 'int', label: { en: 'Hidden', zh_CN: '隐藏' } },
    { name: 'day', type: 'date', label: { en: 'Day', zh_CN: '日期' }, list: true },
    { name: 'at', type: 'dt', label: { en: 'At', zh_CN: '时间' }, list: true },
    { name: 'ip', type: 'ip', label: { en: 'IP', zh_CN: 'IP' }, list: true },
    { name: 'sort', type: 'int', label: { en: 'Sort', zh_CN: '排序' }, list: true },
    { name: 'enabled', type: 'bool', label: { en: 'Enabled', zh_CN: '启用' }, list: true },
  ],
};

describe('buildColumns', () => {
  it('has the list fields in description order, then created_at', () => {
    const keys = buildColumns(def, ctx).map((c) => c.key);
    expect(keys).toEqual(['name', 'count', 'day', 'at', 'ip', 'sort', 'enabled', 'created_at']);
  });

  it('shows a registry record its id first (the number operations calls name), sortable', () => {
    const columns = buildColumns({ ...def, registry: true }, ctx);
    expect(columns.map((c) => c.key).slice(0, 2)).toEqual(['id', 'name']);
    expect(columns[0]!.sorter).toBe(true);
  });

  it('marks int/num/date/dt/time list columns, sort and created_at as sortable, and nothing else', () => {
    const sortable = buildColumns(def, ctx)
      .filter((c) => c.sorter)
      .map((c) => c.key);
    expect(sortable).toEqual(['count', 'day', 'at', 'sort', 'created_at']);
  });

  it('titles columns by the label in the language and reflects the current sort', () => {
    const cols = buildColumns(def, { ...ctx, lang: 'zh_CN', sort: 'count', order: 'desc' });
    expect(cols.map((c) => c.title)).toContain('数量');
    expect(cols.find((c) => c.key === 'count')?.sortOrder).toBe('descend');
    expect(cols.find((c) => c.key === 'day')?.sortOrder).toBeNull();
  });

  it('matches the server whitelist for the real descriptions', () => {
    const program = resourceByName('media:live')!;
    const cols = buildColumns(program, ctx);
    expect(cols.map((c) => c.key)).toEqual([
      'number',
      'logo_url',
      'name',
      'name_en',
      'health',
      'category_ids',
      'url',
      'tvg_id',
      'type',
      'enabled',
      'sort',
      'created_at',
    ]);
    expect(cols.filter((c) => c.sorter).map((c) => c.key)).toEqual(['number', 'sort', 'created_at']);
  });
});

describe('value labels', () => {
  const program = resourceByName('media:live')!;
  const type = program.fields.find((f) => f.name === 'type')!;

  it('reads enum values by the words the contract gives them, in the language', () => {
    expect(enumLabel(program, type, 'camera', ctx)).toBe(type.optionLabels!.camera!.en);
    expect(enumLabel(program, type, 'camera', { ...ctx, lang: 'zh_CN' })).toBe(
      type.optionLabels!.camera!.zh_CN,
    );
    expect(enumLabel(program, type, 'camera', { ...ctx, lang: 'zh_CN' })).toMatch(/[\u4e00-\u9fff]/);
  });

  it('puts the states right after the identity, the rest in description order', () => {
    const stateful: ResourceDef = {
      ...def,
      fields: [
        { name: 'number', type: 'int', label: { en: 'No.', zh_CN: '编号' }, list: true },
        { name: 'name', type: 'str', label: { en: 'Name', zh_CN: '名称' }, list: true },
        { name: 'ip', type: 'ip', label: { en: 'IP', zh_CN: 'IP' }, list: true },
        {
          name: 'state',
          type: 'enum',
          label: { en: 'State', zh_CN: '状态' },
          list: true,
          options: ['online', 'offline'],
          optionLabels: {
            online: { en: 'Online', zh_CN: '在线', tone: 'success' },
            offline: { en: 'Offline', zh_CN: '离线', tone: 'error' },
          },
        },
      ],
    };
    expect(buildColumns(stateful, ctx).map((c) => c.key)).toEqual([
      'number',
      'name',
      'state',
      'ip',
      'created_at',
    ]);
  });

  it('reads enabled as enabled/disabled and other flags as yes/no', () => {
    const enabled = { name: 'enabled' } as FieldDef;
    const free = { name: 'is_free' } as FieldDef;
    expect([boolLabel(enabled, true, ctx.t), boolLabel(enabled, false, ctx.t)]).toEqual([
      'Enabled',
      'Disabled',
    ]);
    expect([boolLabel(free, true, ctx.t), boolLabel(free, false, ctx.t)]).toEqual(['Yes', 'No']);
    expect(isSortable(free)).toBe(false);
  });
});

describe('column priority of the description', () => {
  it('shows what an operator reads first, first, and hides the secondary columns until asked', async () => {
    const { listFieldsInOrder } = await import('./columns.tsx');
    const { readHidden, columnsStorageKey } = await import('./column-settings.tsx');
    const device = resourceByName('tr069:device')!;
    expect(
      listFieldsInOrder(device)
        .slice(0, 6)
        .map((f) => f.name),
    ).toEqual(['serial_number', 'model', 'online', 'ip', 'software_version', 'last_inform']);
    localStorage.removeItem(columnsStorageKey(device.name));
    expect(readHidden(device.name, device.columns?.more)).toContain('oui');
    // Once the operator has chosen (here: show all), the choice stands.
    localStorage.setItem(columnsStorageKey(device.name), '[]');
    expect(readHidden(device.name, device.columns?.more)).toEqual([]);
  });
});

describe('texts kept in both languages', () => {
  it('read in English in the English console where the English one has no column', () => {
    const epg = resourceByName('media:epg')!;
    const title = buildColumns(epg, ctx).find((c) => c.key === 'title')!;
    const row = { id: 1, title: '新闻联播', title_en: 'Evening news' };
    expect(title.render?.('新闻联播', row as never, 0)).toBe('Evening news');
    expect(title.render?.('新闻联播', { ...row, title_en: '' } as never, 0)).toBe('新闻联播');
    const zh = buildColumns(epg, { ...ctx, lang: 'zh_CN' }).find((c) => c.key === 'title')!;
    expect(zh.render?.('新闻联播', row as never, 0)).toBe('新闻联播');
  });
});

describe('column widths', () => {
  it('gives a code of a fixed number of digits room to be read on one line', () => {
    const channel = resourceByName('video:gb_channel')!;
    const id = channel.fields.find((f) => f.name === 'channel_id')!;
    const name = channel.fields.find((f) => f.name === 'name')!;
    // 20 digits of about 8.5 px each, and the cell's padding.
    expect(widthOf(id)).toBeGreaterThanOrEqual(20 * 8.5 + 32);
    expect(widthOf(name)).toBe(160);
  });
});
