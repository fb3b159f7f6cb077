import { type CpeParameter, deviceCalls } from '@igs/contract/calls';
import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { keepPreviousData } from '@tanstack/react-query';
import { Flex, Input, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { resourceKeys } from '../resource/api.ts';
import './record-views-texts.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';

/**
 * A CPE's parameters in its detail drawer (issue 13 item 2; DOMAIN 2.5 TerminalList's parameters
 * sub-view): what the CPE last reported for each path, with the value's type and when, searched by
 * path and paged by the server (`status` on tr069/device). A secret's value is not shown.
 */

const cpe = resourceByName('tr069:device') as ResourceDef;
const PAGE = 10;

/** An XSD type as a reader knows it; `xsd:` and the key of an unknown type stay in the tooltip. */
export function typeLabel(type: string, t: (k: string) => string): string {
  const key = `rv.xsd.${type.replace(/^\w+:/, '')}`;
  const text = t(key);
  return text === key ? t('rv.xsd.other') : text;
}

/** `HH:mm:ss` on the day of the last report, else `YYYY-MM-DD HH:mm`. */
export function shortTime(at: string, last: string): string {
  return at.slice(0, 10) === last.slice(0, 10) ? at.slice(11) : at.slice(0, 16);
}

export function CpeParameters({ id }: { id: number }) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const { data, isError, isFetching } = useScopedQuery({
    queryKey: [...resourceKeys.all(cpe.name), 'parameters', id, keyword, page],
    queryFn: ({ sites }) =>
      call(
        deviceCalls.cpeParameters,
        { id, keyword, page, limit: PAGE },
        { loading: false, silent: true, sites },
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });
  if (isError) return null;
  return (
    <section className="record-drawer-related">
      <Flex justify="space-between" align="baseline" wrap gap={8}>
        <Typography.Title level={5}>
          {t('rv.params.title')}
          {data ? <Typography.Text type="secondary"> ({data.total})</Typography.Text> : null}
          {data?.reported_at ? (
            <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
              {' '}
              · {t('rv.params.lastReport', { at: data.reported_at })}
            </Typography.Text>
          ) : null}
        </Typography.Title>
        <Input.Search
          allowClear
          size="small"
          style={{ width: 240 }}
          placeholder={t('rv.params.search')}
          aria-label={t('rv.params.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage(1);
          }}
        />
      </Flex>
      <Table<CpeParameter>
        size="small"
        rowKey="path"
        loading={isFetching && !data}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: keyword ? t('rv.params.noMatch') : t('rv.params.none') }}
        pagination={{
          current: page,
          pageSize: PAGE,
          total: data?.total ?? 0,
          size: 'small',
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          {
            key: 'path',
            title: t('rv.params.path'),
            dataIndex: 'path',
            render: (v: string) => (
              <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 280 }}>
                {v.replace(/^(InternetGatewayDevice|Device)\./, '')}
              </Typography.Text>
            ),
          },
          {
            key: 'value',
            title: t('rv.params.value'),
            dataIndex: 'value',
            render: (v: string | null, row) =>
              row.secret ? (
                <Typography.Text type="secondary">{t('rv.tasks.secret')}</Typography.Text>
              ) : v === '' || v === null ? (
                '—'
              ) : (
                <Typography.Text ellipsis={{ tooltip: v }} style={{ maxWidth: 180 }}>
                  {v}
                </Typography.Text>
              ),
          },
          {
            key: 'type',
            title: t('rv.params.type'),
            dataIndex: 'type',
            render: (v: string) => <Tooltip title={v}>{typeLabel(v, t)}</Tooltip>,
          },
          {
            key: 'at',
            title: t('rv.params.at'),
            dataIndex: 'updated_at',
            // The day is said once, in the title's last report; a row shows it only when it differs.
            render: (v: string) => (
              <Tooltip title={v}>
                <span style={{ whiteSpace: 'nowrap' }}>{shortTime(v, data?.reported_at ?? '')}</span>
              </Tooltip>
            ),
          },
        ]}
      />
    </section>
  );
}
