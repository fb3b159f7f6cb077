import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Popover, Tooltip } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import './texts.ts';

export const columnsStorageKey = (resource: string) => `igs.resource.columns.${resource}`;

/**
 * Hidden columns are stored (not shown ones), so a column added to the description later appears
 * by default. Until the operator chooses, the description's secondary columns (`columns.more`) are
 * hidden. Storage failures (private mode, quota) only lose the preference.
 */
export function readHidden(resource: string, defaults: readonly string[] = []): string[] {
  try {
    const stored = localStorage.getItem(columnsStorageKey(resource));
    if (stored === null) return [...defaults];
    const raw = JSON.parse(stored);
    return Array.isArray(raw) ? raw.filter((k): k is string => typeof k === 'string') : [...defaults];
  } catch {
    return [...defaults];
  }
}

function writeHidden(resource: string, hidden: readonly string[]): void {
  try {
    localStorage.setItem(columnsStorageKey(resource), JSON.stringify(hidden));
  } catch {
    // The preference is a convenience; the table works without it.
  }
}

/** Hidden column keys of one resource, remembered in localStorage. */
export function useHiddenColumns(resource: string, defaults: readonly string[] = []) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(resource, defaults));
  const update = (next: string[]) => {
    setHidden(next);
    writeHidden(resource, next);
  };
  return { hidden, setHidden: update };
}

export interface ColumnSettingsProps {
  columns: readonly { key: string; title: string }[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
}

/** A popover of checkboxes, one per data column; at least one column stays shown. */
export function ColumnSettings({ columns, hidden, onChange }: ColumnSettingsProps) {
  const t = useT();
  const shown = columns.filter((c) => !hidden.includes(c.key));
  const content = (
    <Flex vertical gap={4} style={{ minWidth: 160 }}>
      {columns.map((c) => {
        const visible = !hidden.includes(c.key);
        return (
          <Checkbox
            key={c.key}
            checked={visible}
            disabled={visible && shown.length === 1}
            onChange={(e) =>
              onChange(e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key])
            }
          >
            {c.title}
          </Checkbox>
        );
      })}
      <Divider style={{ margin: '4px 0' }} />
      <Button size="small" type="link" disabled={!hidden.length} onClick={() => onChange([])}>
        {t('res.columnsReset')}
      </Button>
    </Flex>
  );
  return (
    <Popover trigger="click" placement="bottomRight" content={content} title={t('res.columns')}>
      <Tooltip title={t('res.columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('res.columns')} />
      </Tooltip>
    </Popover>
  );
}
