import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import type { Dayjs } from 'dayjs';
import type { Criteria } from './use-resource-list.ts';

/** The search form's values: one entry per filter field, plus the keyword. */
export interface SearchValues {
  keyword?: string;
  filter?: Record<string, unknown>;
}

export function filterFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => f.filter);
}

export function keywordFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter((f) => f.keyword);
}

const isDayjs = (v: unknown): v is Dayjs =>
  typeof v === 'object' && v !== null && typeof (v as Dayjs).format === 'function';

/** A range picker's pair as the list's [from, to]; a dt range covers whole days. */
function range(field: FieldDef, pair: unknown): [string, string] | undefined {
  if (!Array.isArray(pair) || !isDayjs(pair[0]) || !isDayjs(pair[1])) return undefined;
  const [a, b] = pair as [Dayjs, Dayjs];
  if (field.type === 'time') return [a.format('HH:mm'), b.format('HH:mm')];
  if (field.type === 'dt')
    return [`${a.format('YYYY-MM-DD')} 00:00:00`, `${b.format('YYYY-MM-DD')} 23:59:59`];
  return [a.format('YYYY-MM-DD'), b.format('YYYY-MM-DD')];
}

/**
 * The form's values as the list call's `filter` and `keyword` (DOMAIN 3.2): text by value (the
 * server matches "contains"), numbers and dates as [from, to] with an open end as null, choices
 * as a list. Empty entries are left out so the server never sees a meaningless filter.
 */
export function toCriteria(def: ResourceDef, values: SearchValues): Criteria {
  const filter: Record<string, unknown> = {};
  for (const field of filterFields(def)) {
    const v = values.filter?.[field.name];
    if (v === undefined || v === null || v === '') continue;
    switch (field.type) {
      case 'int':
      case 'num': {
        const [from, to] = Array.isArray(v) ? v : [];
        const a = typeof from === 'number' ? from : null;
        const b = typeof to === 'number' ? to : null;
        if (a !== null || b !== null) filter[field.name] = [a, b];
        break;
      }
      case 'date':
      case 'dt':
      case 'time': {
        const r = range(field, v);
        if (r) filter[field.name] = r;
        break;
      }
      default:
        if (Array.isArray(v)) {
          if (v.length) filter[field.name] = v;
        } else if (typeof v === 'string') {
          if (v.trim()) filter[field.name] = v.trim();
        } else filter[field.name] = v;
    }
  }
  return { filter, keyword: values.keyword?.trim() ?? '' };
}
