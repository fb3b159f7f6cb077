import { describe, expect, it } from 'vitest';
import { flattenMenus, type MenuSeed, permissionPrefix } from '../src/menu.ts';
import {
  allButtonKeys,
  fullMenus,
  hiddenMenus,
  operationsHiddenMenus,
  operationsMenus,
} from '../src/menus/index.ts';
import {
  BUILT_IN_EXPORT_FORMATS,
  BUILT_IN_IMPORT_FORMATS,
  FILE_FORMATS,
  type FieldDef,
  isLookup,
  type ResourceDef,
  refByResource,
  resourceByName,
  resources,
  SYSTEM_COLUMNS,
} from '../src/resources/index.ts';
import { recordSchema } from '../src/resources/validation.ts';

const endpointsOf = (seeds: readonly MenuSeed[]) =>
  new Set(flattenMenus(seeds).flatMap((m) => m.endpoints ?? []));
const FULL_ENDPOINTS = endpointsOf([...fullMenus, ...hiddenMenus]);
const OPS_ENDPOINTS = endpointsOf([...operationsMenus, ...operationsHiddenMenus]);

/** A value that matches each pattern the descriptions use; a new pattern needs a sample here. */
const PATTERN_SAMPLES: Record<string, string> = {
  '^\\d+$': '1234',
  '^\\d{4,8}$': '1234',
  '^1\\d{10}$': '13800138000',
  '^(\\+[1-9]\\d{6,14}|\\d{3,15})$': '+14155550100',
  '^[A-Za-z0-9_-]+$': 'trunk_1',
  '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$': 'ops@example.com',
  '^[0-9*#]$': '1',
  '^\\d{20}$': '34020000001320000001',
  '^\\d{10}$': '3402000000',
  '^\\d{1,5}-\\d{1,5}$': '30000-30500',
  '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$': 'ap-01',
  '^(auto|[1-9]|1[0-3])$': '6',
  '^(auto|3[6-9]|[4-9]\\d|1[0-5]\\d|16[0-5])$': '149',
  '^(auto|[1-9]|[12]\\d|30)$': '20',
  '^[A-Z]{2}$': 'CN',
  '^udp://239\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}:\\d{1,5}$': 'udp://239.1.1.1:5000',
  '^#[0-9A-Fa-f]{6}$': '#FFCC00',
  '^https?://': 'https://example.com/a',
  '^[A-Za-z]+(?:/[A-Za-z0-9_+-]+){0,2}$|^UTC$': 'Asia/Shanghai',
  '^[0-9*#+]{1,32}$': '8001',
  '^_?(?=[^_]{1,64}$)(?:[0-9*#+XNZxnz.!-]|\\[[0-9*#+-]+\\])+$': '_9NXXXXXX',
};

/** A valid value of one field, from its type and rules. */
function sampleValue(f: FieldDef): unknown {
  if (f.pattern) {
    const sample = PATTERN_SAMPLES[f.pattern.source];
    if (sample === undefined) throw new Error(`no sample for pattern ${f.pattern.source} (${f.name})`);
    return sample;
  }
  switch (f.type) {
    case 'int':
    case 'num': {
      const min = f.min ?? 0;
      return Math.min(Math.max(min, 1), f.max ?? Number.MAX_SAFE_INTEGER);
    }
    case 'ref':
      return 1;
    case 'refs':
      return [1];
    case 'bool':
      return 1;
    case 'enum':
      return f.options![0];
    case 'enums':
      return [f.options![0]];
    case 'json': {
      // A json field with a shape gets a value of that shape, built from its parts' own rules.
      const shape = f.shape;
      const group = (parts: readonly FieldDef[]) =>
        Object.fromEntries(parts.map((p) => [p.name, sampleValue(p)]));
      if (!shape) return [{ sample: 1 }];
      if (shape.kind === 'list') return [sampleValue(shape.of)];
      return shape.kind === 'rows' ? [group(shape.fields)] : group(shape.fields);
    }
    case 'date':
      return '2025-03-01';
    case 'time':
      return '08:30';
    case 'dt':
      return '2025-03-01 08:30:00';
    case 'ip':
      return '192.168.1.20';
    case 'cidr':
      return '192.168.1.0/24';
    case 'mac':
      return '00:11:22:aa:bb:cc';
    case 'host':
      return 'pbx.example.com';
    case 'url':
      return 'http://example.com/live.m3u8';
    case 'cron':
      return '0 3 * * *';
    case 'file':
      return 'upload-1';
    case 'pwd':
      return 'S3cret-pass-word'.padEnd(f.min ?? 0, 'x').slice(0, f.max ?? 255);
    default:
      return 'x'.repeat(Math.max(f.min ?? 1, 1));
  }
}

function sampleRecord(def: ResourceDef): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of def.fields) if (!f.readonly) out[f.name] = sampleValue(f);
  return out;
}

const fieldsOf = (type: FieldDef['type']) =>
  resources.flatMap((r) =>
    r.fields.filter((f) => f.type === type).map((f) => [`${r.name}.${f.name}`, f] as const),
  );

describe('resource descriptions', () => {
  it('have unique names equal to the permission prefix of their endpoint', () => {
    const names = resources.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const r of resources) {
      expect(permissionPrefix(r.endpoint), r.name).toBe(r.name);
      if (r.opsEndpoint) expect(permissionPrefix(r.opsEndpoint), r.name).toBe(r.name);
    }
  });

  it('use endpoints that the menu data lists, in the matching mode', () => {
    for (const r of resources) {
      if (r.registry) {
        // The fleet registry lives in operations mode only: one endpoint, no site scope.
        expect(r.opsEndpoint, r.name).toBe(r.endpoint);
        expect(OPS_ENDPOINTS.has(r.endpoint), `${r.name}: ${r.endpoint}`).toBe(true);
        continue;
      }
      expect(r.endpoint.startsWith('/admin.php/'), r.name).toBe(true);
      expect(FULL_ENDPOINTS.has(r.endpoint), `${r.name}: ${r.endpoint}`).toBe(true);
      if (r.opsEndpoint) {
        expect(r.opsEndpoint.startsWith('/operations/'), r.name).toBe(true);
        expect(OPS_ENDPOINTS.has(r.opsEndpoint), `${r.name}: ${r.opsEndpoint}`).toBe(true);
      }
    }
  });

  it('reference only resources that exist', () => {
    for (const r of resources)
      for (const f of r.fields) {
        if (f.type === 'ref' || f.type === 'refs') {
          expect(f.ref, `${r.name}.${f.name}`).toBeTruthy();
          expect(resourceByName(f.ref!) ?? isLookup(f.ref), `${r.name}.${f.name} -> ${f.ref}`).toBeTruthy();
        } else {
          expect(f.ref, `${r.name}.${f.name}`).toBeUndefined();
        }
      }
  });

  it('name by another field only lists of ids, keyed by values that field may take, naming resources that exist', () => {
    const named = resources.flatMap((r) => r.fields.filter((f) => f.refBy).map((f) => ({ r, f })));
    expect(named.map(({ r, f }) => `${r.name}.${f.name}`).sort()).toEqual([
      'ac:timed_reboot.target_ids',
      'aiso:alarm_rule.source_ids',
      'tr069:timed_reboot.target_ids',
    ]);
    for (const { r, f } of named) {
      const where = `${r.name}.${f.name}`;
      expect(f.type, where).toBe('json');
      const by = r.fields.find((x) => x.name === f.refBy!.field);
      expect(by?.type, where).toBe('enum');
      for (const [value, target] of Object.entries(f.refBy!.resources)) {
        expect(by?.options, `${where}: ${value}`).toContain(value);
        if (target !== null) expect(resourceByName(target), `${where}: ${value} -> ${target}`).toBeDefined();
      }
    }
  });

  it('read which resource a list names from the record', () => {
    const plan = resourceByName('ac:timed_reboot')!.fields.find((f) => f.name === 'target_ids')!;
    expect(refByResource(plan, { target_type: 'ap' })).toBe('ac:ap');
    expect(refByResource(plan, { target_type: 'all' })).toBeUndefined();
    expect(refByResource(plan, { target_type: 'constructor' })).toBeUndefined();
    expect(refByResource(plan, {})).toBeUndefined();
    const cpe = resourceByName('tr069:timed_reboot')!.fields.find((f) => f.name === 'target_ids')!;
    expect(refByResource(cpe, { target_type: 'tag' })).toBeNull();
  });

  it('name an owner with a reference to it for records edited in its editor, in both modes', () => {
    const children = resources.filter((r) => r.editedIn);
    expect(children.map((r) => r.name)).toEqual(['index:scenario_resource']);
    for (const r of children) {
      const owner = resourceByName(r.editedIn!);
      expect(owner, `${r.name} -> ${r.editedIn}`).toBeDefined();
      expect(owner?.editedIn, r.name).toBeUndefined();
      expect(
        r.fields.some((f) => f.type === 'ref' && f.ref === r.editedIn && f.required),
        `${r.name} has a required reference to ${r.editedIn}`,
      ).toBe(true);
      expect(Boolean(r.opsEndpoint), r.name).toBe(Boolean(owner?.opsEndpoint));
    }
  });

  it('share with the operations sites only catalogues that operations mode cannot manage', () => {
    const shared = resources.filter((r) => r.sharedWithSites);
    expect(shared.map((r) => r.name)).toEqual(['smart:easy_template']);
    for (const r of shared) expect(r.opsEndpoint, r.name).toBeUndefined();
  });

  it('give every enum its options, with a default among them', () => {
    for (const [key, f] of [...fieldsOf('enum'), ...fieldsOf('enums')]) {
      expect(f.options?.length, key).toBeGreaterThan(0);
      expect(new Set(f.options).size, key).toBe(f.options!.length);
      if (f.default === undefined || f.default === null) continue;
      const defaults = Array.isArray(f.default) ? f.default : [f.default];
      expect(f.type === 'enums' || !Array.isArray(f.default), key).toBe(true);
      for (const d of defaults) expect(f.options, key).toContain(d);
    }
  });

  it('have unique table names and field names, and leave the system columns to the framework', () => {
    const tables = resources.map((r) => r.table);
    expect(new Set(tables).size).toBe(tables.length);
    // The server's own tables that are not resources.
    for (const t of ['terminal_events', 'shop_orders', 'users', 'roles', 'menus', 'settings', 'uploads'])
      expect(tables).not.toContain(t);
    for (const r of resources) {
      expect(r.table, r.name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/);
      const names = r.fields.map((f) => f.name);
      expect(new Set(names).size, r.name).toBe(names.length);
      for (const n of names) {
        expect(n, r.name).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(SYSTEM_COLUMNS as readonly string[], `${r.name}.${n}`).not.toContain(n);
      }
    }
  });

  it('give indexes names that are unique and fit PostgreSQL identifiers', () => {
    // The server names indexes <table>_<field>_idx / _uq; a collision would silently skip one.
    const seen = new Map<string, string>();
    for (const r of resources)
      for (const f of r.fields) {
        const base = `${r.table}_${f.name}`;
        expect(seen.get(base), `${r.name}.${f.name}`).toBeUndefined();
        seen.set(base, `${r.name}.${f.name}`);
        expect(base.length + 4, base).toBeLessThanOrEqual(63);
      }
  });

  it('label every field and resource in both languages', () => {
    for (const r of resources) {
      expect(r.title.en && r.title.zh_CN, r.name).toBeTruthy();
      for (const f of r.fields) {
        expect(f.label.en.trim(), `${r.name}.${f.name}`).not.toBe('');
        expect(f.label.zh_CN, `${r.name}.${f.name}`).toMatch(/[\u4e00-\u9fff]|^[A-Za-z0-9 .\-/()（）]+$/);
      }
    }
  });

  it('sort by and search over fields that exist', () => {
    for (const r of resources) {
      if (r.defaultSort)
        expect(
          r.fields.map((f) => f.name),
          r.name,
        ).toContain(r.defaultSort.field);
      for (const f of r.fields.filter((x) => x.keyword))
        expect(['str', 'text', 'html', 'host'], `${r.name}.${f.name}`).toContain(f.type);
      expect(
        r.fields.some((f) => f.list),
        `${r.name} has list columns`,
      ).toBe(true);
    }
  });

  it('keep writable whole numbers inside a 32-bit column', () => {
    for (const r of resources)
      for (const f of r.fields)
        if (f.type === 'int' && !f.readonly) {
          expect(f.max, `${r.name}.${f.name} needs a max`).toBeDefined();
          expect(f.max!, `${r.name}.${f.name}`).toBeLessThanOrEqual(2_147_483_647);
          expect(f.min ?? -2_147_483_648, `${r.name}.${f.name}`).toBeGreaterThanOrEqual(-2_147_483_648);
        }
  });

  it('only offer import and export in the formats the framework has', () => {
    // The built-in ones, or a module's own from the shared list (the server test voice-vcard
    // checks that each such format is registered for the resource naming it).
    const known = [...BUILT_IN_IMPORT_FORMATS, ...BUILT_IN_EXPORT_FORMATS, ...Object.keys(FILE_FORMATS)];
    for (const r of resources) {
      for (const fmt of [...(r.io?.import ?? []), ...(r.io?.export ?? [])])
        expect(known, r.name).toContain(fmt);
      if (r.readonly) expect(r.io?.import, `${r.name} is read-only`).toBeUndefined();
    }
  });

  it('offer import and export only where the menu grants their buttons', () => {
    const keys = new Set(allButtonKeys());
    for (const r of resources) {
      if (r.io?.import?.length) expect(keys.has(`${r.name}:import`), `${r.name}:import`).toBe(true);
      if (r.io?.export?.length) expect(keys.has(`${r.name}:export`), `${r.name}:export`).toBe(true);
    }
  });

  describe.each(resources.map((r) => [r.name, r] as const))('%s', (_name, def) => {
    it('accepts a generated valid record', () => {
      const r = recordSchema(def, 'add').safeParse(sampleRecord(def));
      expect(r.error?.issues ?? []).toEqual([]);
    });

    it('accepts its own defaults', () => {
      const sample = sampleRecord(def);
      for (const f of def.fields) if (!f.readonly && f.default !== undefined) sample[f.name] = f.default;
      const r = recordSchema(def, 'add').safeParse(sample);
      expect(r.error?.issues ?? []).toEqual([]);
      const filled = recordSchema(def, 'add').safeParse({});
      for (const f of def.fields)
        if (!f.readonly && f.default !== undefined && filled.success)
          expect((filled.data as Record<string, unknown>)[f.name]).toEqual(f.default);
    });

    it('refuses the record without each required field that has no default', () => {
      // A required secret (`pwd`) left empty is generated by the server, so it is not refused.
      const required = def.fields.filter(
        (f) => f.required && !f.readonly && f.default === undefined && f.type !== 'pwd',
      );
      for (const f of required) {
        const sample = sampleRecord(def);
        delete sample[f.name];
        const r = recordSchema(def, 'add').safeParse(sample);
        expect(r.success, `${def.name} without ${f.name}`).toBe(false);
        expect(r.error?.issues.map((i) => i.path[0])).toEqual([f.name]);
      }
    });

    it('ignores read-only fields sent by a client', () => {
      const sample = sampleRecord(def);
      for (const f of def.fields) if (f.readonly) sample[f.name] = sampleValue(f);
      const r = recordSchema(def, 'add').safeParse(sample);
      expect(r.success).toBe(true);
      for (const f of def.fields) if (f.readonly) expect(r.data).not.toHaveProperty(f.name);
    });
  });
});

describe('required messages', () => {
  const def = {
    name: 'test:required',
    endpoint: '/admin.php/test/required',
    table: 'test_required',
    title: { en: 'Test', zh_CN: '测试' },
    fields: [
      { name: 'name', type: 'str', label: { en: 'Name', zh_CN: '名称' }, required: true },
      {
        name: 'kind',
        type: 'enum',
        label: { en: 'Kind', zh_CN: '类型' },
        required: true,
        options: ['a', 'b'],
      },
    ],
  } as unknown as ResourceDef;
  it('asks to write a text and to choose a choice, in the reader’s language', () => {
    const messages = (lang: 'en' | 'zh_CN') => {
      const r = recordSchema(def, 'add', lang).safeParse({});
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messages('zh_CN')).toEqual(['请填写名称', '请选择类型']);
    expect(messages('en')).toEqual(['Name is required', 'Kind is required']);
  });
});
