import { DownloadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@igs/contract/resources';
import { Button, Dropdown } from 'antd';
import { useT } from '../../i18n/index.ts';
import { api, type ExportFormat, useEndpoint } from './api.ts';
import type { Criteria } from './use-resource-list.ts';
import './texts.ts';

export interface ExportMenuProps {
  def: ResourceDef;
  /** The list's current search: the export holds what the list shows, every page of it. */
  criteria: Criteria;
  /** Selected rows: when any, only they are exported. */
  selectedIds: readonly number[];
}

const LABELS: Record<ExportFormat, string> = {
  csv: 'res.exportCsv',
  xlsx: 'res.exportXlsx',
  json: 'res.exportJson',
};

/**
 * The formats offered: the description's (CSV and/or JSON), plus XLSX, which the server writes
 * for every resource that exports (features/resources/actions.ts). Spreadsheet formats first.
 */
export function exportFormats(def: ResourceDef): ExportFormat[] {
  const own = def.io?.export ?? [];
  if (!own.length) return [];
  return (['csv', 'xlsx', 'json'] as const).filter((f) => f === 'xlsx' || own.includes(f));
}

/**
 * Export as CSV, XLSX or JSON. The server answers with a single-use download URL that is opened
 * in a new window (DOMAIN 3.2); errors were toasted by the request layer.
 */
export function ExportMenu({ def, criteria, selectedIds }: ExportMenuProps) {
  const t = useT();
  const endpoint = useEndpoint(def);
  const formats = exportFormats(def);
  if (!formats.length) return null;

  const run = async (format: ExportFormat) => {
    const { url } = await api.export(endpoint, {
      format,
      filter: criteria.filter,
      keyword: criteria.keyword,
      ...(selectedIds.length ? { ids: [...selectedIds] } : {}),
    });
    window.open(url, '_blank');
  };

  return (
    <Dropdown
      menu={{
        items: [
          {
            key: 'scope',
            type: 'group',
            label: selectedIds.length
              ? t('res.exportSelected', { n: selectedIds.length })
              : t('res.exportFiltered'),
            children: formats.map((f) => ({
              key: f,
              label: t(LABELS[f]),
            })),
          },
        ],
        onClick: ({ key }) => void run(key as ExportFormat).catch(() => {}),
      }}
    >
      <Button icon={<DownloadOutlined />}>{t('res.export')}</Button>
    </Dropdown>
  );
}
