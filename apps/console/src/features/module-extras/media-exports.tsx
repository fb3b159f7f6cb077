import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { request } from '../../request/index.ts';
import { useHasButton } from '../../stores/permission.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import { useModePath } from './mode-endpoint.ts';
import './module-extras-texts.ts';

export interface ExportScope {
  /** The list's current filter and keyword, or the selected ids: what the export covers. */
  filter?: Record<string, unknown>;
  keyword?: string;
  ids?: number[];
}

function ExportButton({
  path,
  method,
  buttonKey,
  label,
  scope,
}: {
  path: string;
  method: string;
  buttonKey: string;
  label: string;
  scope: ExportScope;
}) {
  const allowed = useHasButton(buttonKey);
  const sites = useSiteIds();
  const [busy, setBusy] = useState(false);
  if (!allowed) return null;
  const run = async () => {
    setBusy(true);
    try {
      const body: Record<string, unknown> = {
        method,
        filter: scope.filter ?? {},
        keyword: scope.keyword ?? '',
      };
      if (scope.ids?.length) body.ids = scope.ids;
      const r = await request<{ url: string }>(path, body, { sites });
      window.open(r.url, '_blank');
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {label}
    </Button>
  );
}

/** media/LiveProgram (and its operations twin): the programmes as an M3U playlist (`media:live:export`). */
export function M3uExportButton(scope: ExportScope) {
  const t = useT();
  const path = useModePath('/admin.php/media/live');
  return (
    <ExportButton
      path={path}
      method="export_m3u"
      buttonKey="media:live:export"
      label={t('mx.export.m3u')}
      scope={scope}
    />
  );
}

/** media/Epg: the programme guide as XMLTV (`media:epg:export`); EPG has no operations twin. */
export function XmltvExportButton(scope: ExportScope) {
  const t = useT();
  return (
    <ExportButton
      path="/admin.php/media/epg"
      method="export_xmltv"
      buttonKey="media:epg:export"
      label={t('mx.export.xmltv')}
      scope={scope}
    />
  );
}
