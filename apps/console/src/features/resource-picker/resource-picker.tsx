import {
  AndroidOutlined,
  CustomerServiceOutlined,
  DeleteOutlined,
  EditOutlined,
  FileOutlined,
  FolderAddOutlined,
  FolderFilled,
  UploadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  Breadcrumb,
  Button,
  Empty,
  Flex,
  Input,
  Modal,
  Pagination,
  Popconfirm,
  Progress,
  Select,
  Spin,
  Tag,
  Tooltip,
  Tree,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { useT } from '../../i18n/index.ts';
import { isRequestError } from '../../request/index.ts';
import { usePermissionStore } from '../../stores/permission.ts';
import { useUserStore } from '../../stores/user.ts';
import { ACCEPT, type UploadKind, uploadFile, uploadKindOfFile } from '../resource/upload.ts';
import { type UploadedFile, useUploadedFiles } from '../resource/uploaded-files.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';
import { type ExplorerEntry, explorerApi, explorerKeys, type ListQuery, pathOf } from './api.ts';
import {
  expandedFor,
  FILE_NAME_MAX,
  FOLDER_NAME_MAX,
  folderIdOfKey,
  folderKey,
  formatSize,
  nameError,
  PICKER_KINDS,
  type PickerKind,
  pickerButtons,
  pickerKindOf,
  ROOT_KEY,
  treeItems,
} from './picker-logic.ts';
import './picker-texts.ts';
import './resource-picker.css';

export interface ResourcePickerProps {
  open: boolean;
  /**
   * The field's upload kind: the library then shows that kind only and uploads as it. Without it
   * every kind is shown and an upload's kind is guessed from the file.
   */
  kind?: UploadKind;
  /** The chosen file; a `file` field stores its `id`. */
  onPick: (file: UploadedFile) => void;
  onClose: () => void;
}

const PAGE_SIZE = 40;

/**
 * The shared ResourcePicker (DOMAIN 1.2): a file explorer over the library of uploads. The folder
 * tree on the left, the folder's subfolders and files as a grid on the right, with search, a kind
 * filter (fixed to the field's kind), upload into the folder, new folder, rename and delete (each
 * shown only for its held key), and picking a file, which returns its upload id.
 */
/** The entry the picker holds: one of the folder's, or the file just uploaded (what its upload answered). */
type Selected =
  | ExplorerEntry
  | ({ type: 'file' } & Pick<UploadedFile, 'id' | 'name' | 'url' | 'mime' | 'size'>);

export default function ResourcePicker({ open, kind, onPick, onClose }: ResourcePickerProps) {
  const t = useT();
  const isOperations = useUserStore((s) => s.isOperations);
  const held = usePermissionStore((s) => s.buttons);
  const buttons = pickerButtons(held);
  const remember = useUploadedFiles((s) => s.remember);
  const queryClient = useQueryClient();
  // The page's sites, kept while its tab is hidden: uploads and writes go where the page lists.
  const sites = useSiteIds();
  const api = useMemo(() => explorerApi(isOperations, sites), [isOperations, sites]);

  const fixedKind = kind ? pickerKindOf(kind) : undefined;
  const [folderId, setFolderId] = useState(0);
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [kindFilter, setKindFilter] = useState<PickerKind | ''>('');
  const [selected, setSelected] = useState<Selected | null>(null);
  const [expanded, setExpanded] = useState<string[]>([ROOT_KEY]);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [naming, setNaming] = useState<{ entry?: ExplorerEntry } | null>(null);
  const uploads = useRef(Promise.resolve());
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);

  const query: ListQuery = {
    folder_id: folderId,
    page,
    limit: PAGE_SIZE,
    keyword,
    kind: fixedKind ?? kindFilter,
  };
  const tree = useScopedQuery({
    queryKey: explorerKeys.tree(isOperations),
    queryFn: ({ sites }) => api.tree(sites),
    enabled: open,
  });
  const list = useScopedQuery({
    queryKey: explorerKeys.list(isOperations, query),
    queryFn: ({ sites }) => api.list(query, sites),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: explorerKeys.all(isOperations) });

  const go = (id: number) => {
    setFolderId(id);
    setPage(1);
    setKeyword('');
    setSelected(null);
    if (tree.data) setExpanded((keys) => [...new Set([...keys, ...expandedFor(tree.data, id)])]);
  };

  const pick = (entry: Selected) => {
    if (entry.type !== 'file') return;
    const file: UploadedFile = {
      id: String(entry.id),
      url: entry.url ?? '',
      name: entry.name,
      size: entry.size,
      mime: entry.mime,
    };
    remember(file);
    onPick(file);
  };

  const upload = (file: File) => {
    const target = folderId;
    // One at a time, in the order chosen: each shows its own progress.
    uploads.current = uploads.current.then(async () => {
      const controller = new AbortController();
      aborter.current = controller;
      setProgress({ name: file.name, percent: 0 });
      try {
        const done = await uploadFile(
          file,
          kind ?? uploadKindOfFile(file),
          (percent) => setProgress({ name: file.name, percent }),
          {
            signal: controller.signal,
            target: {
              path: pathOf(isOperations, 'upload'),
              fields: target ? { folder_id: String(target) } : {},
            },
            sites,
          },
        );
        remember(done);
        await refresh();
        setSelected({
          type: 'file',
          id: done.id,
          name: done.name,
          url: done.url,
          mime: done.mime,
          size: done.size,
        });
      } catch (e) {
        // The request layer has shown a refusal or a network failure (and says nothing of a cancel).
        if (!controller.signal.aborted && !(isRequestError(e) && e.notified))
          toast.error((e as Error).message || t('msg.networkError'));
      } finally {
        setProgress(null);
      }
    });
  };

  const remove = async (entry: ExplorerEntry) => {
    await api.del(entry);
    if (selected?.id === entry.id) setSelected(null);
    await refresh();
  };

  const entries = list.data?.list ?? [];
  const path = list.data?.path ?? [];
  const emptyText = keyword
    ? 'picker.noMatch'
    : fixedKind || kindFilter
      ? 'picker.emptyKind'
      : 'picker.empty';

  return (
    <Modal
      open={open}
      title={t('picker.title')}
      width={1000}
      onCancel={onClose}
      className="resource-picker-modal"
      footer={
        <Flex justify="space-between" align="center" gap={8}>
          <Typography.Text type="secondary" ellipsis className="resource-picker-status">
            {selected ? t('picker.selected', { name: selected.name }) : t('picker.hint')}
          </Typography.Text>
          <Flex gap={8}>
            <Button onClick={onClose}>{t('picker.cancel')}</Button>
            <Button
              type="primary"
              disabled={selected?.type !== 'file'}
              onClick={() => selected && pick(selected)}
            >
              {t('picker.choose')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <div className="resource-picker">
        <aside className="resource-picker-tree" aria-label={t('picker.root')}>
          <Spin spinning={tree.isFetching && !tree.data}>
            <Tree
              blockNode
              showIcon
              icon={<FolderFilled className="resource-picker-folder-icon" />}
              treeData={treeItems(tree.data ?? [], t('picker.root'))}
              selectedKeys={[folderId ? folderKey(folderId) : ROOT_KEY]}
              expandedKeys={expanded}
              titleRender={(node) => (
                <span className="resource-picker-tree-title" title={String(node.title)}>
                  {String(node.title)}
                </span>
              )}
              onExpand={(keys) => setExpanded(keys.map(String))}
              onSelect={(keys) => {
                if (keys.length) go(folderIdOfKey(String(keys[0])));
              }}
            />
          </Spin>
        </aside>
        <section className="resource-picker-main">
          <Breadcrumb
            className="resource-picker-path"
            items={[
              { key: 0, title: <Typography.Link onClick={() => go(0)}>{t('picker.root')}</Typography.Link> },
              ...path.map((p, i) => ({
                key: p.id,
                title:
                  i === path.length - 1 ? (
                    p.name
                  ) : (
                    <Typography.Link onClick={() => go(p.id)}>{p.name}</Typography.Link>
                  ),
              })),
            ]}
          />
          <Flex gap={8} wrap align="center" className="resource-picker-toolbar">
            <Input.Search
              key={folderId}
              allowClear
              placeholder={t('picker.search')}
              aria-label={t('picker.search')}
              style={{ width: 240 }}
              onSearch={(v) => {
                setKeyword(v.trim());
                setPage(1);
              }}
            />
            {fixedKind ? (
              <Tag color="blue">{t(`picker.kind.${fixedKind}`)}</Tag>
            ) : (
              <Select
                aria-label={t('picker.kind')}
                style={{ width: 160 }}
                value={kindFilter}
                onChange={(v) => {
                  setKindFilter(v);
                  setPage(1);
                }}
                options={[
                  { value: '', label: t('picker.kind.all') },
                  ...PICKER_KINDS.map((k) => ({ value: k, label: t(`picker.kind.${k}`) })),
                ]}
              />
            )}
            <Flex gap={8} className="resource-picker-actions">
              {buttons.newFolder && (
                <Button icon={<FolderAddOutlined />} onClick={() => setNaming({})}>
                  {t('picker.newFolder')}
                </Button>
              )}
              {buttons.upload && (
                <Upload
                  accept={kind ? ACCEPT[kind] : undefined}
                  multiple
                  showUploadList={false}
                  beforeUpload={(file) => {
                    upload(file);
                    return false;
                  }}
                >
                  <Button type="primary" icon={<UploadOutlined />} loading={progress !== null}>
                    {t('picker.upload')}
                  </Button>
                </Upload>
              )}
            </Flex>
          </Flex>
          {progress && (
            <div className="resource-picker-progress">
              <Typography.Text type="secondary">
                {t('picker.uploading', { name: progress.name })}
              </Typography.Text>
              <Progress percent={progress.percent} size="small" />
            </div>
          )}
          <Spin spinning={list.isFetching}>
            {entries.length === 0 ? (
              <Empty
                className="resource-picker-empty"
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t(emptyText)}
              />
            ) : (
              <ul className="resource-picker-grid">
                {entries.map((entry) => (
                  <EntryCard
                    key={`${entry.type}:${entry.id}`}
                    entry={entry}
                    selected={selected?.type === entry.type && selected.id === entry.id}
                    canRename={buttons.rename}
                    canDelete={buttons.del}
                    onOpen={() => (entry.type === 'dir' ? go(Number(entry.id)) : setSelected(entry))}
                    onPick={() => pick(entry)}
                    onRename={() => setNaming({ entry })}
                    onDelete={() => remove(entry)}
                  />
                ))}
              </ul>
            )}
          </Spin>
          {(list.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination
              className="resource-picker-pager"
              size="small"
              current={page}
              pageSize={PAGE_SIZE}
              total={list.data?.total ?? 0}
              showSizeChanger={false}
              showTotal={(n) => t('picker.total', { n })}
              onChange={setPage}
            />
          )}
        </section>
      </div>
      <NameDialog
        target={naming}
        onClose={() => setNaming(null)}
        onSubmit={async (name) => {
          const entry = naming?.entry;
          if (entry) {
            await api.rename(entry, name);
            if (selected?.id === entry.id) setSelected({ ...selected, name });
          } else {
            await api.createDir(folderId, name);
            setExpanded((keys) => [...new Set([...keys, folderId ? folderKey(folderId) : ROOT_KEY])]);
          }
          setNaming(null);
          await refresh();
        }}
      />
    </Modal>
  );
}

function Thumb({ entry }: { entry: ExplorerEntry }) {
  if (entry.type === 'dir')
    return <FolderFilled className="resource-picker-icon resource-picker-folder-icon" />;
  if (entry.kind === 'image' && entry.url) return <img src={entry.url} alt={entry.name} loading="lazy" />;
  const Icon =
    entry.kind === 'video'
      ? VideoCameraOutlined
      : entry.kind === 'audio'
        ? CustomerServiceOutlined
        : entry.kind === 'apk'
          ? AndroidOutlined
          : FileOutlined;
  return <Icon className="resource-picker-icon" />;
}

interface EntryCardProps {
  entry: ExplorerEntry;
  selected: boolean;
  canRename: boolean;
  canDelete: boolean;
  onOpen: () => void;
  onPick: () => void;
  onRename: () => void;
  onDelete: () => Promise<void>;
}

function EntryCard({
  entry,
  selected,
  canRename,
  canDelete,
  onOpen,
  onPick,
  onRename,
  onDelete,
}: EntryCardProps) {
  const t = useT();
  const details =
    entry.type === 'file'
      ? [formatSize(entry.size), entry.width && entry.height ? `${entry.width}×${entry.height}` : '']
          .filter(Boolean)
          .join(' · ')
      : '';
  return (
    <li
      className={`resource-picker-entry${selected ? ' is-selected' : ''}`}
      data-type={entry.type}
      title={details ? `${entry.name}\n${details}` : entry.name}
    >
      <button
        type="button"
        className="resource-picker-open"
        aria-pressed={entry.type === 'file' ? selected : undefined}
        aria-label={entry.type === 'dir' ? t('picker.openFolder', { name: entry.name }) : entry.name}
        onClick={onOpen}
        onDoubleClick={entry.type === 'file' ? onPick : undefined}
      >
        <span className="resource-picker-thumb">
          <Thumb entry={entry} />
        </span>
        <span className="resource-picker-name">{entry.name}</span>
        {details && <span className="resource-picker-details">{details}</span>}
      </button>
      {(canRename || canDelete) && (
        <span className="resource-picker-entry-actions">
          {canRename && (
            <Tooltip title={t('picker.rename')}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('picker.rename')}
                onClick={onRename}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Popconfirm
              title={t(entry.type === 'dir' ? 'picker.confirmDeleteDir' : 'picker.confirmDeleteFile', {
                name: entry.name,
              })}
              okText={t('picker.ok')}
              cancelText={t('picker.cancel')}
              onConfirm={() => onDelete().catch(() => undefined)}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('picker.delete')}
              />
            </Popconfirm>
          )}
        </span>
      )}
    </li>
  );
}

interface NameDialogProps {
  /** null: closed; `{}`: a new folder; `{entry}`: rename it. */
  target: { entry?: ExplorerEntry } | null;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}

/** Asks for a folder's or a file's name, with the server's rules checked as one types. */
function NameDialog({ target, onClose, onSubmit }: NameDialogProps) {
  const t = useT();
  const entry = target?.entry;
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValue(entry?.name ?? '');
    setTouched(false);
  }, [entry]);
  const max = entry?.type === 'file' ? FILE_NAME_MAX : FOLDER_NAME_MAX;
  const problem = nameError(value, max);
  const submit = async () => {
    setTouched(true);
    if (problem) return;
    setBusy(true);
    try {
      await onSubmit(value.trim());
    } catch {
      // The request layer has shown the server's message; the dialog stays open to fix the name.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={target !== null}
      title={entry ? t('picker.renameTitle', { name: entry.name }) : t('picker.newFolder')}
      okText={t('picker.ok')}
      cancelText={t('picker.cancel')}
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      width={420}
      className="resource-picker-name-dialog"
    >
      <Input
        autoFocus
        aria-label={t('picker.name')}
        placeholder={t('picker.name')}
        value={value}
        status={touched && problem ? 'error' : undefined}
        maxLength={max + 20}
        onChange={(e) => {
          setValue(e.target.value);
          setTouched(true);
        }}
        onPressEnter={submit}
      />
      {touched && problem && (
        <Typography.Text type="danger" className="resource-picker-name-error" role="alert">
          {t(problem.key, problem.values)}
        </Typography.Text>
      )}
    </Modal>
  );
}
