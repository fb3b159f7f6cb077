import type { Lang } from '@igs/contract';
import { type FieldDef, formatUnit, type ResourceDef } from '@igs/contract/resources';
import { Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ResourceRecord } from './api.ts';
import { EMPTY, FileCell, RefCell, ThumbnailCell } from './cells.tsx';
import { RefByCell } from './ref-by.tsx';
import { ShapeCell, toneOf } from './shape-cell.tsx';

/** Only plain keys are looked up here; interpolating texts are translated by the components. */
export type Translate = (key: string) => string;

export interface ColumnContext {
  lang: Lang;
  t: Translate;
  /** Whether a translation exists (enum labels are optional). */
  exists: (key: string) => boolean;
  sort?: string;
  order?: 'asc' | 'desc';
  /** Opens a record's detail drawer from its name (the first column). */
  onOpen?: (row: ResourceRecord) => void;
}

export type ResourceColumn = ColumnType<ResourceRecord> & { key: string };

/** The column every list has beside the described ones (DOMAIN section 0). */
export const CREATED_AT = 'created_at';

const RANGED = new Set<FieldDef['type']>(['int', 'num', 'date', 'dt', 'time']);

/** DOMAIN section 0: a list sorts by its int/date columns and by `sort` (the server's whitelist). */
export function isSortable(field: FieldDef): boolean {
  return field.name === 'sort' || (Boolean(field.list) && RANGED.has(field.type));
}

/** Enum values read through `res.enum.<resource>.<field>.<value>`, then `res.enum.<field>.<value>`, else raw. */
export function enumLabel(
  def: ResourceDef,
  field: FieldDef,
  value: string,
  ctx: Pick<ColumnContext, 't' | 'exists'> & { lang?: Lang },
): string {
  const own = ctx.lang && field.optionLabels?.[value]?.[ctx.lang];
  if (own) return own;
  for (const key of [`res.enum.${def.name}.${field.name}.${value}`, `res.enum.${field.name}.${value}`])
    if (ctx.exists(key)) return ctx.t(key);
  return value;
}

/** A state flag reads by its own words (在线/离线); `enabled` as 启用/停用; any other flag as yes/no. */
export function boolLabel(field: FieldDef, on: boolean, t: Translate, lang?: Lang): string {
  const own = lang && field.boolLabels?.[on ? 'on' : 'off'][lang];
  if (own) return own;
  if (field.name === 'enabled') return t(on ? 'res.on' : 'res.off');
  return t(on ? 'res.yes' : 'res.no');
}

const WIDTH: Partial<Record<FieldDef['type'], number>> = {
  int: 100,
  num: 110,
  bool: 90,
  enum: 120,
  date: 120,
  time: 90,
  dt: 170,
  ip: 140,
  mac: 160,
  file: 140,
  url: 240,
  refs: 200,
  text: 240,
};

/** Column width by type: the virtual table needs numbers, the normal one uses them as hints. */
export function widthOf(field: FieldDef): number {
  // A thumbnail is 32 px; a link that gives no picture is cut short with its tooltip.
  if (field.thumbnail) return 96;
  // A code of a fixed number of digits (a 20-digit GB28181 id) is read whole, on one line.
  const digits = field.pattern && /^\^\\d\{(\d+)\}\$$/.exec(field.pattern.source);
  if (digits) return Math.max(WIDTH[field.type] ?? 160, Number(digits[1]) * 9 + 34);
  return WIDTH[field.type] ?? 160;
}

/**
 * Room for a header on one line (CJK glyphs are about twice as wide), plus the cell padding and
 * the sorter icon, so "Channel number" does not wrap under a numeric column's narrow width.
 */
export function titleWidth(title: string, sortable: boolean): number {
  let text = 0;
  for (const ch of title) text += /[\u2e80-\uffff]/.test(ch) ? 14 : 8;
  return text + 34 + (sortable ? 26 : 0);
}

/** One value as its cell shows it (also the detail drawer's). */
export function renderValue(
  def: ResourceDef,
  field: FieldDef,
  value: unknown,
  ctx: ColumnContext,
  /** The whole record, for values read with another of its fields (refBy). */
  record?: Record<string, unknown>,
) {
  if (field.refBy) return <RefByCell field={field} value={value} record={record} />;
  if (field.type === 'ref' || field.type === 'refs')
    return <RefCell refName={field.ref} value={value} owner={{ def, field: field.name }} />;
  if (field.type === 'file') return <FileCell value={value} />;
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && !value.length))
    // A state nothing has reported yet is unknown, which an operator must be able to tell from a
    // state that is off.
    return isStateField(field) ? <Tag>{ctx.t('res.unknown')}</Tag> : EMPTY;
  switch (field.type) {
    case 'bool': {
      const on = value === 1 || value === true || value === '1';
      const tone = field.boolLabels?.[on ? 'on' : 'off'].tone;
      const color =
        tone ?? (field.name === 'enabled' ? (on ? 'success' : 'default') : on ? 'processing' : 'default');
      return <Tag color={color}>{boolLabel(field, on, ctx.t, ctx.lang)}</Tag>;
    }
    case 'enum': {
      const words = enumLabel(def, field, String(value), ctx);
      const tone = toneOf(field, value);
      return tone ? <Tag color={tone}>{words}</Tag> : words;
    }
    case 'enums':
      return (value as unknown[])
        .map((v) => enumLabel(def, field, String(v), ctx))
        .join(ctx.lang === 'zh_CN' ? '、' : ', ');
    case 'int':
    case 'num':
      return field.unit && typeof value === 'number' ? formatUnit(field.unit, value) : String(value);
    case 'pwd':
      return '••••••';
    case 'json':
      return <ShapeCell def={def} field={field} value={value} />;
    case 'url':
      if (field.thumbnail && typeof record?.id === 'number')
        return <ThumbnailCell def={def} field={field.name} id={record.id} link={String(value)} />;
      return textCell(field, value);
    case 'text':
    case 'html':
      return textCell(field, value);
    default:
      return String(value);
  }
}

function textCell(field: FieldDef, value: unknown) {
  return (
    <Typography.Text ellipsis={{ tooltip: String(value) }} style={{ maxWidth: widthOf(field) - 16 }}>
      {String(value)}
    </Typography.Text>
  );
}

function sortState(key: string, ctx: ColumnContext): 'ascend' | 'descend' | null {
  if (ctx.sort !== key) return null;
  return ctx.order === 'asc' ? 'ascend' : ctx.order === 'desc' ? 'descend' : null;
}

/**
 * A text the record also keeps in English (`title` beside `title_en`) reads in English in the
 * English console where the list does not show the English one in a column of its own (an EPG
 * programme's title); the Chinese one stays where the English one is empty.
 */
function inLanguage(
  def: ResourceDef,
  field: FieldDef,
  value: unknown,
  row: ResourceRecord,
  ctx: ColumnContext,
) {
  if (ctx.lang !== 'en' || field.type !== 'str') return value;
  const en = def.fields.find((f) => f.name === `${field.name}_en`);
  if (!en || en.list) return value;
  const english = row[en.name];
  return typeof english === 'string' && english ? english : value;
}

/** A state: an enum whose values carry tones (registered, answered …) or a state flag (online). */
export function isStateField(field: FieldDef): boolean {
  if (field.type === 'bool') return Boolean(field.boolLabels);
  return field.type === 'enum' && Object.values(field.optionLabels ?? {}).some((l) => l.tone);
}

/**
 * The list fields in the order a reader scans them: the record's identity (its name and what
 * precedes it, such as a channel's number; else the first listed field) first, then its states, so "who" and "how is it" are read together, then the rest in description
 * order.
 */
export function listFieldsInOrder(def: ResourceDef): FieldDef[] {
  const listed = def.fields.filter((f) => f.list);
  const first = def.columns?.first;
  if (first?.length) {
    const chosen = first
      .map((n) => listed.find((f) => f.name === n))
      .filter((f): f is FieldDef => Boolean(f));
    const others = listed.filter((f) => !chosen.includes(f));
    return [...chosen, ...others.filter(isStateField), ...others.filter((f) => !isStateField(f))];
  }
  // The identity is the name with what precedes it (a channel's number), else the first column.
  const named = listed.findIndex((f) => f.name === 'name');
  let cut = named >= 0 && named < 3 ? named + 1 : 1;
  if (listed[cut]?.name === 'name_en') cut++;
  const identity = listed.slice(0, cut);
  const rest = listed.slice(cut);
  return [...identity, ...rest.filter(isStateField), ...rest.filter((f) => !isStateField(f))];
}

/**
 * The data columns of a resource list: identity, states, the other `list` fields, then created_at.
 * Sorting is server-side, so sortable columns carry `sorter: true` and a controlled `sortOrder`.
 */
export function buildColumns(def: ResourceDef, ctx: ColumnContext): ResourceColumn[] {
  const columns: ResourceColumn[] = listFieldsInOrder(def).map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: field.label[ctx.lang],
    width: Math.max(widthOf(field), titleWidth(field.label[ctx.lang], isSortable(field))),
    sorter: isSortable(field),
    sortOrder: isSortable(field) ? sortState(field.name, ctx) : undefined,
    render: (value: unknown, row: ResourceRecord) =>
      renderValue(def, field, inLanguage(def, field, value, row, ctx), ctx, row),
  }));
  // The record's name opens its details.
  const first = columns[0];
  if (first && ctx.onOpen) {
    const open = ctx.onOpen;
    const field = listFieldsInOrder(def)[0]!;
    first.render = (value: unknown, row: ResourceRecord) => (
      <Typography.Link className="record-open" onClick={() => open(row)}>
        {renderValue(def, field, inLanguage(def, field, value, row, ctx), ctx, row)}
      </Typography.Link>
    );
  }
  // A registry record's id is the number operations calls and records use (a site's id is what
  // igs-sids names): shown first, so an operator can read it.
  if (def.registry)
    columns.unshift({
      key: 'id',
      dataIndex: 'id',
      title: ctx.t('res.id'),
      width: Math.max(90, titleWidth(ctx.t('res.id'), true)),
      sorter: true,
      sortOrder: sortState('id', ctx),
    });
  columns.push({
    key: CREATED_AT,
    dataIndex: CREATED_AT,
    title: ctx.t('res.createdAt'),
    width: Math.max(170, titleWidth(ctx.t('res.createdAt'), true)),
    sorter: true,
    sortOrder: sortState(CREATED_AT, ctx),
  });
  return columns;
}
