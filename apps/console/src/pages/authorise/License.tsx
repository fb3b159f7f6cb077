import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { licenceCalls } from '@igs/contract/calls';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Progress,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { banner, type LicenceDetail, uncoveredInstances, usagePercent } from './license-logic.ts';
import './license-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';

/** authorise/License: the licence in force, its limits with current usage, import and machine code. */
export default function License() {
  const t = useT();
  const canImport = useHasButton('authorise:license:import');
  const canExport = useHasButton('authorise:license:export');
  const { data: d, refetch } = useScopedQuery({
    queryKey: ['authorise', 'license'],
    queryFn: ({ sites }) => call(licenceCalls.detail, {}, { loading: false, sites }),
  });

  const importFile = async (file: File) => {
    const r = await call(licenceCalls.import, {}, { files: { file } });
    toast.success(t('licence.imported', { serial: r.serial_no }));
    await refetch();
  };

  const exportRequest = async () => {
    const r = await call(licenceCalls.export, {});
    window.open(r.url, '_blank');
  };

  if (!d) return null;
  const b = banner(d);
  const bannerText =
    b.text === 'warning' ? d.warning : b.text === 'reason' ? d.reason : t(`licence.state.${d.state}`);
  const licensed = d.state !== 'evaluation' && d.state !== 'unlicensed';
  const uncovered = uncoveredInstances(d);

  return (
    <Flex vertical gap={16} className="licence-page">
      <Alert type={b.type} showIcon title={bannerText} data-testid="licence-banner" />
      {uncovered.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="licence-uncovered"
          title={t('licence.uncovered', {
            n: uncovered.length,
            hosts: uncovered.map((i) => `${i.hostname} (${i.machine_code})`).join(', '),
          })}
        />
      )}
      <Flex gap={8} wrap>
        {canImport && (
          <Upload
            accept=".json,.lic,.txt"
            showUploadList={false}
            maxCount={1}
            beforeUpload={(file) => {
              void importFile(file).catch(() => {});
              return false;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />}>
              {t('licence.import')}
            </Button>
          </Upload>
        )}
        {canExport && (
          <Button icon={<DownloadOutlined />} onClick={() => void exportRequest()}>
            {t('licence.export')}
          </Button>
        )}
      </Flex>
      <Card size="small">
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered>
          <Descriptions.Item label={t('licence.product')}>{d.product}</Descriptions.Item>
          <Descriptions.Item label={t('licence.version')}>
            {d.version} ({d.build})
          </Descriptions.Item>
          <Descriptions.Item label={t('licence.thisMachine')}>
            {d.this_machine_code ? (
              <Typography.Text copyable code>
                {d.this_machine_code}
              </Typography.Text>
            ) : (
              <Typography.Text type="danger">{d.machine_code_error}</Typography.Text>
            )}
          </Descriptions.Item>
          {licensed && (
            <Descriptions.Item
              label={t(d.machine_codes.length > 1 ? 'licence.machineCodes' : 'licence.machineCode')}
            >
              <Space wrap size={4}>
                {d.machine_codes.map((c) => (
                  <Typography.Text key={c} code>
                    {c}
                  </Typography.Text>
                ))}
              </Space>
            </Descriptions.Item>
          )}
          {licensed && <Descriptions.Item label={t('licence.serialNo')}>{d.serial_no}</Descriptions.Item>}
          {licensed && <Descriptions.Item label={t('licence.customer')}>{d.customer}</Descriptions.Item>}
          {licensed && <Descriptions.Item label={t('licence.issuedAt')}>{d.issued_at}</Descriptions.Item>}
          {licensed && (
            <Descriptions.Item label={t('licence.expiresAt')}>
              {d.expires_at || t('licence.never')}
              {d.days_left !== null && d.days_left >= 0 && (
                <Typography.Text type="secondary">
                  {' '}
                  · {t('licence.daysLeft', { n: d.days_left })}
                </Typography.Text>
              )}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card size="small" title={t('licence.instances')} data-testid="licence-instances">
        <Typography.Paragraph type="secondary">{t('licence.instancesHint')}</Typography.Paragraph>
        <Table
          rowKey="machine_code"
          size="small"
          pagination={false}
          dataSource={d.instances}
          columns={[
            {
              title: t('licence.instance.host'),
              dataIndex: 'hostname',
              render: (h: string, r: LicenceDetail['instances'][number]) => (
                <Space size={4}>
                  {h}
                  {r.this_instance && <Tag color="blue">{t('licence.instance.this')}</Tag>}
                </Space>
              ),
            },
            {
              title: t('licence.instance.machineCode'),
              dataIndex: 'machine_code',
              render: (c: string) => (
                <Typography.Text copyable code>
                  {c}
                </Typography.Text>
              ),
            },
            { title: t('licence.instance.version'), dataIndex: 'version' },
            { title: t('licence.instance.lastSeen'), dataIndex: 'last_seen_at' },
            {
              title: t('licence.instance.status'),
              dataIndex: 'current',
              render: (current: boolean) =>
                current ? (
                  <Tag color="green">{t('licence.instance.running')}</Tag>
                ) : (
                  <Tag>{t('licence.instance.gone')}</Tag>
                ),
            },
            {
              title: t('licence.instance.licence'),
              dataIndex: 'covered',
              render: (covered: boolean) =>
                d.machine_codes.length === 0 ? (
                  <Tag>{t('licence.instance.noLicence')}</Tag>
                ) : covered ? (
                  <Tag color="green">{t('licence.instance.covered')}</Tag>
                ) : (
                  <Tag color="red">{t('licence.instance.notCovered')}</Tag>
                ),
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('licence.modules')}>
        <Space wrap>
          {d.areas.map((a) => (
            <Tag key={a.key} color={d.modules.includes(a.key) ? 'green' : 'default'}>
              {a.name}
            </Tag>
          ))}
        </Space>
      </Card>
      <Card size="small" title={t('licence.limits')}>
        <Table
          rowKey="key"
          size="small"
          pagination={false}
          dataSource={d.limits}
          columns={[
            { title: '', dataIndex: 'key', render: (k: string) => t(`licence.limit.${k}`) },
            {
              title: t('licence.limit'),
              dataIndex: 'limit',
              render: (v: number | null) => (v === null ? t('licence.unlimited') : v),
            },
            {
              title: t('licence.usage'),
              dataIndex: 'usage',
              render: (v: number | null) => (v === null ? t('licence.unknown') : v),
            },
            {
              title: '',
              key: 'bar',
              width: 200,
              render: (_: unknown, r: LicenceDetail['limits'][number]) => {
                const p = usagePercent(r.limit, r.usage);
                return p === null ? null : (
                  <Progress percent={p} size="small" status={p >= 100 ? 'exception' : 'normal'} />
                );
              },
            },
          ]}
        />
      </Card>
    </Flex>
  );
}
