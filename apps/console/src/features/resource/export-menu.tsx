import { DownloadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@igs/contract/resources';
import { Button, Dropdown } from 'antd';
import { useT } from '../../i18n/index.ts';
import { api, useEndpoint } from './api.ts';
import type { Criteria } from './use-resource-list.ts';
import './texts.ts';

export interface ExportMenuProps {
  def: ResourceDef;
  /** The list's current search: the export holds what the list shows, every page of it. */
  criteria: Criteria;
  /** Selected rows: when any, only they are exported. */
  selectedIds: readonly number[];
}

/**
 * Export as CSV or JSON (the description's formats). The server answers with a single-use
 * download URL that is opened in a new window (DOMAIN 3.2); errors were toasted by the request layer.
 */
export function ExportMenu({ def, criteria, selectedIds }: ExportMenuProps) {
  const t = useT();
  const endpoint = useEndpoint(def);
  const formats = def.io?.export ?? [];
  if (!formats.length) return null;

  const run = async (format: 'csv' | 'json') => {
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
              label: t(f === 'csv' ? 'res.exportCsv' : 'res.exportJson'),
            })),
          },
        ],
        onClick: ({ key }) => void run(key as 'csv' | 'json').catch(() => {}),
      }}
    >
      <Button icon={<DownloadOutlined />}>{t('res.export')}</Button>
    </Dropdown>
  );
}
