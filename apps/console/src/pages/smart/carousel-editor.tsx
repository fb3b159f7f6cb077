import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { api, type ListReply, resourceKeys, useEndpoint } from '../../features/resource/api.ts';
import { EMPTY, FileCell } from '../../features/resource/cells.tsx';
import { RecordForm } from '../../features/resource/record-form.tsx';
import { useResourceButtons } from '../../features/resource/use-resource-buttons.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import {
  type CarouselItem,
  carouselQuery,
  moveItem,
  nextSort,
  renumbered,
  carouselDef as sceneResource,
} from './scene-edit-model.ts';
import './scene-edit-texts.ts';
import { scopedKey, useScopedQuery } from '../../features/sites/scoped-query.ts';
import { useSiteIds } from '../../features/sites/use-site-ids.ts';

interface ItemForm {
  mode: 'add' | 'edit';
  item?: CarouselItem;
  /** The scene, and the place: a new item goes last, an edited one keeps its own. */
  fixed: { scene_id: number; sort: number };
  key: number;
}

const label = (name: string, lang: 'en' | 'zh_CN') =>
  sceneResource.fields.find((f) => f.name === name)?.label[lang] ?? name;

/**
 * A saved scene's carousel (DOMAIN 2.8 `scenario_resource`): its items {file, duration_s, title}
 * in play order. Add and edit use the generic record drawer with the scene fixed; a move (arrows
 * or drag) shows at once and is stored by the `sort` call, and put back if the server refuses.
 */
export function CarouselEditor({ sceneId }: { sceneId: number }) {
  const t = useT();
  const lang = useLanguage();
  const queryClient = useQueryClient();
  const endpoint = useEndpoint(sceneResource);
  const can = useResourceButtons(sceneResource);
  const [form, setForm] = useState<ItemForm | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [dragging, setDragging] = useState<number | null>(null);
  const query = carouselQuery(sceneId);
  const sites = useSiteIds();
  const listKey = resourceKeys.list(sceneResource.name, endpoint, query);
  const list = useScopedQuery({
    queryKey: listKey,
    queryFn: ({ sites }) => api.list(endpoint, query, { sites }),
  });
  // The list as the cache holds it, for the optimistic move below.
  const key = scopedKey(listKey, sites);
  const items = list.data?.list ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(sceneResource.name) });

  const open = (mode: 'add' | 'edit', item?: CarouselItem) => {
    const sort = item ? Number(item.sort ?? 0) : nextSort(items);
    setForm({ mode, item, fixed: { scene_id: sceneId, sort }, key: Date.now() });
    setFormOpen(true);
  };

  const move = async (from: number, to: number) => {
    const next = renumbered(moveItem(items, from, to));
    if (next.every((item, i) => item.id === items[i]?.id)) return;
    const before = list.data;
    queryClient.setQueryData<ListReply>(key, (old) => (old ? { ...old, list: next } : old));
    try {
      await api.sort(
        endpoint,
        next.map((item) => item.id),
        { sites },
      );
      toast.success(t('sceneEdit.orderSaved'));
    } catch {
      // The request layer has shown why; show the stored order again.
      queryClient.setQueryData(key, before);
    }
    await refresh();
  };

  const remove = async (id: number) => {
    try {
      const { deleted } = await api.del(endpoint, [id], { sites });
      toast.success(t('res.deleted', { n: deleted }));
    } catch {
      // shown by the request layer
    }
    await refresh();
  };

  const columns: ColumnsType<CarouselItem> = [
    ...(can.edit
      ? [
          {
            key: 'drag',
            width: 40,
            render: () => (
              <Tooltip title={t('sceneEdit.drag')}>
                <HolderOutlined className="carousel-drag-handle" style={{ cursor: 'grab' }} />
              </Tooltip>
            ),
          },
        ]
      : []),
    {
      key: 'position',
      title: t('sceneEdit.position'),
      width: 72,
      render: (_: unknown, _row: CarouselItem, index: number) => index + 1,
    },
    {
      key: 'file',
      title: label('file', lang),
      width: 160,
      render: (_: unknown, row: CarouselItem) => <FileCell value={row.file} size={48} />,
    },
    {
      key: 'title',
      title: label('title', lang),
      render: (_: unknown, row: CarouselItem) => (row.title ? String(row.title) : EMPTY),
    },
    {
      key: 'duration_s',
      title: label('duration_s', lang),
      width: 120,
      render: (_: unknown, row: CarouselItem) =>
        row.duration_s === null || row.duration_s === undefined ? EMPTY : String(row.duration_s),
    },
    ...(can.edit || can.del
      ? [
          {
            key: 'actions',
            title: t('res.actions'),
            width: 220,
            render: (_: unknown, row: CarouselItem, index: number) => (
              <Space size="small">
                {can.edit && (
                  <>
                    <Tooltip title={t('sceneEdit.up')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowUpOutlined />}
                        aria-label={t('sceneEdit.up')}
                        disabled={index === 0}
                        onClick={() => void move(index, index - 1)}
                      />
                    </Tooltip>
                    <Tooltip title={t('sceneEdit.down')}>
                      <Button
                        size="small"
                        type="text"
                        icon={<ArrowDownOutlined />}
                        aria-label={t('sceneEdit.down')}
                        disabled={index === items.length - 1}
                        onClick={() => void move(index, index + 1)}
                      />
                    </Tooltip>
                    <Button type="link" size="small" onClick={() => open('edit', row)}>
                      {t('res.edit')}
                    </Button>
                  </>
                )}
                {can.del && (
                  <Popconfirm
                    title={t('res.confirmDelete')}
                    okButtonProps={{ danger: true }}
                    okText={t('res.delete')}
                    cancelText={t('res.cancel')}
                    onConfirm={() => remove(row.id)}
                  >
                    <Button type="link" size="small" danger>
                      {t('res.delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="carousel-editor">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('sceneEdit.carouselHint')}</Typography.Text>
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('add')}>
            {t('sceneEdit.addItem')}
          </Button>
        )}
      </Flex>
      <Table<CarouselItem>
        className="carousel-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={items}
        loading={list.isFetching}
        pagination={false}
        locale={{ emptyText: t('sceneEdit.empty') }}
        // Native drag and drop of whole rows; the arrows do the same for keyboards.
        onRow={(_row, index) =>
          can.edit && index !== undefined
            ? {
                draggable: true,
                onDragStart: (e) => {
                  setDragging(index);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(index));
                },
                onDragOver: (e) => {
                  e.preventDefault();
                  e.dataTransfer.dropEffect = 'move';
                },
                onDrop: (e) => {
                  e.preventDefault();
                  const from = dragging ?? Number(e.dataTransfer.getData('text/plain'));
                  setDragging(null);
                  if (Number.isInteger(from)) void move(from, index);
                },
                onDragEnd: () => setDragging(null),
              }
            : {}
        }
      />
      {form && (
        <RecordForm
          key={form.key}
          def={sceneResource}
          mode={form.mode}
          id={form.item?.id}
          fixed={form.fixed}
          open={formOpen}
          onClose={() => setFormOpen(false)}
          afterClose={() => setForm(null)}
          onSaved={() => void refresh()}
        />
      )}
    </div>
  );
}
