import type { FieldDef, ResourceDef } from '@igs/contract/resources';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useLanguage, useT } from '../../i18n/index.ts';
import { RangePicker } from '../date-pickers/lazy-pickers.tsx';
import { boolLabel } from './columns.tsx';
import { filterFields, keywordFields, type SearchValues, toCriteria } from './criteria.ts';
import { enumOptions, inOperationsMode } from './field-options.ts';
import { useRefOptions } from './use-ref-options.ts';
import type { Criteria } from './use-resource-list.ts';
import './texts.ts';

function RefFilter({
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
      mode="multiple"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      maxTagCount="responsive"
      loading={loading}
      options={options}
      placeholder={t('res.all')}
      style={{ width: 200 }}
    />
  );
}

/** One filter control by field type. */
function FilterControl({ def, field }: { def: ResourceDef; field: FieldDef }) {
  const t = useT();
  const lang = useLanguage();
  const label = field.label[lang];
  const name = ['filter', field.name];
  switch (field.type) {
    case 'bool':
      return (
        <Form.Item name={name} label={label}>
          <Select
            allowClear
            placeholder={t('res.all')}
            style={{ width: 110 }}
            options={[1, 0].map((v) => ({ value: v, label: boolLabel(field, v === 1, t, lang) }))}
          />
        </Form.Item>
      );
    case 'enum':
    case 'enums':
      return (
        <Form.Item name={name} label={label}>
          <Select
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            placeholder={t('res.all')}
            style={{ width: 200 }}
            options={enumOptions(def, field, t, inOperationsMode())}
          />
        </Form.Item>
      );
    case 'ref':
    case 'refs':
      return (
        <Form.Item name={name} label={label}>
          <RefFilter def={def} field={field} />
        </Form.Item>
      );
    case 'int':
    case 'num':
      return (
        <Form.Item label={label}>
          <Space.Compact>
            <Form.Item name={[...name, 0]} noStyle>
              <InputNumber
                placeholder={t('res.from')}
                min={field.min}
                max={field.max}
                style={{ width: 100 }}
              />
            </Form.Item>
            <Form.Item name={[...name, 1]} noStyle>
              <InputNumber placeholder={t('res.to')} min={field.min} max={field.max} style={{ width: 100 }} />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      );
    case 'date':
    case 'dt':
      return (
        <Form.Item name={name} label={label}>
          <RangePicker />
        </Form.Item>
      );
    case 'time':
      return (
        <Form.Item name={name} label={label}>
          <RangePicker picker="time" format="HH:mm" />
        </Form.Item>
      );
    default:
      return (
        <Form.Item name={name} label={label}>
          <Input allowClear placeholder={t('res.input')} style={{ width: 160 }} />
        </Form.Item>
      );
  }
}

export interface SearchFormProps {
  def: ResourceDef;
  onSearch: (criteria: Criteria) => void;
}

/** The list's search form: the `filter` fields of the description, and a keyword box if any field has `keyword`. */
export function SearchForm({ def, onSearch }: SearchFormProps) {
  const t = useT();
  const lang = useLanguage();
  const [form] = Form.useForm<SearchValues>();
  const filters = filterFields(def);
  const keywords = keywordFields(def);
  if (!filters.length && !keywords.length) return null;
  return (
    <Form
      form={form}
      layout="inline"
      className="resource-search"
      onFinish={(values) => onSearch(toCriteria(def, values))}
    >
      {keywords.length > 0 && (
        <Form.Item name="keyword" label={t('res.keyword')}>
          <Input
            allowClear
            style={{ width: 200 }}
            placeholder={t('res.keywordHint', {
              fields: keywords.map((f) => f.label[lang]).join(lang === 'zh_CN' ? '、' : ', '),
            })}
          />
        </Form.Item>
      )}
      {filters.map((field) => (
        <FilterControl key={field.name} def={def} field={field} />
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('res.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({ filter: {}, keyword: '' });
            }}
          >
            {t('res.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
