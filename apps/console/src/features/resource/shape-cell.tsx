import type { Lang } from '@igs/contract';
import { type FieldDef, formatUnit, type ResourceDef } from '@igs/contract/resources';
import { Badge, Image, Popover, Space, Table, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useLanguage, useT } from '../../i18n/index.ts';
import { EMPTY, FileCell, RefCell } from './cells.tsx';
import { useNamedValues } from './use-named-values.ts';
import './texts.ts';

/** The antd Tag colour of a state's tone (the one scheme of types.ts Tone). */
export function toneOf(field: FieldDef, value: unknown) {
  return field.optionLabels?.[String(value)]?.tone;
}

/** An enum value's words in the language, the raw value only where the description has none. */
export function optionWords(field: FieldDef, value: unknown, lang: Lang): string {
  return field.optionLabels?.[String(value)]?.[lang] ?? String(value);
}

/** An enum value as a tag: coloured by its tone when it is a state. */
export function EnumTag({ field, value }: { field: FieldDef; value: unknown }) {
  const lang = useLanguage();
  return <Tag color={toneOf(field, value) ?? 'default'}>{optionWords(field, value, lang)}</Tag>;
}

function isEmpty(v: unknown): boolean {
  return v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
}

/** A value that names a record by a field (an agent's extension): the value and that record's name. */
export function NamedValue({ field, value }: { field: FieldDef; value: unknown }) {
  const { names } = useNamedValues(field);
  const name = names.get(String(value));
  return <>{name ? `${String(value)} ${name}` : String(value)}</>;
}

/** One value of a part of a json shape (a dial pattern's prefix, a queue member, a poster). */
export function PartValue({ def, field, value }: { def: ResourceDef; field: FieldDef; value: unknown }) {
  const t = useT();
  if (field.type === 'ref' || field.type === 'refs')
    return <RefCell refName={field.ref} value={value} owner={{ def, field: field.name }} />;
  if (field.type === 'file') return <FileCell value={value} />;
  if (isEmpty(value)) return <>{EMPTY}</>;
  if (field.type === 'enum') return <EnumTag field={field} value={value} />;
  if (field.type === 'bool')
    return <>{t(value === 1 || value === true || value === '1' ? 'res.yes' : 'res.no')}</>;
  if (field.unit && typeof value === 'number') return <>{formatUnit(field.unit, value)}</>;
  if (field.names) return <NamedValue field={field} value={value} />;
  if (field.type === 'json') return <ShapeCell def={def} field={field} value={value} />;
  if (typeof value === 'object') return <JsonSummary value={value} />;
  return <>{String(value)}</>;
}

/**
 * A json value without a shape: single values as tags, a structure by its size. It is never shown
 * as JSON text (issue 13); a field that holds a structure an operator edits gets a shape.
 */
export function JsonSummary({ value }: { value: unknown }) {
  const t = useT();
  if (isEmpty(value)) return <>{EMPTY}</>;
  if (Array.isArray(value)) {
    if (value.every((v) => v === null || typeof v !== 'object'))
      return (
        <Space size={[0, 4]} wrap>
          {value.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat
            <Tag key={i}>{String(v)}</Tag>
          ))}
        </Space>
      );
    return <Typography.Text type="secondary">{t('res.items', { count: value.length })}</Typography.Text>;
  }
  if (typeof value === 'object')
    return (
      <Typography.Text type="secondary">
        {t('res.items', { count: Object.keys(value as object).length })}
      </Typography.Text>
    );
  return <>{String(value)}</>;
}

/** Rows of a structure as a small table (the cell's popover, the detail drawer). */
export function RowsTable({
  def,
  parts,
  rows,
}: {
  def: ResourceDef;
  parts: readonly FieldDef[];
  rows: unknown[];
}) {
  const lang = useLanguage();
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(_, i) => String(i)}
      dataSource={rows.map((r) => (r && typeof r === 'object' ? (r as Record<string, unknown>) : {}))}
      columns={parts.map((p) => ({
        key: p.name,
        title: p.label[lang],
        dataIndex: p.name,
        render: (v: unknown) => <PartValue def={def} field={p} value={v} />,
      }))}
    />
  );
}

/** How many rows a cell shows before "and n more" opens the full table. */
const ROWS_IN_CELL = 2;

/**
 * A json field with a shape, readable in a cell: a list as tags (names of referenced records,
 * labelled codes, thumbnails of files), rows as short lines with the full table a click away, an
 * object as "label: value" pairs.
 */
export function ShapeCell({ def, field, value }: { def: ResourceDef; field: FieldDef; value: unknown }) {
  const t = useT();
  const lang = useLanguage();
  const shape = field.shape;
  if (!shape) return <JsonSummary value={value} />;
  if (isEmpty(value)) return <>{EMPTY}</>;
  if (shape.kind === 'list') {
    if (!Array.isArray(value)) return <JsonSummary value={value} />;
    const of = shape.of;
    if (of.type === 'ref' || of.type === 'refs')
      return <PartValue def={def} field={{ ...of, type: 'refs' }} value={value} />;
    if (of.type === 'file')
      return (
        <Image.PreviewGroup>
          <Space size={4} wrap>
            {value.map((v) => (
              <FileCell key={String(v)} value={v} />
            ))}
          </Space>
        </Image.PreviewGroup>
      );
    return (
      <Space size={[0, 4]} wrap>
        {value.map((v, i) =>
          of.type === 'enum' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat
            <EnumTag key={i} field={of} value={v} />
          ) : of.names ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat
            <Tag key={i}>
              <NamedValue field={of} value={v} />
            </Tag>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat
            <Tag key={i}>{of.unit && typeof v === 'number' ? formatUnit(of.unit, v) : String(v)}</Tag>
          ),
        )}
      </Space>
    );
  }
  if (shape.kind === 'object') {
    if (typeof value !== 'object' || Array.isArray(value)) return <JsonSummary value={value} />;
    const record = value as Record<string, unknown>;
    const shown = shape.fields.filter((p) => !isEmpty(record[p.name]));
    if (!shown.length) return <>{EMPTY}</>;
    // A live state the server keeps (a queue's callers and agents) reads as a badge: busy while
    // any of its counts is above zero.
    const live = field.readonly && shape.fields.every((p) => p.type === 'int' || p.type === 'num');
    const busy = live && shown.some((p) => Number(record[p.name]) > 0);
    return (
      <Space size={[8, 4]} wrap>
        {live ? <Badge status={busy ? 'processing' : 'default'} /> : null}
        {shown.map((p) => (
          <span key={p.name}>
            <Typography.Text type="secondary">{p.label[lang]}: </Typography.Text>
            <PartValue def={def} field={p} value={record[p.name]} />
          </span>
        ))}
      </Space>
    );
  }
  if (!Array.isArray(value)) return <JsonSummary value={value} />;
  const lines: ReactNode[] = value.slice(0, ROWS_IN_CELL).map((row, i) => {
    const r = row && typeof row === 'object' ? (row as Record<string, unknown>) : {};
    const parts = shape.fields.filter((p) => !isEmpty(r[p.name]));
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
      <div key={i} className="shape-cell-row">
        {parts.map((p, j) => (
          <span key={p.name}>
            {j > 0 ? ' · ' : ''}
            <PartValue def={def} field={p} value={r[p.name]} />
          </span>
        ))}
      </div>
    );
  });
  return (
    <Popover
      title={field.label[lang]}
      content={<RowsTable def={def} parts={shape.fields} rows={value} />}
      trigger="click"
    >
      <div style={{ cursor: 'pointer' }}>
        {lines}
        {value.length > ROWS_IN_CELL ? (
          <Typography.Link>{t('res.moreRows', { count: value.length - ROWS_IN_CELL })}</Typography.Link>
        ) : null}
      </div>
    </Popover>
  );
}
