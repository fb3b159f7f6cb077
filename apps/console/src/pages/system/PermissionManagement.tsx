import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { isAdminOnlyButton, type RoleInput } from '@igs/contract';
import { type CallOutput, permissionTreeCalls, type RoleRecord, roleCalls } from '@igs/contract/calls';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Form,
  Input,
  Popconfirm,
  Radio,
  Space,
  Switch,
  Table,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { translateTitle, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import {
  allKeys,
  buildPermissionTree,
  grantsToKeys,
  keysToGrants,
  type PermissionNode,
  toggleNode,
} from './permissions/permission-tree.ts';
import './permissions/permission-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';
import { grantSummary, siteChoices } from '../../features/sites/site-options.ts';
import { SitePicker } from '../../features/sites/site-picker.tsx';

interface RoleForm {
  name: string;
  description: string;
  mode: 'full' | 'operations';
  site_ids: number[];
  /** Every site, granted explicitly (operations roles): an empty site list reaches none. */
  all_sites: boolean;
  enabled: boolean;
}

/**
 * `system:logging:del` → "Delete (system:logging:del)"; a button only administrator roles may
 * hold says so, since the server refuses it to any other role.
 */
function buttonTitle(t: (k: string) => string, key: string): string {
  const verb = key.split(':').pop() ?? key;
  const label = t(`perm.verb.${verb}`);
  const title = `${label.startsWith('perm.verb.') ? verb : label} (${key})`;
  return isAdminOnlyButton(key) ? `${title} · ${t('perm.adminOnly')}` : title;
}

/** Permission management: roles, their menus and buttons as a tree of checkboxes, sites, state. */
export default function PermissionManagement() {
  const t = useT();
  const queryClient = useQueryClient();
  const canAdd = useHasButton('system:authority:add');
  const canEdit = useHasButton('system:authority:edit');
  const canDelete = useHasButton('system:authority:del');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null);

  const roles = useScopedQuery({
    queryKey: ['system', 'authority', keyword, page],
    queryFn: ({ sites }) => call(roleCalls.list, { keyword, ...page }, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });
  const menus = useScopedQuery({
    queryKey: ['system', 'system_menu'],
    queryFn: ({ sites }) => call(permissionTreeCalls.tree, {}, { loading: false, sites }),
    staleTime: 60_000,
  });
  const fleet = useFleetOptions();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['system', 'authority'] });

  const setEnabled = async (role: RoleRecord, enabled: boolean) => {
    await call(roleCalls.state, { ids: [role.id], enabled: enabled ? 1 : 0 }).catch(() => {});
    await refresh();
  };
  const remove = async (role: RoleRecord) => {
    try {
      await call(roleCalls.del, { ids: [role.id] });
      toast.success(t('perm.deleted'));
    } catch {
      // 409 names the accounts still using it; the request layer has shown it.
    }
    await refresh();
  };

  const columns = [
    {
      title: t('perm.name'),
      dataIndex: 'name',
      render: (name: string, r: RoleRecord) => (
        <Space size={4}>
          {name}
          {r.builtin === 1 && <Tag>{t('perm.builtin')}</Tag>}
          {r.is_admin === 1 && <Tag color="gold">{t('perm.admin')}</Tag>}
        </Space>
      ),
    },
    { title: t('perm.description'), dataIndex: 'description', ellipsis: true },
    {
      title: t('perm.mode'),
      dataIndex: 'mode',
      width: 110,
      render: (m: string) => <Tag color={m === 'operations' ? 'purple' : 'blue'}>{t(`perm.mode.${m}`)}</Tag>,
    },
    {
      title: t('perm.grants'),
      key: 'grants',
      width: 190,
      render: (_: unknown, r: RoleRecord) =>
        t('perm.grantCount', { menus: r.menu_ids.length, buttons: r.button_keys.length }),
    },
    {
      title: t('perm.sites'),
      dataIndex: 'site_ids',
      width: 110,
      // Sites narrow operations roles only.
      render: (s: number[], r: RoleRecord) =>
        r.mode !== 'operations'
          ? ''
          : r.all_sites
            ? t('perm.allSites')
            : grantSummary(s, fleet.data, (n) => t('perm.moreSites', { n })) || '—',
    },
    { title: t('perm.accounts'), dataIndex: 'user_count', width: 90 },
    {
      title: t('perm.enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (on: number, r: RoleRecord) => (
        <Switch
          size="small"
          checked={on === 1}
          disabled={!canEdit || r.builtin === 1}
          onChange={(v) => void setEnabled(r, v)}
        />
      ),
    },
    {
      title: t('perm.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, r: RoleRecord) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(r)}>
              {t('perm.edit')}
            </Button>
          )}
          {canDelete && r.builtin !== 1 && (
            <Popconfirm
              title={t('perm.confirmDelete', { name: r.name })}
              okButtonProps={{ danger: true }}
              onConfirm={() => remove(r)}
            >
              <Button type="link" size="small" danger>
                {t('perm.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="permission-management">
      <Alert type="info" showIcon message={t('perm.adminHint')} style={{ marginBottom: 12 }} />
      <Flex gap={8} style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('perm.search')}
          style={{ width: 240 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()} />
        {canAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('perm.add')}
          </Button>
        )}
      </Flex>
      <Table<RoleRecord>
        rowKey="id"
        size="small"
        loading={roles.isFetching}
        columns={columns}
        dataSource={roles.data?.list ?? []}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: roles.data?.total ?? 0,
          showTotal: (n) => t('perm.total', { n }),
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
      />
      {editing && (
        <RoleDrawer
          role={editing === 'new' ? null : editing}
          menus={menus.data}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
    </div>
  );
}

interface RoleDrawerProps {
  role: RoleRecord | null;
  menus: CallOutput<typeof permissionTreeCalls.tree> | undefined;
  onClose(): void;
  onSaved(): Promise<void>;
}

function RoleDrawer({ role, menus, onClose, onSaved }: RoleDrawerProps) {
  const t = useT();
  const [form] = Form.useForm<RoleForm>();
  const allSites = Form.useWatch('all_sites', form);
  const fleet = useFleetOptions();
  const builtin = role?.builtin === 1;
  const [mode, setMode] = useState<'full' | 'operations'>(role?.mode ?? 'full');
  const tree = useMemo<PermissionNode[]>(
    () =>
      buildPermissionTree(menus?.[mode] ?? [], {
        menu: (title) => translateTitle(title),
        button: (key) => buttonTitle(t, key),
      }),
    [menus, mode, t],
  );
  const [checked, setChecked] = useState<string[] | null>(null);
  // Until the tree has loaded and been touched, the role's stored grants are what is checked.
  const checkedKeys = checked ?? (role && role.mode === mode ? grantsToKeys(tree, role) : []);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return toast.error(t('perm.required'));
    // The built-in role's grants never change: send them back as they are.
    const grants = builtin
      ? { menu_ids: role!.menu_ids, button_keys: role!.button_keys }
      : keysToGrants(tree, checkedKeys);
    setSaving(true);
    try {
      const body: RoleInput = {
        name: values.name,
        description: values.description ?? '',
        mode: values.mode,
        site_ids:
          values.mode === 'operations' && !values.all_sites ? (values.site_ids ?? []).map(Number) : [],
        all_sites: values.mode === 'operations' && values.all_sites ? 1 : 0,
        enabled: values.enabled ? 1 : 0,
        ...grants,
      };
      await (role ? call(roleCalls.edit, { ...body, id: role.id }) : call(roleCalls.add, body));
      toast.success(t('perm.saved'));
      await onSaved();
    } catch {
      // The request layer has shown the server's message (which names the field).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open
      width={640}
      title={role ? t('perm.edit') : t('perm.add')}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t('perm.cancel')}</Button>
          {/* Until the menus have loaded the tree is empty: saving then would drop every grant. */}
          <Button type="primary" loading={saving} disabled={!menus} onClick={() => void save()}>
            {t('perm.save')}
          </Button>
        </Space>
      }
    >
      {builtin && (
        <Alert type="warning" showIcon message={t('perm.builtinHint')} style={{ marginBottom: 12 }} />
      )}
      <Form<RoleForm>
        form={form}
        layout="vertical"
        initialValues={{
          name: role?.name ?? '',
          description: role?.description ?? '',
          mode: role?.mode ?? 'full',
          site_ids: role?.site_ids ?? [],
          all_sites: role ? role.all_sites === 1 : false,
          enabled: role ? role.enabled === 1 : true,
        }}
        onValuesChange={(changed: Partial<RoleForm>) => {
          if (changed.mode) {
            setMode(changed.mode);
            setChecked([]);
          }
        }}
      >
        <Form.Item name="name" label={t('perm.name')} rules={[{ required: true, max: 64 }]}>
          <Input disabled={builtin} maxLength={64} />
        </Form.Item>
        <Form.Item name="description" label={t('perm.description')} rules={[{ max: 255 }]}>
          <Input.TextArea rows={2} maxLength={255} />
        </Form.Item>
        <Flex gap={24}>
          <Form.Item name="mode" label={t('perm.mode')}>
            <Radio.Group disabled={builtin}>
              <Radio.Button value="full">{t('perm.mode.full')}</Radio.Button>
              <Radio.Button value="operations">{t('perm.mode.operations')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          <Form.Item name="enabled" label={t('perm.enabled')} valuePropName="checked">
            <Switch disabled={builtin} />
          </Form.Item>
        </Flex>
        {mode === 'operations' && (
          <Form.Item
            name="all_sites"
            label={t('perm.allSites')}
            extra={t('perm.allSitesHint')}
            valuePropName="checked"
          >
            <Switch disabled={builtin} />
          </Form.Item>
        )}
        {mode === 'operations' && !allSites && (
          <Form.Item name="site_ids" label={t('perm.sites')} extra={t('perm.sitesHint')}>
            <SitePicker choices={siteChoices(fleet.data, 0, role?.site_ids)} loading={fleet.isLoading} />
          </Form.Item>
        )}
        <Form.Item label={t('perm.grants')}>
          <Space style={{ marginBottom: 8 }}>
            <Button size="small" disabled={builtin} onClick={() => setChecked(allKeys(tree))}>
              {t('perm.checkAll')}
            </Button>
            <Button size="small" disabled={builtin} onClick={() => setChecked([])}>
              {t('perm.clear')}
            </Button>
            <Button size="small" onClick={() => setExpanded(allKeys(tree))}>
              {t('perm.expandAll')}
            </Button>
            <Button size="small" onClick={() => setExpanded([])}>
              {t('perm.collapseAll')}
            </Button>
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 4 }}>
            {t('perm.grantCount', keysToGrantsCount(tree, checkedKeys))}
          </Typography.Text>
          <Tree
            checkable
            checkStrictly
            selectable={false}
            disabled={builtin}
            height={420}
            treeData={tree}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            checkedKeys={checkedKeys}
            onCheck={(_keys, info) =>
              setChecked(toggleNode(tree, checkedKeys, String(info.node.key), info.checked))
            }
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

function keysToGrantsCount(tree: PermissionNode[], keys: string[]) {
  const g = keysToGrants(tree, keys);
  return { menus: g.menu_ids.length, buttons: g.button_keys.length };
}

/** The registered sites, for the role form's picker and the list's site names. */
function useFleetOptions() {
  return useScopedQuery({
    queryKey: ['system', 'authority', 'fleet'],
    queryFn: ({ sites }) => call(roleCalls.siteOptions, {}, { loading: false, sites }),
    staleTime: 30_000,
  });
}
