import { type VoiceFile, voiceManagementCalls } from '@igs/contract/calls';
import { Alert, Drawer, Space, Spin, Typography } from 'antd';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import './management-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

/** One generated file's text (secrets masked by the server) with its check findings. */
export function ConfFileViewer({ file, onClose }: { file: string | null; onClose: () => void }) {
  const t = useT();
  const query = useScopedQuery({
    queryKey: ['voice', 'management', 'file', file],
    queryFn: ({ sites }) =>
      call(voiceManagementCalls.file, { file: file as VoiceFile }, { loading: false, sites }),
    enabled: file !== null,
  });
  const data = query.data;
  return (
    <Drawer open={file !== null} onClose={onClose} title={file} size="large" destroyOnHidden>
      {!data ? (
        <Spin />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {data.check.errors.map((e) => (
            <Alert key={e} type="error" showIcon title={e} />
          ))}
          {data.check.warnings.map((w) => (
            <Alert key={w} type="warning" showIcon title={w} />
          ))}
          <Typography.Text type="secondary">
            {data.same_as_disk ? t('vmgmt.sameAsDisk') : t('vmgmt.notOnDisk')} · {t('vmgmt.masked')}
          </Typography.Text>
          <pre
            className="voice-conf-text"
            style={{
              fontSize: 12,
              lineHeight: 1.5,
              background: 'rgba(0,0,0,0.04)',
              padding: 12,
              overflow: 'auto',
            }}
          >
            {data.text}
          </pre>
        </Space>
      )}
    </Drawer>
  );
}
