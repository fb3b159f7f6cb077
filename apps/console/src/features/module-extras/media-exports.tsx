import { DownloadOutlined } from '@ant-design/icons';
import { m3uExportCall, mediaCalls } from '@igs/contract/calls';
import { Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
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
  def,
  buttonKey,
  label,
  scope,
}: {
  /** The export call: the M3U playlist of this mode's endpoint, or the XMLTV guide. */
  def: typeof mediaCalls.xmltv;
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
      const r = await call(
        def,
        {
          filter: scope.filter ?? {},
          keyword: scope.keyword ?? '',
          ...(scope.ids?.length ? { ids: scope.ids } : {}),
        },
        { sites },
      );
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
      def={m3uExportCall(path)}
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
      def={mediaCalls.xmltv}
      buttonKey="media:epg:export"
      label={t('mx.export.xmltv')}
      scope={scope}
    />
  );
}
