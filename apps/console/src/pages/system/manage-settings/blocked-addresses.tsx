import { type BlockedAddress, lockoutCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Popconfirm, Table } from 'antd';
import { toast } from '../../../app/feedback.ts';
import { useScopedQuery } from '../../../features/sites/scoped-query.ts';
import { registerTexts, type Texts, useT } from '../../../i18n/index.ts';
import { call } from '../../../request/call.ts';
import { useHasButton } from '../../../stores/permission.ts';

/** Unlocking an address is the same right as unlocking an account on this page. */
export const UNLOCK_BUTTON = 'system:administrator:unlock';

const texts: Texts = {
  'lockouts.tab': { en: 'Blocked addresses', zh_CN: '锁定地址' },
  'lockouts.hint': {
    en: 'An address is blocked after too many failed sign-ins; each further block lasts 1.5 times the previous. Accounts are only slowed down, never locked.',
    zh_CN: '登录失败次数过多的地址会被锁定，再次锁定的时长为上次的 1.5 倍。账号只会被减速，不会被锁定。',
  },
  'lockouts.ip': { en: 'Address', zh_CN: '地址' },
  'lockouts.level': { en: 'Times blocked', zh_CN: '锁定次数' },
  'lockouts.username': { en: 'Account tried', zh_CN: '尝试的账号' },
  'lockouts.lockedAt': { en: 'Blocked at', zh_CN: '锁定时间' },
  'lockouts.until': { en: 'Blocked until', zh_CN: '解锁时间' },
  'lockouts.left': { en: 'Minutes left', zh_CN: '剩余分钟' },
  'lockouts.unlock': { en: 'Unlock', zh_CN: '解锁' },
  'lockouts.confirm': { en: 'Unlock the address {{ip}}?', zh_CN: '确定解锁地址 {{ip}}？' },
  'lockouts.done': { en: 'Address unlocked', zh_CN: '地址已解锁' },
  'lockouts.empty': { en: 'No address is blocked', zh_CN: '当前没有被锁定的地址' },
  'lockouts.refresh': { en: 'Refresh', zh_CN: '刷新' },
};
registerTexts(texts);

/** Client addresses blocked now after failed sign-ins, each with an unlock button (web_set). */
export function BlockedAddresses() {
  const t = useT();
  const queryClient = useQueryClient();
  const canUnlock = useHasButton(UNLOCK_BUTTON);
  const blocked = useScopedQuery({
    queryKey: ['system', 'web_set', 'lockouts'],
    queryFn: ({ sites }) => call(lockoutCalls.list, {}, { loading: false, sites }),
  });
  const unlock = async (ip: string) => {
    try {
      await call(lockoutCalls.unlock, { ip });
      toast.success(t('lockouts.done'));
    } catch {
      // shown by the request layer
    }
    await queryClient.invalidateQueries({ queryKey: ['system', 'web_set', 'lockouts'] });
  };
  const columns = [
    { title: t('lockouts.ip'), dataIndex: 'ip' },
    { title: t('lockouts.username'), dataIndex: 'username' },
    { title: t('lockouts.level'), dataIndex: 'level', width: 110 },
    { title: t('lockouts.lockedAt'), dataIndex: 'locked_at' },
    { title: t('lockouts.until'), dataIndex: 'blocked_until' },
    { title: t('lockouts.left'), dataIndex: 'minutes_left', width: 110 },
    ...(canUnlock
      ? [
          {
            title: '',
            key: 'actions',
            width: 100,
            render: (_: unknown, b: BlockedAddress) => (
              <Popconfirm title={t('lockouts.confirm', { ip: b.ip })} onConfirm={() => unlock(b.ip)}>
                <Button size="small" type="link">
                  {t('lockouts.unlock')}
                </Button>
              </Popconfirm>
            ),
          },
        ]
      : []),
  ];
  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon title={t('lockouts.hint')} />
      <div>
        <Button onClick={() => void blocked.refetch()}>{t('lockouts.refresh')}</Button>
      </div>
      <Table<BlockedAddress>
        rowKey="ip"
        size="small"
        loading={blocked.isFetching}
        dataSource={blocked.data?.list ?? []}
        columns={columns}
        pagination={false}
        locale={{ emptyText: t('lockouts.empty') }}
      />
    </Flex>
  );
}
