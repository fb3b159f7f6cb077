import { DeleteOutlined, PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { ResourceDef } from '@igs/contract/resources';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Modal, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useFirstPageSettled } from '../../app/first-page-settled.ts';
import { i18n, useLanguage, useT } from '../../i18n/index.ts';
import { findMenu } from '../../router/menu-routes.tsx';
import { usePermissionStore } from '../../stores/permission.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import { api, type ResourceRecord, resourceKeys } from './api.ts';
import { ColumnSettings, useHiddenColumns } from './column-settings.tsx';
import { buildColumns } from './columns.tsx';
import { RouteButton } from './editor-links.tsx';
import { ExportMenu } from './export-menu.tsx';
import { ImportDialog } from './import-dialog.tsx';
import { preloadRecordForm, RecordFormDrawer } from './lazy-record-form.tsx';
import type { PageExtras } from './page-extras.ts';
import { RecordDrawer } from './record-drawer.tsx';
import { type RowAction, RowActions, rowActionsWidth } from './row-actions.tsx';
import { SearchForm } from './search-form.tsx';
import { useResourceButtons } from './use-resource-buttons.ts';
import { useResourceList } from './use-resource-list.ts';
import { rowVerbActions, toolbarVerbButtons, useHeldVerbs, useVerbRunner } from './verbs.tsx';
import './resource-page.css';
import './texts.ts';

/** Above this page size the table renders only the visible rows (antd `virtual`). */
export const VIRTUAL_ABOVE = 50;
const VIRTUAL_HEIGHT = 560;

interface FormState {
  mode: 'add' | 'edit';
  id?: number;
  /** A new key per opening: a fresh form instance, never the previous record's values. */
  key: number;
}

export interface ResourcePageProps {
  def: ResourceDef;
  /** The module's own buttons, row details and footer (page-extras.ts). */
  extras?: PageExtras;
  /** False inside a tab, whose label already names the resource. */
  showTitle?: boolean;
}

/**
 * A complete list page for one resource description: search, server-side paging and sorting,
 * column settings, create/edit drawer, delete, import and export, each action shown only when
 * its permission key is held.
 */
export function ResourcePage({ def, extras, showTitle = true }: ResourcePageProps) {
  const t = useT();
  const lang = useLanguage();
  const [modal, modalHolder] = Modal.useModal();
  const queryClient = useQueryClient();
  const can = useResourceButtons(def);
  const list = useResourceList(def);
  const sites = useSiteIds();
  const { hidden, setHidden } = useHiddenColumns(def.name, def.columns?.more);
  const [selected, setSelected] = useState<number[]>([]);
  const [form, setForm] = useState<FormState | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  // Pages of their own for add/edit and a row's links, where the role holds their routes.
  const menus = usePermissionStore((s) => s.menus);
  const editor = extras?.editor && findMenu(menus, extras.editor.path) ? extras.editor : undefined;
  const rowLinks = (row: ResourceRecord) =>
    (extras?.rowLinks?.(row) ?? []).filter((link) => findMenu(menus, link.path));
  const hasRowLinks = Boolean(extras?.rowLinks);

  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.name) });
  // The resource's own actions (accept an order, renew a subscription), where their keys are held.
  const verbs = useHeldVerbs(def);
  const verbRunner = useVerbRunner(def, modal, () => void refresh());

  // The add and edit drawer's code comes after the list (lazy-record-form.tsx), ready for a click.
  const firstPageSettled = useFirstPageSettled();
  const writable = can.add || can.edit;
  useEffect(() => {
    if (firstPageSettled && writable) preloadRecordForm();
  }, [firstPageSettled, writable]);

  const openForm = (mode: 'add' | 'edit', id?: number) => {
    setForm({ mode, id, key: Date.now() });
    setFormOpen(true);
  };

  const remove = async (ids: number[]) => {
    try {
      const { deleted } = await api.del(list.endpoint, ids, { sites });
      toast.success(t('res.deleted', { n: deleted }));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      list.afterDelete(deleted);
      await refresh();
    } catch {
      // 409 names what still uses the records; the request layer has shown it.
    }
  };

  const confirmBatchDelete = () =>
    modal.confirm({
      title: t('res.confirmBatchDelete', { n: selected.length }),
      content: t('res.deleteHint'),
      okButtonProps: { danger: true },
      okText: t('res.delete'),
      cancelText: t('res.cancel'),
      onOk: () => remove([...selected]),
    });

  const dataColumns = useMemo(
    () =>
      buildColumns(def, {
        lang,
        t,
        exists: (key) => i18n.exists(key),
        sort: list.query.sort,
        order: list.query.order,
        onOpen: (row) => setDetailId(row.id),
      }),
    [def, lang, t, list.query.sort, list.query.order],
  );
  const visible = dataColumns.filter((c) => !hidden.includes(c.key));

  const rowActions = (row: ResourceRecord): RowAction[] => [
    ...(can.edit
      ? [
          {
            key: 'edit',
            label: t('res.edit'),
            ...(editor
              ? { route: { path: editor.path, query: { [editor.param]: row.id } } }
              : { run: () => openForm('edit', row.id) }),
          },
        ]
      : []),
    ...rowVerbActions(verbs.row, row, verbRunner.run, lang),
    ...rowLinks(row).map((link) => ({
      key: `link-${link.key}`,
      label: t(link.label),
      route: { path: link.path, query: link.query },
    })),
    ...(can.del
      ? [
          {
            key: 'delete',
            label: t('res.delete'),
            danger: true,
            run: () => void remove([row.id]),
            confirm: {
              title: t('res.confirmDelete'),
              description: t('res.deleteHint'),
              okText: t('res.delete'),
              cancelText: t('res.cancel'),
            },
          },
        ]
      : []),
  ];
  // The column is as wide as the widest row's inline links: the labels of every action a row may
  // have, in the order rows show them.
  const widestLabels = [
    ...(can.edit ? [t('res.edit')] : []),
    ...verbs.row.map((v) => v.label[lang]),
    ...(hasRowLinks ? [t('res.more')] : []),
    ...(can.del ? [t('res.delete')] : []),
  ];
  const actions: ColumnType<ResourceRecord> | null =
    can.edit || can.del || hasRowLinks || verbs.row.length
      ? {
          key: '__actions',
          title: t('res.actions'),
          width: rowActionsWidth(widestLabels, t('res.more'), lang === 'zh_CN'),
          fixed: 'right',
          render: (_: unknown, row: ResourceRecord) => <RowActions actions={rowActions(row)} modal={modal} />,
        }
      : null;
  const columns = actions ? [...visible, actions] : visible;
  const virtual = list.query.limit > VIRTUAL_ABOVE;
  // The virtual table needs a numeric width to lay out its fixed columns.
  const scrollX = columns.reduce((sum, c) => sum + Number(c.width ?? 160), 0) + (can.del ? 48 : 0);
  const selectable = can.del || can.export || verbs.batch.length > 0;

  return (
    <div className="resource-page">
      {modalHolder}
      {verbRunner.dialog}
      <SearchForm def={def} onSearch={list.search} />
      <Flex className="resource-toolbar" justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          {showTitle && (
            <Typography.Title level={5} className="resource-title">
              {def.title[lang]}
            </Typography.Title>
          )}
          {can.add &&
            (editor ? (
              <RouteButton type="primary" icon={<PlusOutlined />} path={editor.path}>
                {t('res.add')}
              </RouteButton>
            ) : (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm('add')}>
                {t('res.add')}
              </Button>
            ))}
          {can.del && (
            <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={confirmBatchDelete}>
              {t('res.batchDelete')}
            </Button>
          )}
          {can.import && (
            <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
              {t('res.import')}
            </Button>
          )}
          {can.export && (
            <ExportMenu
              def={def}
              criteria={{ filter: list.query.filter, keyword: list.query.keyword }}
              selectedIds={selected}
            />
          )}
          {toolbarVerbButtons(verbs.batch, verbs.page, selected, verbRunner.run, lang)}
          {extras?.toolbar?.({
            selectedIds: selected,
            filter: list.query.filter,
            keyword: list.query.keyword,
            refresh: () => void refresh(),
          })}
          {selected.length > 0 && (
            <Typography.Text type="secondary">{t('res.selected', { n: selected.length })}</Typography.Text>
          )}
        </Space>
        <Space>
          <Tooltip title={t('res.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('res.refresh')}
              loading={list.isFetching}
              onClick={() => void refresh()}
            />
          </Tooltip>
          <ColumnSettings
            columns={dataColumns.map((c) => ({ key: c.key, title: String(c.title) }))}
            hidden={hidden}
            onChange={setHidden}
          />
        </Space>
      </Flex>
      <Table<ResourceRecord>
        className="resource-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        virtual={virtual}
        expandable={
          extras?.expandedRow
            ? { expandedRowRender: (row) => extras.expandedRow?.({ id: row.id }) }
            : undefined
        }
        scroll={virtual ? { x: scrollX, y: VIRTUAL_HEIGHT } : { x: 'max-content' }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setSelected(keys.map(Number)),
              }
            : undefined
        }
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const order = s?.order === 'ascend' ? 'asc' : s?.order === 'descend' ? 'desc' : undefined;
          list.sortBy(s?.columnKey === undefined ? undefined : String(s.columnKey), order);
        }}
        pagination={{
          current: list.query.page,
          pageSize: list.query.limit,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100, 200],
          // Past the bound the server counts exactly, its figure is an estimate and reads so.
          showTotal: (n) => t(list.data?.estimated ? 'res.totalAbout' : 'res.total', { n }),
          onChange: list.paginate,
        }}
      />
      {extras?.footer?.()}
      {form && (
        <RecordFormDrawer
          key={form.key}
          def={def}
          mode={form.mode}
          id={form.id}
          open={formOpen}
          onClose={() => setFormOpen(false)}
          afterClose={() => setForm(null)}
          onSaved={() => void refresh()}
        />
      )}
      <RecordDrawer def={def} id={detailId} onClose={() => setDetailId(null)} related={extras?.related} />
      {can.import && (
        <ImportDialog
          def={def}
          open={importOpen}
          onClose={() => setImportOpen(false)}
          onImported={() => void refresh()}
        />
      )}
    </div>
  );
}
