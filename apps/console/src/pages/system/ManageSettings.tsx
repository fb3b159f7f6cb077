import { PlusOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { hashPassword, isStrongPassword, messages } from '@igs/contract';
import {
  type AccountRecord,
  accountCalls,
  type WebSettingsDetail,
  webSettingsCalls,
} from '@igs/contract/calls';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Divider,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Upload,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { uploadFile } from '../../features/resource/upload.ts';
import { useLanguage, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { isRequestError } from '../../request/index.ts';
import { useHasButton } from '../../stores/permission.ts';
import { type AccountFormValues, accountPayload } from './manage-settings/account-payload.ts';
import { BlockedAddresses } from './manage-settings/blocked-addresses.tsx';
import './manage-settings/manage-settings-texts.ts';
import { useScopedQuery } from '../../features/sites/scoped-query.ts';
import { customerChoices, grantSummary, siteChoices } from '../../features/sites/site-options.ts';
import { SitePicker } from '../../features/sites/site-picker.tsx';

/** Manage settings: the accounts of the console and the web settings singleton. */
export default function ManageSettings() {
  const t = useT();
  return (
    <Tabs
      items={[
        { key: 'accounts', label: t('mgr.tab.accounts'), children: <AccountsTab /> },
        { key: 'web', label: t('mgr.tab.web'), children: <WebSettingsTab /> },
        { key: 'lockouts', label: t('lockouts.tab'), children: <BlockedAddresses /> },
      ]}
    />
  );
}

function AccountsTab() {
  const t = useT();
  const queryClient = useQueryClient();
  const can = {
    add: useHasButton('system:administrator:add'),
    edit: useHasButton('system:administrator:edit'),
    del: useHasButton('system:administrator:del'),
    reset: useHasButton('system:administrator:reset_password'),
    unlock: useHasButton('system:administrator:unlock'),
    kick: useHasButton('system:administrator:kick'),
  };
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const [editing, setEditing] = useState<AccountRecord | 'new' | null>(null);
  const [resetting, setResetting] = useState<AccountRecord | null>(null);

  const accounts = useScopedQuery({
    queryKey: ['system', 'administrator', keyword, page],
    queryFn: ({ sites }) => call(accountCalls.list, { keyword, ...page }, { loading: false, sites }),
    placeholderData: keepPreviousData,
  });
  const fleet = useFleetOptions();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['system', 'administrator'] });
  /** A verb on one account; the request layer shows a refusal (409 names the rule). */
  const act = async (verb: () => Promise<unknown>) => {
    try {
      await verb();
      toast.success(t('mgr.done'));
    } catch {
      // shown by the request layer
    }
    await refresh();
  };

  const columns = [
    {
      title: t('mgr.username'),
      dataIndex: 'username',
      render: (name: string, a: AccountRecord) => (
        <Space size={4} wrap>
          {name}
          {a.is_admin === 1 && <Tag color="gold">{t('mgr.admin')}</Tag>}
          {a.weak_psw === 1 && <Tag>{t('mgr.weak')}</Tag>}
          {a.locked_until && <Tag color="red">{t('mgr.locked', { t: a.locked_until })}</Tag>}
        </Space>
      ),
    },
    { title: t('mgr.nickname'), dataIndex: 'nickname' },
    { title: t('mgr.role'), dataIndex: 'role_name', width: 120 },
    {
      title: t('mgr.isOperations'),
      dataIndex: 'is_operations',
      width: 100,
      render: (v: number, a: AccountRecord) =>
        v
          ? `${t('mgr.yes')} ${
              a.all_sites
                ? t('mgr.allSitesShort')
                : grantSummary(a.site_ids, fleet.data, (n) => t('mgr.moreSites', { n })) || t('mgr.noSites')
            }`
          : t('mgr.no'),
    },
    {
      title: t('mgr.enabled'),
      dataIndex: 'enabled',
      width: 80,
      render: (v: number, a: AccountRecord) => (
        <Switch
          size="small"
          checked={v === 1}
          disabled={!can.edit}
          onChange={(on) => void act(() => call(accountCalls.state, { ids: [a.id], enabled: on ? 1 : 0 }))}
        />
      ),
    },
    { title: t('mgr.lastLogin'), dataIndex: 'last_login_at', width: 160 },
    { title: t('mgr.lastIp'), dataIndex: 'last_login_ip', width: 120 },
    {
      title: t('mgr.actions'),
      key: 'actions',
      width: 290,
      render: (_: unknown, a: AccountRecord) => (
        <Space size={0} wrap>
          {can.edit && (
            <Button type="link" size="small" onClick={() => setEditing(a)}>
              {t('mgr.edit')}
            </Button>
          )}
          {can.reset && (
            <Button type="link" size="small" onClick={() => setResetting(a)}>
              {t('mgr.resetPassword')}
            </Button>
          )}
          {can.unlock && a.locked_until && (
            <Button
              type="link"
              size="small"
              onClick={() => void act(() => call(accountCalls.unlock, { id: a.id }))}
            >
              {t('mgr.unlock')}
            </Button>
          )}
          {can.kick && (
            <Popconfirm
              title={t('mgr.confirmKick', { name: a.username })}
              onConfirm={() => act(() => call(accountCalls.kick, { id: a.id }))}
            >
              <Button type="link" size="small">
                {t('mgr.kick')}
              </Button>
            </Popconfirm>
          )}
          {can.del && (
            <Popconfirm
              title={t('mgr.confirmDelete', { name: a.username })}
              okButtonProps={{ danger: true }}
              onConfirm={() => act(() => call(accountCalls.del, { ids: [a.id] }))}
            >
              <Button type="link" size="small" danger>
                {t('mgr.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div>
      <Alert type="info" showIcon message={t('mgr.rulesHint')} style={{ marginBottom: 12 }} />
      <Flex gap={8} style={{ marginBottom: 12 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('mgr.search')}
          style={{ width: 260 }}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, page: 1 }));
          }}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()} />
        {can.add && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('mgr.add')}
          </Button>
        )}
      </Flex>
      <Table<AccountRecord>
        rowKey="id"
        size="small"
        loading={accounts.isFetching}
        columns={columns}
        dataSource={accounts.data?.list ?? []}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: accounts.data?.total ?? 0,
          showTotal: (n) => t('mgr.total', { n }),
          onChange: (p, limit) => setPage({ page: p, limit }),
        }}
      />
      {editing && (
        <AccountModal
          account={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null);
            await refresh();
          }}
        />
      )}
      {resetting && (
        <ResetPasswordModal
          account={resetting}
          onClose={() => setResetting(null)}
          onSaved={async () => {
            setResetting(null);
            await refresh();
          }}
        />
      )}
    </div>
  );
}

/** The new-password rules of the change dialog (spec section 5), in the page's language. */
function usePasswordRules(required: boolean): { password: Rule[]; again: Rule[] } {
  const lang = useLanguage();
  return {
    password: [
      { required, message: messages.passwordRequired[lang] },
      {
        validator: async (_r, v?: string) => {
          if (v && !isStrongPassword(v)) throw new Error(messages.passwordWeak[lang]);
        },
      },
    ],
    again: [
      ({ getFieldValue }) => ({
        validator: async (_r, v?: string) => {
          const first = getFieldValue('password');
          if (!first && !v) return;
          if (!v) throw new Error(messages.passwordAgainRequired[lang]);
          if (v !== first) throw new Error(messages.passwordMismatch[lang]);
        },
      }),
    ],
  };
}

function AccountModal({
  account,
  onClose,
  onSaved,
}: {
  account: AccountRecord | null;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const t = useT();
  const [form] = Form.useForm<AccountFormValues>();
  const [saving, setSaving] = useState(false);
  const rules = usePasswordRules(!account);
  const roles = useScopedQuery({
    queryKey: ['system', 'administrator', 'roles'],
    queryFn: ({ sites }) => call(accountCalls.roleOptions, {}, { loading: false, sites }),
  });
  const fleet = useFleetOptions();
  const ops = Form.useWatch('is_operations', form);
  const allSites = Form.useWatch('all_sites', form);
  const cid = Form.useWatch('cid', form);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const body = accountPayload(values, account?.id);
      await (account ? call(accountCalls.edit, { ...body, id: account.id }) : call(accountCalls.add, body));
      toast.success(t('mgr.saved'));
      await onSaved();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={560}
      title={account ? t('mgr.editTitle') : t('mgr.add')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('mgr.save')}
      cancelText={t('mgr.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form<AccountFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          username: account?.username ?? '',
          nickname: account?.nickname ?? '',
          phone: account?.phone ?? '',
          company_name: account?.company_name ?? '',
          role_id: account?.role_id,
          is_operations: account ? account.is_operations === 1 : false,
          site_ids: account?.site_ids ?? [],
          // A new account reaches no site until sites or all sites are granted.
          all_sites: account ? account.all_sites === 1 : false,
          cid: account?.cid ?? 0,
          enabled: account ? account.enabled === 1 : true,
        }}
      >
        <Form.Item
          name="username"
          label={t('mgr.username')}
          extra={t('mgr.usernameRule')}
          rules={[{ required: true, pattern: /^[A-Za-z0-9_]{3,32}$/, message: t('mgr.usernameRule') }]}
        >
          <Input maxLength={32} autoComplete="off" />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item name="nickname" label={t('mgr.nickname')} style={{ flex: 1 }}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="phone" label={t('mgr.phone')} style={{ flex: 1 }}>
            <Input maxLength={32} />
          </Form.Item>
        </Flex>
        <Form.Item name="company_name" label={t('mgr.company')}>
          <Input maxLength={128} />
        </Form.Item>
        {!account && (
          <Flex gap={12}>
            <Form.Item name="password" label={t('mgr.password')} rules={rules.password} style={{ flex: 1 }}>
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="password_again"
              label={t('mgr.passwordAgain')}
              dependencies={['password']}
              rules={rules.again}
              style={{ flex: 1 }}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Flex>
        )}
        <Form.Item name="role_id" label={t('mgr.role')} rules={[{ required: true }]}>
          <Select
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({ value: r.value, label: r.label }))}
          />
        </Form.Item>
        <Flex gap={24}>
          <Form.Item name="is_operations" label={t('mgr.isOperations')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="enabled" label={t('mgr.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="cid" label={t('mgr.cid')} style={{ minWidth: 160 }}>
            <Select
              loading={fleet.isLoading}
              options={customerChoices(fleet.data, t('mgr.noCustomer'))}
              showSearch
              optionFilterProp="label"
            />
          </Form.Item>
        </Flex>
        {ops && (
          <Form.Item
            name="all_sites"
            label={t('mgr.allSites')}
            extra={t('mgr.allSitesHint')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        )}
        {ops && !allSites && (
          <Form.Item name="site_ids" label={t('mgr.sites')} extra={t('mgr.sitesHint')}>
            <SitePicker
              choices={siteChoices(fleet.data, Number(cid ?? 0), account?.site_ids)}
              loading={fleet.isLoading}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

function ResetPasswordModal({
  account,
  onClose,
  onSaved,
}: {
  account: AccountRecord;
  onClose(): void;
  onSaved(): Promise<void>;
}) {
  const t = useT();
  const [form] = Form.useForm<{ password: string; password_again: string }>();
  const rules = usePasswordRules(true);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(accountCalls.reset_password, {
        id: account.id,
        password: hashPassword(values.password),
      });
      toast.success(t('mgr.done'));
      await onSaved();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={`${t('mgr.resetPassword')}: ${account.username}`}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('mgr.save')}
      cancelText={t('mgr.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Alert type="warning" showIcon message={t('mgr.resetHint')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical">
        <Form.Item name="password" label={t('mgr.password')} rules={rules.password}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="password_again"
          label={t('mgr.passwordAgain')}
          dependencies={['password']}
          rules={rules.again}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A URL field that can also take an uploaded image (its signed URL is stored). */
function ImageUrlInput({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input value={value} onChange={(e) => onChange?.(e.target.value)} allowClear />
      <Upload
        accept="image/*"
        showUploadList={false}
        customRequest={async ({ file }) => {
          setBusy(true);
          try {
            const uploaded = await uploadFile(file as File, 'image', () => {});
            onChange?.(uploaded.url);
          } catch (e) {
            if (!(isRequestError(e) && e.notified)) toast.error((e as Error).message || t('web.upload'));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {t('web.upload')}
        </Button>
      </Upload>
    </Space.Compact>
  );
}

function WebSettingsTab() {
  const t = useT();
  const canEdit = useHasButton('system:web_set:edit');
  const [form] = Form.useForm<WebSettingsDetail>();
  const [saving, setSaving] = useState(false);
  const current = useScopedQuery({
    queryKey: ['system', 'web_set'],
    queryFn: ({ sites }) => call(webSettingsCalls.detail, {}, { loading: false, sites }),
  });
  const urlRule: Rule = {
    pattern: /^(https?:\/\/\S+|\/\S*)?$/i,
    message: t('web.urlRule'),
  };
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await call(webSettingsCalls.form, {
        ...values,
        debug: values.debug ? 1 : 0,
        captcha: values.captcha ? 1 : 0,
      });
      toast.success(t('mgr.saved'));
      await current.refetch();
    } catch {
      // shown by the request layer
    } finally {
      setSaving(false);
    }
  };
  if (!current.data) return null;
  const d = current.data;
  return (
    <Form<WebSettingsDetail>
      form={form}
      layout="vertical"
      style={{ maxWidth: 640 }}
      disabled={!canEdit}
      initialValues={{ ...d, debug: d.debug === 1, captcha: d.captcha === 1 } as never}
    >
      <Divider titlePlacement="start">{t('web.branding')}</Divider>
      <Flex gap={12}>
        <Form.Item name="title" label={t('web.title')} style={{ flex: 1 }} rules={[{ max: 64 }]}>
          <Input />
        </Form.Item>
        {/* Shown in the English console; empty: the title above serves both languages. */}
        <Form.Item name="title_en" label={t('web.titleEn')} style={{ flex: 1 }} rules={[{ max: 64 }]}>
          <Input placeholder={t('web.titleEnPlaceholder')} />
        </Form.Item>
      </Flex>
      <Form.Item name="logo" label={t('web.logo')} rules={[urlRule]}>
        <ImageUrlInput />
      </Form.Item>
      <Form.Item name="favicon" label={t('web.favicon')} rules={[urlRule]}>
        <ImageUrlInput />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="company" label={t('web.company')} style={{ flex: 1 }} rules={[{ max: 128 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="company_url" label={t('web.companyUrl')} style={{ flex: 1 }} rules={[urlRule]}>
          <Input />
        </Form.Item>
      </Flex>
      <Divider titlePlacement="start">{t('web.footer')}</Divider>
      <Flex gap={12}>
        <Form.Item name="service_call" label={t('web.serviceCall')} style={{ flex: 1 }} rules={[{ max: 32 }]}>
          <Input />
        </Form.Item>
        <Form.Item name="copyright" label={t('web.copyright')} style={{ flex: 2 }} rules={[{ max: 255 }]}>
          <Input />
        </Form.Item>
      </Flex>
      <Form.Item name="debug" label={t('web.debug')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Divider titlePlacement="start">{t('web.security')}</Divider>
      <Flex gap={12} wrap>
        <Form.Item name="session_idle_min" label={t('web.sessionIdle')} rules={[{ required: true }]}>
          <InputNumber min={1} max={1440} precision={0} />
        </Form.Item>
        <Form.Item name="session_max_h" label={t('web.sessionMax')} rules={[{ required: true }]}>
          <InputNumber min={1} max={720} precision={0} />
        </Form.Item>
        <Form.Item name="lockout_attempts" label={t('web.lockoutAttempts')} rules={[{ required: true }]}>
          <InputNumber min={1} max={100} precision={0} />
        </Form.Item>
        <Form.Item name="lockout_min" label={t('web.lockoutMin')} rules={[{ required: true }]}>
          <InputNumber min={1} max={1440} precision={0} />
        </Form.Item>
      </Flex>
      <Form.Item
        name="captcha"
        label={t('web.captcha')}
        valuePropName="checked"
        extra={d.captcha_forced_off === 1 ? t('web.captchaForcedOff') : undefined}
      >
        <Switch />
      </Form.Item>
      {canEdit && (
        <Button type="primary" loading={saving} onClick={() => void save()}>
          {t('mgr.save')}
        </Button>
      )}
    </Form>
  );
}

/** The registered sites and customers, for the account form's pickers and the list's site names. */
function useFleetOptions() {
  return useScopedQuery({
    queryKey: ['system', 'administrator', 'fleet'],
    queryFn: ({ sites }) => call(accountCalls.siteOptions, {}, { loading: false, sites }),
    staleTime: 30_000,
  });
}
