import { DownloadOutlined } from '@ant-design/icons';
import { FILE_FORMATS, type ResourceDef } from '@igs/contract/resources';
import { Button, Dropdown } from 'antd';
import { useLanguage, useT } from '../../i18n/index.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
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

/**
 * The formats offered: the description's, in its order (CSV, JSON, a module's own such as vCard),
 * plus XLSX, which the server writes for every resource that exports
 * (platform/resources/actions.ts), placed right after CSV so the spreadsheet formats come first.
 */
export function exportFormats(def: ResourceDef): ExportFormat[] {
  const own = (def.io?.export ?? []).filter((f) => f !== 'xlsx');
  if (!own.length) return [];
  const at = own.indexOf('csv') + 1;
  return [...own.slice(0, at), 'xlsx', ...own.slice(at)];
}

/**
 * Export in the offered formats. The server answers with a single-use download URL that is opened
 * in a new window (DOMAIN 3.2), and names the file (`voice_contact-….vcf`); errors were toasted
 * by the request layer.
 */
export function ExportMenu({ def, criteria, selectedIds }: ExportMenuProps) {
  const t = useT();
  const lang = useLanguage();
  const endpoint = useEndpoint(def);
  const sites = useSiteIds();
  const formats = exportFormats(def);
  if (!formats.length) return null;

  const run = async (format: ExportFormat) => {
    const { url } = await api.export(
      endpoint,
      {
        format,
        filter: criteria.filter,
        keyword: criteria.keyword,
        ...(selectedIds.length ? { ids: [...selectedIds] } : {}),
      },
      { sites },
    );
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
              label: FILE_FORMATS[f].label[lang],
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
