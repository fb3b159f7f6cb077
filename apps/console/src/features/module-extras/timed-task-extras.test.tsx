import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../resource/test-support.tsx');
const { TimedTaskExtras } = await import('./timed-task-extras.tsx');

const run = {
  id: 4,
  task_id: 7,
  trigger: 'schedule',
  username: '',
  scheduled: '2026-11-21 03:00:00',
  started: '2026-11-21 03:00:01',
  finished: '2026-11-21 03:00:02',
  result: 'skipped',
  output_tail: 'skipped: not applied on this host (IGS_APPLY is not 1): systemctl reboot',
};

describe('TimedTaskExtras', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_path: string, body: { method: string }) => {
      if (body.method === 'next_runs')
        return { cron: '0 3 * * *', next: ['2026-11-22 03:00:00', '2026-11-23 03:00:00'] };
      if (body.method === 'history') return { total: 1, list: [run] };
      if (body.method === 'run_now')
        return { ...run, id: 5, trigger: 'manual', result: 'success', output_tail: 'done' };
      return {};
    });
  });
  afterEach(cleanup);

  it('shows why a run failed when its instance died: the reason the server gave, in the reader language', async () => {
    const lost = {
      ...run,
      id: 9,
      result: 'fail',
      output_tail:
        'Failed: instance gw-2:4242:3fa1c9 stopped answering during the run (last heartbeat 2026-11-21 03:00:41); its unfinished files were removed',
    };
    request.mockImplementation(async (_path: string, body: { method: string }) => {
      if (body.method === 'next_runs') return { cron: '0 3 * * *', next: [] };
      if (body.method === 'history') return { total: 1, list: [lost] };
      return {};
    });
    usePermissionStore.setState({ buttons: new Set() });
    render(<TimedTaskExtras taskId={7} />, { wrapper: Providers });
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText(/instance gw-2:4242:3fa1c9 stopped answering during the run/)).toBeTruthy();
    cleanup();
    setLanguage('zh_CN');
    request.mockImplementation(async (_path: string, body: { method: string }) => {
      if (body.method === 'next_runs') return { cron: '0 3 * * *', next: [] };
      if (body.method === 'history')
        return {
          total: 1,
          list: [
            {
              ...lost,
              output_tail:
                '失败：执行期间实例 gw-2:4242:3fa1c9 停止响应（最后心跳 2026-11-21 03:00:41），未完成的文件已删除',
            },
          ],
        };
      return {};
    });
    render(<TimedTaskExtras taskId={7} />, { wrapper: Providers });
    expect(await screen.findByText('失败')).toBeTruthy();
    expect(screen.getByText(/实例 gw-2:4242:3fa1c9 停止响应/)).toBeTruthy();
  });

  it('shows the next runs and the history; run now only with its key', async () => {
    usePermissionStore.setState({ buttons: new Set() });
    const { unmount } = render(<TimedTaskExtras taskId={7} />, { wrapper: Providers });
    expect(await screen.findByText('2026-11-22 03:00:00')).toBeTruthy();
    expect(await screen.findByText('Skipped')).toBeTruthy();
    expect(screen.getByText(/not applied on this host/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Run now/ })).toBeNull();
    unmount();
    usePermissionStore.setState({ buttons: new Set(['system:timed_task:run_now']) });
    render(<TimedTaskExtras taskId={7} />, { wrapper: Providers });
    fireEvent.click(await screen.findByRole('button', { name: /Run now/ }));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/system/timed_task',
        { method: 'run_now', id: 7 },
        { sites: null },
      ),
    );
  });
});
