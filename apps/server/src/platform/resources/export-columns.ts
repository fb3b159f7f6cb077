import type { Lang } from '@igs/contract';
import { type FieldDef, formatUnit, type ResourceDef } from '@igs/contract/resources';

/** One column of a flat export (CSV, XLSX): its header and how a record fills it. */
export interface ExportColumn {
  header: string;
  value: (record: Record<string, unknown>) => unknown;
}

function words(field: FieldDef, value: unknown, lang: Lang): string {
  return field.optionLabels?.[String(value)]?.[lang] ?? String(value);
}

/**
 * The columns of a flat export: every field as the code import reads back, and beside each enum
 * its words (`<field>_label`) and beside each money field its yuan (`<field>_yuan`), in the caller's
 * language, so a spreadsheet reads as the console does. Import ignores the readable columns, as it
 * ignores every column that is not a field.
 */
export function exportColumns(def: ResourceDef, lang: Lang): ExportColumn[] {
  // A list of single values travels as a|b|c; a structure (rows, a group) as its JSON, which
  // import reads back.
  const flat = (f: FieldDef, v: unknown) => {
    if (v === null || v === undefined) return v;
    if (
      f.type === 'json' &&
      !(f.shape?.kind === 'list' && Array.isArray(v) && v.every((x) => typeof x !== 'object'))
    )
      return JSON.stringify(v);
    return Array.isArray(v) ? v.join('|') : v;
  };
  const out: ExportColumn[] = [{ header: 'id', value: (r) => r.id }];
  for (const f of def.fields) {
    if (f.type === 'pwd') continue;
    out.push({ header: f.name, value: (r) => flat(f, r[f.name]) });
    if (f.type === 'enum' || f.type === 'enums')
      out.push({
        header: `${f.name}_label`,
        value: (r) => {
          const v = r[f.name];
          if (v === null || v === undefined || v === '') return '';
          return Array.isArray(v) ? v.map((x) => words(f, x, lang)).join('|') : words(f, v, lang);
        },
      });
    else if (f.unit === 'fen')
      out.push({
        header: `${f.name}_yuan`,
        value: (r) => (typeof r[f.name] === 'number' ? formatUnit('fen', r[f.name] as number) : ''),
      });
  }
  out.push({ header: 'created_at', value: (r) => r.created_at });
  return out;
}
