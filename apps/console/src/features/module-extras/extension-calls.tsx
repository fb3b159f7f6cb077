import { type ExtensionCall, voiceRecordCalls } from '@igs/contract/calls';
import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { Table, Typography } from 'antd';
import { i18n, useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { resourceKeys } from '../resource/api.ts';
import { type ColumnContext, renderValue } from '../resource/columns.tsx';
import './record-views-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

/**
 * An extension's latest calls in its detail drawer (issue 13 item 2): made or taken, from the
 * call records (`voice/cdr` `history`), shown as the call record list shows them. A role without
 * the call records page is refused by the server, and the section is left out.
 */

const cdr = resourceByName('voice:cdr') as ResourceDef;
const COLUMNS = ['start', 'src', 'dst', 'disposition', 'billsec', 'direction'];
const ROWS = 10;

export function ExtensionCalls({ extension }: { extension: string }) {
  const t = useT();
  const lang = useLanguage();
  const ctx: ColumnContext = { lang, t, exists: (k) => i18n.exists(k) };
  const valid = /^\d{1,16}$/.test(extension);
  const { data, isError, isLoading } = useScopedQuery({
    queryKey: [...resourceKeys.all(cdr.name), 'history', extension],
    queryFn: ({ sites }) =>
      call(voiceRecordCalls.cdrHistory, { extension, limit: ROWS }, { loading: false, silent: true, sites }),
    enabled: valid,
    retry: false,
  });
  if (!valid || isError) return null;
  const columns = COLUMNS.map((name) => cdr.fields.find((f) => f.name === name)!).map((f) => ({
    key: f.name,
    title: f.label[lang],
    dataIndex: f.name,
    render: (v: unknown) => renderValue(cdr, f, v, ctx),
  }));
  return (
    <section className="record-drawer-related">
      <Typography.Title level={5}>
        {t('rv.extCalls.title')}
        {data ? <Typography.Text type="secondary"> ({data.total})</Typography.Text> : null}
      </Typography.Title>
      <Table<ExtensionCall>
        size="small"
        rowKey="id"
        loading={isLoading}
        pagination={false}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('rv.extCalls.none') }}
      />
    </section>
  );
}
