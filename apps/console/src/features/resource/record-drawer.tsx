import { type FieldDef, type ResourceDef, referencesTo } from '@igs/contract/resources';
import { Descriptions, Drawer, Empty, Flex, Skeleton, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { i18n, useLanguage, useT } from '../../i18n/index.ts';
import { useUserStore } from '../../stores/user.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { api, endpointOf, type ResourceRecord, resourceKeys, useEndpoint } from './api.ts';
import { type ColumnContext, listFieldsInOrder, renderValue } from './columns.tsx';
import { RowsTable } from './shape-cell.tsx';
import './texts.ts';

/** How many related records the drawer lists per kind (the list page has the rest). */
const RELATED_ROWS = 10;

/**
 * The words a record is known by: its name (the English one in English), else its first listed
 * value when that is plain text or a labelled choice, else the resource's title and its number.
 */
export function recordTitle(def: ResourceDef, record: ResourceRecord, lang: 'en' | 'zh_CN'): string {
  const named =
    lang === 'en' && typeof record.name_en === 'string' && record.name_en ? record.name_en : record.name;
  if (typeof named === 'string' && named) return named;
  const first = listFieldsInOrder(def)[0];
  const value = first ? record[first.name] : undefined;
  if (first && value !== null && value !== undefined && value !== '') {
    if (first.type === 'enum') return first.optionLabels?.[String(value)]?.[lang] ?? String(value);
    if (['str', 'int', 'ip', 'mac', 'host', 'dt', 'date'].includes(first.type)) return String(value);
  }
  return `${def.title[lang]} #${record.id}`;
}

/**
 * Records of other resources that name this one (an extension's calls, a package's subscribers),
 * asked of their own list with the reference as a filter. A role that may not read them gets a
 * refusal, and the section is left out: the server decides, the drawer follows.
 */
function RelatedRecords({
  source,
  field,
  id,
  ctx,
}: {
  source: ResourceDef;
  field: string;
  id: number;
  ctx: ColumnContext;
}) {
  const isOperations = useUserStore((s) => s.isOperations);
  const endpoint = endpointOf(source, isOperations);
  const query = { page: 1, limit: RELATED_ROWS, keyword: '', filter: { [field]: id } };
  const { data, isError, isLoading } = useScopedQuery({
    queryKey: resourceKeys.list(source.name, endpoint, query),
    queryFn: ({ sites }) => api.list(endpoint, query, { silent: true, sites }),
    retry: false,
  });
  if (isError || (isOperations === 1 && !source.opsEndpoint)) return null;
  // Four columns of who and how: a logo (a fetch a row) has no place in this short table.
  const columns = listFieldsInOrder(source)
    .filter((f) => f.name !== field && !f.thumbnail)
    .slice(0, 4)
    .map((f) => ({
      key: f.name,
      title: f.label[ctx.lang],
      dataIndex: f.name,
      render: (v: unknown, row: ResourceRecord) => renderValue(source, f, v, ctx, row),
    }));
  return (
    <section className="record-drawer-related">
      <Typography.Title level={5}>
        {source.title[ctx.lang]}
        {data ? <Typography.Text type="secondary"> ({data.total})</Typography.Text> : null}
      </Typography.Title>
      <Table<ResourceRecord>
        size="small"
        rowKey="id"
        loading={isLoading}
        pagination={false}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
      />
    </section>
  );
}

function fieldValue(def: ResourceDef, f: FieldDef, record: ResourceRecord, ctx: ColumnContext): ReactNode {
  const v = record[f.name];
  if (f.type === 'json' && f.shape?.kind === 'rows' && Array.isArray(v) && v.length)
    return <RowsTable def={def} parts={f.shape.fields} rows={v} />;
  return renderValue(def, f, v, ctx, record);
}

export interface RecordDrawerProps {
  def: ResourceDef;
  id: number | null;
  onClose: () => void;
  /** A module's own related sections (a device's parameters and faults), under the fields. */
  related?: (record: ResourceRecord) => ReactNode;
}

/**
 * Everything about one record, opened from its name in the list: its fields grouped (what it is
 * and how it is, its structures, its times), then the records that name it.
 */
export function RecordDrawer({ def, id, onClose, related }: RecordDrawerProps) {
  const t = useT();
  const lang = useLanguage();
  const endpoint = useEndpoint(def);
  const { data: record, isLoading } = useScopedQuery({
    queryKey: resourceKeys.detail(def.name, endpoint, id ?? 0),
    queryFn: ({ sites }) => api.detail(endpoint, id!, { sites }),
    enabled: id !== null,
  });
  const ctx: ColumnContext = { lang, t, exists: (key) => i18n.exists(key) };
  const shown = def.fields.filter((f) => f.type !== 'pwd');
  const listed = listFieldsInOrder(def);
  const main = [
    ...listed,
    ...shown.filter((f) => !f.list && f.type !== 'json' && !listed.includes(f)),
  ].filter((f) => f.type !== 'json');
  const structures = shown.filter((f) => f.type === 'json');
  const referrers = id === null ? [] : referencesTo(def.name).filter((r) => !r.resource.editedIn);

  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      title={record ? <span data-record-name>{recordTitle(def, record, lang)}</span> : def.title[lang]}
      destroyOnHidden
    >
      {isLoading || !record ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={24}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
            {main.map((f) => (
              <Descriptions.Item key={f.name} label={f.label[lang]}>
                {fieldValue(def, f, record, ctx)}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {structures.length > 0 && (
            <Descriptions bordered size="small" column={1} layout="vertical">
              {structures.map((f) => (
                <Descriptions.Item key={f.name} label={f.label[lang]}>
                  {fieldValue(def, f, record, ctx)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          <Descriptions size="small" column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label={t('res.createdAt')}>
              {String(record.created_at ?? '—')}
            </Descriptions.Item>
            <Descriptions.Item label={t('res.updatedAt')}>
              {String(record.updated_at ?? '—')}
            </Descriptions.Item>
          </Descriptions>
          {related?.(record)}
          {referrers.map((r) => (
            <RelatedRecords
              key={`${r.resource.name}.${r.field}`}
              source={r.resource}
              field={r.field}
              id={record.id}
              ctx={ctx}
            />
          ))}
          {structures.length === 0 && main.length === 0 ? <Empty /> : null}
        </Flex>
      )}
    </Drawer>
  );
}
