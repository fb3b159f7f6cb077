import { ExportOutlined } from '@ant-design/icons';
import { homeCalls } from '@igs/contract/calls';
import { Button } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';

/** The reply of the home export: a download URL, or the URL itself. */
export function exportUrl(data: unknown): string | undefined {
  if (typeof data === 'string' && data) return data;
  if (data && typeof data === 'object' && 'url' in data && typeof data.url === 'string') return data.url;
  return undefined;
}

/** Operations mode: export the home data and open the file in a new window (spec section 7). */
export function ExportHomeButton() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    // Opened before the call so popup blockers see the user's click; pointed at the file after.
    const win = window.open('', '_blank');
    try {
      const url = exportUrl(await call(homeCalls.export, { value: 'all' }, { form: true }));
      if (url && win) win.location.href = url;
      else if (url) window.open(url, '_blank');
      else win?.close();
    } catch {
      win?.close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button type="primary" size="small" icon={<ExportOutlined />} loading={busy} onClick={onClick}>
      {t('shell.exportHome')}
    </Button>
  );
}
