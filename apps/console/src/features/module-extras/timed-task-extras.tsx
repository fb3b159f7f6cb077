import { PlayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { SystemAdminPaths, type TimedTaskRun } from '@igs/contract';
import { timedTaskCalls } from '@igs/contract/calls';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Flex, List, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { toast } from '../../app/feedback.ts';
import { registerTexts, type Texts, useT } from '../../i18n/index.ts';
import { call } from '../../request/call.ts';
import { useHasButton } from '../../stores/permission.ts';
import { useUserStore } from '../../stores/user.ts';
import { useTabPolling } from '../keep-alive/active-tab.ts';
import { useScopedQuery } from '../sites/scoped-query.ts';
import { useSiteIds } from '../sites/use-site-ids.ts';

/**
 * The scheduled-task verbs beside the generic record page (DOMAIN system/ScheduledTask): the next
 * five runs, the run history and "run now". Mount it for one task (a row's expanded area or its
 * drawer): `<TimedTaskExtras taskId={row.id} />`. `CronPreview` shows the next runs of an
 * expression while it is being typed. The endpoint follows the session's mode.
 */

const texts: Texts = {
  'task.nextRuns': { en: 'Next runs', zh_CN: '接下来的执行时间' },
  'task.history': { en: 'Run history', zh_CN: '执行记录' },
  'task.runNow': { en: 'Run now', zh_CN: '立即执行' },
  'task.running': {
    en: 'Started; the result will appear in the history',
    zh_CN: '已开始执行，结果将显示在执行记录中',
  },
  'task.started': { en: 'Started', zh_CN: '开始时间' },
  'task.finished': { en: 'Finished', zh_CN: '结束时间' },
  'task.result': { en: 'Result', zh_CN: '结果' },
  'task.trigger': { en: 'Trigger', zh_CN: '触发方式' },
  'task.trigger.schedule': { en: 'Schedule', zh_CN: '定时' },
  'task.trigger.manual': { en: 'Manual', zh_CN: '手动' },
  'task.output': { en: 'Output', zh_CN: '输出' },
  'task.result.success': { en: 'Success', zh_CN: '成功' },
  'task.result.fail': { en: 'Failed', zh_CN: '失败' },
  'task.result.skipped': { en: 'Skipped', zh_CN: '已跳过' },
  'task.result.running': { en: 'Running', zh_CN: '执行中' },
  'task.none': { en: 'No runs yet', zh_CN: '暂无执行记录' },
  'task.noNext': {
    en: 'Not scheduled (disabled or invalid expression)',
    zh_CN: '未计划（已停用或表达式无效）',
  },
};
registerTexts(texts);

const RESULT_COLOR: Record<TimedTaskRun['result'], string> = {
  success: 'green',
  fail: 'red',
  skipped: 'default',
  running: 'processing',
};

export function useTimedTaskEndpoint(): string {
  const ops = useUserStore((s) => s.isOperations);
  return ops === 1 ? SystemAdminPaths.opsTimedTask : SystemAdminPaths.timedTask;
}

/** Next runs of an expression being edited (no call while it is empty). */
export function CronPreview({ cron }: { cron: string }) {
  const t = useT();
  const endpoint = useTimedTaskEndpoint();
  const expr = cron.trim();
  const next = useScopedQuery({
    queryKey: ['timed_task', 'preview', endpoint, expr],
    queryFn: ({ sites }) =>
      call(timedTaskCalls(endpoint).nextRuns, { cron: expr }, { loading: false, silent: true, sites }),
    enabled: expr.split(/\s+/).length === 5,
    retry: false,
  });
  if (!next.data) return null;
  return (
    <Typography.Text type="secondary">
      {t('task.nextRuns')}: {next.data.next.join(' · ')}
    </Typography.Text>
  );
}

export function TimedTaskExtras({ taskId }: { taskId: number }) {
  const t = useT();
  const endpoint = useTimedTaskEndpoint();
  const calls = timedTaskCalls(endpoint);
  const queryClient = useQueryClient();
  const canRun = useHasButton('system:timed_task:run_now');
  const sites = useSiteIds();
  const [page, setPage] = useState(1);
  const [running, setRunning] = useState(false);

  const next = useScopedQuery({
    queryKey: ['timed_task', endpoint, taskId, 'next'],
    queryFn: ({ sites }) => call(calls.nextRuns, { id: taskId }, { loading: false, sites }),
  });
  const history = useScopedQuery({
    queryKey: ['timed_task', endpoint, taskId, 'history', page],
    queryFn: ({ sites }) => call(calls.history, { id: taskId, page, limit: 10 }, { loading: false, sites }),
    // A run still going is polled until it records its result.
    refetchInterval: useTabPolling((q: { state: { data?: { list: TimedTaskRun[] } } }) =>
      q.state.data?.list.some((r) => r.result === 'running') ? 2000 : false,
    ),
  });

  const runNow = async () => {
    setRunning(true);
    try {
      const run = await call(calls.runNow, { id: taskId }, { sites });
      if (run.result === 'running') toast.success(t('task.running'));
      else if (run.result === 'success')
        toast.success(`${t('task.result.success')}: ${run.output_tail.split('\n')[0]}`);
      else toast.error(`${t(`task.result.${run.result}`)}: ${run.output_tail.split('\n')[0]}`);
    } catch {
      // 423 (already running) and refusals are shown by the request layer.
    } finally {
      setRunning(false);
      setPage(1);
      await queryClient.invalidateQueries({ queryKey: ['timed_task', endpoint, taskId] });
      // The list's last run and next run columns change too.
      await queryClient.invalidateQueries({ queryKey: ['resource', 'system:timed_task'] });
    }
  };

  return (
    <Flex vertical gap={12} className="timed-task-extras">
      <Flex gap={8} align="center">
        {canRun && (
          <Button
            type="primary"
            icon={<PlayCircleOutlined />}
            loading={running}
            onClick={() => void runNow()}
          >
            {t('task.runNow')}
          </Button>
        )}
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: ['timed_task', endpoint, taskId] })}
        />
      </Flex>
      <Descriptions size="small" column={1} title={t('task.nextRuns')}>
        <Descriptions.Item>
          {next.data?.next.length ? (
            <List size="small" dataSource={next.data.next} renderItem={(d) => <List.Item>{d}</List.Item>} />
          ) : (
            <Typography.Text type="secondary">{t('task.noNext')}</Typography.Text>
          )}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('task.history')}
      </Typography.Title>
      <Table<TimedTaskRun>
        rowKey="id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.list ?? []}
        locale={{ emptyText: t('task.none') }}
        pagination={{ current: page, pageSize: 10, total: history.data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: t('task.started'), dataIndex: 'started', width: 170 },
          { title: t('task.finished'), dataIndex: 'finished', width: 170 },
          {
            title: t('task.trigger'),
            dataIndex: 'trigger',
            width: 90,
            render: (v: string) => t(`task.trigger.${v}`),
          },
          {
            title: t('task.result'),
            dataIndex: 'result',
            width: 90,
            render: (r: TimedTaskRun['result']) => <Tag color={RESULT_COLOR[r]}>{t(`task.result.${r}`)}</Tag>,
          },
          {
            title: t('task.output'),
            dataIndex: 'output_tail',
            render: (o: string) => (
              <Typography.Paragraph
                style={{ margin: 0, whiteSpace: 'pre-wrap' }}
                ellipsis={{ rows: 2, expandable: true }}
              >
                {o}
              </Typography.Paragraph>
            ),
          },
        ]}
      />
    </Flex>
  );
}
