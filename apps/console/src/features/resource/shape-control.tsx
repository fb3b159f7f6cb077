import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type FieldDef, fromUnitInput, type ResourceDef, toUnitInput } from '@igs/contract/resources';
import { Button, Flex, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useLanguage, useT } from '../../i18n/index.ts';
import { TimePicker } from '../date-pickers/lazy-pickers.tsx';
import { FileCell } from './cells.tsx';
import { FileUpload } from './file-upload.tsx';
import { DATE_FORMATS } from './form-values.ts';
import { optionWords } from './shape-cell.tsx';
import { useNamedValues } from './use-named-values.ts';
import { useRefOptions } from './use-ref-options.ts';
import './texts.ts';

type Row = Record<string, unknown>;

interface ControlProps<V = unknown> {
  def: ResourceDef;
  field: FieldDef;
  value?: V;
  onChange?: (value: V) => void;
}

/** Enum codes that are numbers in storage (ISO weekdays 1–7) are sent back as numbers. */
function numericCodes(field: FieldDef): boolean {
  return Boolean(field.options?.length) && (field.options ?? []).every((o) => /^\d+$/.test(o));
}

function enumSelectOptions(field: FieldDef, lang: ReturnType<typeof useLanguage>) {
  const numeric = numericCodes(field);
  return (field.options ?? []).map((o) => ({
    value: numeric ? Number(o) : o,
    label: optionWords(field, o, lang),
  }));
}

function PartRefSelect({ field, value, onChange, many }: ControlProps & { many?: boolean }) {
  const t = useT();
  const { options, loading } = useRefOptions(field.ref);
  return (
    <Select
      value={value as never}
      onChange={onChange as never}
      mode={many ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      placeholder={t('res.select')}
      style={{ minWidth: 160, width: '100%' }}
    />
  );
}

/** Picks records named by a field (extensions by number), showing their names; searchable. */
function NamedSelect({ field, value, onChange, many }: ControlProps & { many?: boolean }) {
  const t = useT();
  const { options, loading } = useNamedValues(field);
  return (
    <Select
      value={value as never}
      onChange={onChange as never}
      mode={many ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      placeholder={t('res.select')}
      style={{ minWidth: 160, width: '100%' }}
    />
  );
}

/** The control of one part of a shape, controlled by value/onChange (a cell of a rows table). */
export function PartInput({ def, field, value, onChange }: ControlProps) {
  const t = useT();
  const lang = useLanguage();
  const change = (v: unknown) => onChange?.(v);
  switch (field.type) {
    case 'int':
    case 'num':
      return (
        <InputNumber
          value={typeof value === 'number' ? toUnitInput(field.unit, value) : (value as number | null)}
          onChange={(v) => change(typeof v === 'number' ? fromUnitInput(field.unit, v) : null)}
          precision={field.unit === 'fen' ? 2 : field.type === 'int' ? 0 : undefined}
          prefix={field.unit === 'fen' ? '¥' : undefined}
          style={{ width: '100%', minWidth: 90 }}
        />
      );
    case 'bool':
      return <Switch checked={value === 1 || value === true} onChange={(on) => change(on ? 1 : 0)} />;
    case 'enum':
      return (
        <Select
          value={value as never}
          onChange={change}
          allowClear={!field.required}
          options={enumSelectOptions(field, lang)}
          placeholder={t('res.select')}
          style={{ minWidth: 120, width: '100%' }}
        />
      );
    case 'ref':
      return <PartRefSelect def={def} field={field} value={value} onChange={change} />;
    case 'refs':
      return <PartRefSelect def={def} field={field} value={value} onChange={change} many />;
    case 'time': {
      const d = typeof value === 'string' && value ? dayjs(value, DATE_FORMATS.time, true) : null;
      return (
        <TimePicker
          value={d?.isValid() ? d : null}
          format={DATE_FORMATS.time}
          onChange={(x) => change(x ? x.format(DATE_FORMATS.time) : '')}
        />
      );
    }
    case 'file':
      return <FileUpload field={field} value={(value as string | null) ?? null} onChange={change} />;
    case 'json':
      // A structure inside a structure (an IVR entry's destination, paging members' lists).
      if (field.shape) return <ShapeControl def={def} field={field} value={value} onChange={change} />;
      return (
        <Input value={typeof value === 'string' ? value : ''} onChange={(e) => change(e.target.value)} />
      );
    default:
      if (field.names) return <NamedSelect def={def} field={field} value={value} onChange={change} />;
      return (
        <Input
          value={(value as string | undefined) ?? ''}
          onChange={(e) => change(e.target.value)}
          placeholder={field.label[lang]}
          allowClear
        />
      );
  }
}

/** Rows (dial patterns, IVR entries, order items): a small table with a row per entry. */
function RowsEditor({ def, field, value, onChange }: ControlProps<Row[] | null>) {
  const t = useT();
  const lang = useLanguage();
  const shape = field.shape;
  if (shape?.kind !== 'rows') return null;
  const rows = Array.isArray(value) ? value : [];
  const set = (i: number, name: string, v: unknown) =>
    onChange?.(rows.map((r, j) => (j === i ? { ...r, [name]: v } : r)));
  return (
    <Flex vertical gap={8}>
      <Table<Row & { _i: number }>
        size="small"
        pagination={false}
        rowKey="_i"
        dataSource={rows.map((r, i) => ({ ...r, _i: i }))}
        locale={{ emptyText: t('res.noRows') }}
        scroll={{ x: 'max-content' }}
        columns={[
          ...shape.fields.map((p) => ({
            key: p.name,
            title: (
              <span>
                {p.required ? <Typography.Text type="danger">* </Typography.Text> : null}
                {p.label[lang]}
              </span>
            ),
            render: (_: unknown, r: Row & { _i: number }) => (
              <div data-part={p.name}>
                <PartInput def={def} field={p} value={r[p.name]} onChange={(v) => set(r._i, p.name, v)} />
              </div>
            ),
          })),
          {
            key: '_remove',
            width: 48,
            render: (_: unknown, r: Row & { _i: number }) => (
              <Button
                type="text"
                danger
                aria-label={t('res.removeRow')}
                icon={<DeleteOutlined />}
                onClick={() => onChange?.(rows.filter((_x, j) => j !== r._i))}
              />
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() => {
          const blank: Row = {};
          for (const p of shape.fields) if (p.default !== undefined) blank[p.name] = p.default;
          onChange?.([...rows, blank]);
        }}
      >
        {t('res.addRow')}
      </Button>
    </Flex>
  );
}

/** Files of a list (goods images): thumbnails with remove, and an upload that adds one more. */
function FileListEditor({ field, value, onChange }: ControlProps<string[] | null>) {
  const t = useT();
  const files = Array.isArray(value) ? value : [];
  const of = field.shape?.kind === 'list' ? field.shape.of : field;
  const limit = field.max;
  return (
    <Flex vertical gap={8}>
      <Space wrap>
        {files.map((id) => (
          <Space key={id} size={2}>
            <FileCell value={id} size={64} />
            <Button
              type="text"
              danger
              aria-label={t('res.remove')}
              icon={<DeleteOutlined />}
              onClick={() => onChange?.(files.filter((f) => f !== id))}
            />
          </Space>
        ))}
      </Space>
      {limit === undefined || files.length < limit ? (
        <FileUpload field={of} value={null} onChange={(id) => id && onChange?.([...files, id])} />
      ) : null}
    </Flex>
  );
}

/**
 * The structured editor of a json field with a shape: tags or a multiple select for a list, a
 * small table for rows, a group of controls for an object. The value stays the API's structure;
 * the contract's schema checks it part by part on submit, as the server does.
 */
export function ShapeControl(props: ControlProps) {
  const { def, field, value, onChange } = props;
  const t = useT();
  const lang = useLanguage();
  const shape = field.shape;
  if (!shape) return null;
  if (shape.kind === 'rows') return <RowsEditor {...props} value={value as Row[] | null} />;
  if (shape.kind === 'object') {
    const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};
    return (
      <Flex vertical gap={8}>
        {shape.fields.map((p) => (
          <Flex key={p.name} gap={8} align="center" wrap>
            <Typography.Text style={{ minWidth: 120 }}>{p.label[lang]}</Typography.Text>
            <div style={{ flex: 1, minWidth: 160 }} data-part={p.name}>
              <PartInput
                def={def}
                field={p}
                value={record[p.name]}
                onChange={(v) => onChange?.({ ...record, [p.name]: v })}
              />
            </div>
          </Flex>
        ))}
      </Flex>
    );
  }
  const of = shape.of;
  const list = Array.isArray(value) ? value : [];
  if (of.type === 'file') return <FileListEditor {...props} value={list as string[]} />;
  if (of.type === 'ref' || of.type === 'refs')
    return <PartRefSelect def={def} field={of} value={list} onChange={onChange} many />;
  if (of.type === 'enum')
    return (
      <Select
        mode="multiple"
        value={list as never}
        onChange={onChange}
        options={enumSelectOptions(of, lang)}
        placeholder={t('res.select')}
        allowClear
      />
    );
  if (of.names) return <NamedSelect def={def} field={of} value={list.map(String)} onChange={onChange} many />;
  // Free values (numbers to exempt, tags): typed and confirmed with Enter.
  const numeric = of.type === 'int' || of.type === 'num';
  return (
    <Select
      mode="tags"
      value={list.map(String)}
      onChange={(vs: string[]) => onChange?.(numeric ? vs.map(Number).filter(Number.isFinite) : vs)}
      tokenSeparators={[',', ' ']}
      open={false}
      placeholder={t('res.tagsHint')}
    />
  );
}
