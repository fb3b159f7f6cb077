import { type FieldDef, fromUnitInput, type ResourceDef, toUnitInput } from '@igs/contract/resources';
import { Form, type FormItemProps, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { type ReactNode, useEffect } from 'react';
import { useLanguage, useT } from '../../i18n/index.ts';
import { DatePicker, TimePicker } from '../date-pickers/lazy-pickers.tsx';
import { hasCronField, loadCronCheck } from './cron-check.ts';
import { enumOptions, inOperationsMode } from './field-options.ts';
import { FileUpload } from './file-upload.tsx';
import { DATE_FORMATS } from './form-values.ts';
import { RefByControl } from './ref-by.tsx';
import { ShapeControl } from './shape-control.tsx';
import { useRefOptions } from './use-ref-options.ts';
import './texts.ts';

// The stored formats are parsed strictly: `HH:mm` is not an ISO string.
dayjs.extend(customParseFormat);

const PLACEHOLDER: Partial<Record<FieldDef['type'], string>> = {
  url: 'udp://239.0.0.1:1234',
  ip: '192.168.1.10',
  cidr: '192.168.1.0/24',
  mac: '00:11:22:aa:bb:cc',
  host: 'example.com',
  cron: '0 5 * * *',
  json: '{ }',
};

function RefSelect({
  def,
  field,
  ...rest
}: {
  def: ResourceDef;
  field: FieldDef;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
  const t = useT();
  const { options, loading } = useRefOptions(field.ref, { def, field: field.name });
  return (
    <Select
      {...rest}
      mode={field.type === 'refs' ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={options}
      placeholder={t('res.select')}
    />
  );
}

/**
 * Pickers work with Dayjs; the form keeps the API's strings, so the schema validates exactly what
 * is sent. An unparsable stored value shows empty rather than "Invalid Date".
 */
function dateProps(format: string): Pick<FormItemProps, 'getValueProps' | 'normalize'> {
  return {
    getValueProps: (v: unknown) => {
      const d = typeof v === 'string' && v ? dayjs(v, format, true) : null;
      return { value: d?.isValid() ? d : null };
    },
    normalize: (d: Dayjs | null) => (d ? d.format(format) : ''),
  };
}

/** Switches hold booleans; the API and the schema use 0/1. */
const boolProps: Pick<FormItemProps, 'getValueProps' | 'normalize' | 'valuePropName'> = {
  valuePropName: 'checked',
  getValueProps: (v: unknown) => ({ checked: v === 1 || v === true || v === '1' }),
  normalize: (checked: boolean) => (checked ? 1 : 0),
};

/** Money is stored in fen and typed in yuan (¥38.00). */
const moneyProps: Pick<FormItemProps, 'getValueProps' | 'normalize'> = {
  getValueProps: (v: unknown) => ({ value: typeof v === 'number' ? toUnitInput('fen', v) : v }),
  normalize: (yuan: number | null) => (typeof yuan === 'number' ? fromUnitInput('fen', yuan) : yuan),
};

/** The control of one field by its type, and the Form.Item props that control needs. */
function controlOf(
  def: ResourceDef,
  field: FieldDef,
  mode: 'add' | 'edit',
  t: ReturnType<typeof useT>,
): { control: ReactNode; item?: Partial<FormItemProps> } {
  const input = t('res.input');
  switch (field.type) {
    case 'text':
    case 'html':
      return { control: <Input.TextArea rows={4} placeholder={input} /> };
    case 'json':
      if (field.refBy) return { control: <RefByControl def={def} field={field} /> };
      if (field.shape) return { control: <ShapeControl def={def} field={field} /> };
      return {
        control: (
          <Input.TextArea
            rows={6}
            placeholder={field.example ?? PLACEHOLDER.json}
            style={{ fontFamily: 'monospace' }}
          />
        ),
      };
    case 'int':
    case 'num':
      if (field.unit === 'fen')
        return {
          control: (
            <InputNumber
              min={toUnitInput('fen', field.min ?? 0)}
              max={field.max === undefined ? undefined : toUnitInput('fen', field.max)}
              precision={2}
              prefix="¥"
              placeholder={input}
              style={{ width: '100%' }}
            />
          ),
          item: moneyProps,
        };
      return {
        control: (
          <InputNumber
            min={field.min}
            max={field.max}
            precision={field.type === 'int' ? 0 : undefined}
            placeholder={input}
            style={{ width: '100%' }}
          />
        ),
      };
    case 'bool':
      return { control: <Switch />, item: boolProps };
    case 'enum':
    case 'enums':
      return {
        control: (
          <Select
            mode={field.type === 'enums' ? 'multiple' : undefined}
            allowClear={!field.required}
            placeholder={t('res.select')}
            options={enumOptions(def, field, t, inOperationsMode())}
          />
        ),
      };
    case 'ref':
    case 'refs':
      return { control: <RefSelect def={def} field={field} /> };
    case 'date':
      return { control: <DatePicker style={{ width: '100%' }} />, item: dateProps(DATE_FORMATS.date!) };
    case 'dt':
      return {
        control: <DatePicker showTime style={{ width: '100%' }} />,
        item: dateProps(DATE_FORMATS.dt!),
      };
    case 'time':
      return {
        control: <TimePicker format={DATE_FORMATS.time} style={{ width: '100%' }} />,
        item: dateProps(DATE_FORMATS.time!),
      };
    case 'pwd':
      return {
        control: (
          <Input.Password
            autoComplete="new-password"
            placeholder={mode === 'edit' ? t('res.pwdKeep') : input}
          />
        ),
      };
    case 'file':
      return { control: <FileUpload field={field} /> };
    default:
      // str, ip, cidr, mac, host, url, cron: text, checked by the schema's format rules.
      return {
        control: <Input allowClear placeholder={field.placeholder ?? PLACEHOLDER[field.type] ?? input} />,
      };
  }
}

export interface FieldControlProps {
  def: ResourceDef;
  field: FieldDef;
  mode: 'add' | 'edit';
}

/**
 * One form field. There are no antd rules: the contract's zod schema is the one validator (run on
 * submit), so the console and the server refuse the same input with the same words. `required`
 * only draws the marker, so it follows the schema: a secret may always be left empty (on add the
 * server generates or leaves it, on edit the stored one stays), so it is never marked.
 */
export function FieldControl({ def, field, mode }: FieldControlProps) {
  const t = useT();
  const lang = useLanguage();
  const { control, item } = controlOf(def, field, mode, t);
  // A cron field (or a structured one with a cron part) loads the cron check while it is filled in,
  // so that the submit has it at once; forms without one never load it (cron-check.ts).
  const cron = hasCronField([field]);
  useEffect(() => {
    if (cron) loadCronCheck().catch(() => undefined);
  }, [cron]);
  return (
    <Form.Item
      name={field.name}
      label={field.label[lang]}
      required={Boolean(field.required) && field.type !== 'pwd'}
      {...item}
    >
      {control}
    </Form.Item>
  );
}
