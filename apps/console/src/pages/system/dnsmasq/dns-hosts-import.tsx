import { UploadOutlined } from '@ant-design/icons';
import { resourceCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Modal, Upload } from 'antd';
import { useState } from 'react';
import { toast } from '../../../app/feedback.ts';
import { useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { useHasButton } from '../../../stores/permission.ts';
import './dnsmasq-texts.ts';

/**
 * Imports host records from an /etc/hosts file (DOMAIN 2.9 system/Dns I/O) through the records'
 * import call with format `hosts`: all or nothing, each bad line reported.
 */
export function HostsImport({ endpoint, resource }: { endpoint: string; resource: string }) {
  const t = useT();
  const client = useQueryClient();
  const can = useHasButton(`${resource}:import`);
  const [busy, setBusy] = useState(false);
  const [modal, holder] = Modal.useModal();
  if (!can) return null;
  const send = async (file: File) => {
    setBusy(true);
    try {
      const r = await call(
        resourceCalls(endpoint).import,
        { format: 'hosts', mode: 'append' },
        { files: { file } },
      );
      if (r.errors.length)
        modal.error({
          title: t('dns.hostsRefused'),
          content: (
            <ul>
              {r.errors.slice(0, 20).map((e) => (
                <li key={`${e.line}-${e.field}`}>{t('dns.hostsError', { line: e.line, msg: e.msg })}</li>
              ))}
            </ul>
          ),
        });
      else {
        toast.success(t('dns.hostsImported', { n: r.inserted }));
        void client.invalidateQueries({ queryKey: ['resource', resource] });
      }
    } catch {
      // shown by the request layer
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {holder}
      <Upload
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('dns.importHosts')}
        </Button>
      </Upload>
    </>
  );
}
