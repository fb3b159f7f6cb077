import { Select } from 'antd';
import type { SiteChoice } from './site-options.ts';

/**
 * A picker over the site registry (no free numbers): searchable by name or id, virtual so that
 * thousands of sites stay quick, selected sites folded into a count.
 */
export function SitePicker({
  value,
  onChange,
  choices,
  loading,
  disabled,
}: {
  value?: number[];
  onChange?: (value: number[]) => void;
  choices: SiteChoice[];
  loading?: boolean;
  disabled?: boolean;
}) {
  return (
    <Select<number[]>
      mode="multiple"
      value={value}
      onChange={onChange}
      options={choices}
      loading={loading}
      disabled={disabled}
      showSearch
      optionFilterProp="label"
      maxTagCount="responsive"
      allowClear
      virtual
    />
  );
}
