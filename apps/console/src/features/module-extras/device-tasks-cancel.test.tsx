import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');
const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../resource/test-support.tsx');
const { DeviceTasks } = await import('./device-tasks.tsx');

/**
 * A CPE's task list (issue 15 item 4): the GetRPCMethods answer, the transfer and the connection
 * request in words, the CPE's own transfer named, and Cancel on a pending task only for a role
 * holding `tr069:device:cancel_tasks` (the server checks it too).
 */

const mount = (node: React.ReactNode) => render(<Providers>{node}</Providers>);
type Body = Record<string, unknown>;
const DAY = '2026-11-26';
const task = (id: number, name: string, state: string, detail: Record<string, unknown>, fault = '') => ({
  id,
  name,
  detail,
  state,
  fault_code: fault,
  fault_string: fault ? 'checksum' : '',
  created_by: 'admin',
  created_at: `${DAY} 10:00:00`,
  not_before: '',
  done_at: state === 'pending' ? '' : `${DAY} 10:00:05`,
});

function serve(calls: Body[]) {
  request.mockImplementation(async (endpoint: string, body: Body) => {
    calls.push(body);
    if (endpoint === '/admin.php/tr069/device' && body.method === 'history')
      return {
        total: 4,
        by_state: { pending: 1, done: 2, failed: 1 },
        list: [
          task(4, 'reboot', 'pending', { wake: { sent: false, http_status: 503 } }),
          task(3, 'getRPCMethods', 'done', { methods: ['GetRPCMethods', 'Reboot'], wake: { sent: true } }),
          task(
            2,
            'download',
            'failed',
            { file: 'fw', transfer: { bytes: 0, result: 'file missing', at: '' } },
            '9016',
          ),
          task(1, 'autonomousTransfer', 'done', { url: 'http://vendor.example/fw.bin' }),
        ],
      };
    if (endpoint === '/admin.php/tr069/device' && body.method === 'cancel_tasks') return { cancelled: 1 };
    throw new Error(`unexpected call ${endpoint} ${String(body.method)}`);
  });
}

describe("a CPE's tasks", () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
  });

  it('shows the answers in words; Cancel only with the button, only on a pending task', async () => {
    const calls: Body[] = [];
    serve(calls);
    usePermissionStore.setState({ buttons: new Set() });
    const { unmount } = mount(<DeviceTasks domain="tr069" id={5} />);
    expect(await screen.findByText('Get RPC methods')).toBeTruthy();
    expect(screen.getByText('Methods: GetRPCMethods, Reboot')).toBeTruthy();
    expect(screen.getByText('Transfer by the CPE')).toBeTruthy();
    expect(screen.getByText('Not woken (HTTP 503): taken at the next inform')).toBeTruthy();
    expect(screen.getAllByText('Download failure: cannot access the file').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    unmount();

    usePermissionStore.setState({ buttons: new Set(['tr069:device:cancel_tasks']) });
    mount(<DeviceTasks domain="tr069" id={5} />);
    const buttons = await screen.findAllByRole('button', { name: 'Cancel' });
    expect(buttons).toHaveLength(1);
    await userEvent.click(buttons[0]!);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'cancel_tasks')).toBe(true));
    expect(calls.find((c) => c.method === 'cancel_tasks')).toEqual({
      method: 'cancel_tasks',
      id: 5,
      task_id: 4,
    });
  });

  it('reads in Chinese', async () => {
    serve([]);
    setLanguage('zh_CN');
    usePermissionStore.setState({ buttons: new Set(['tr069:device:cancel_tasks']) });
    mount(<DeviceTasks domain="tr069" id={5} />);
    expect(await screen.findByText('查询RPC方法')).toBeTruthy();
    expect(screen.getByText('终端自主传输')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取消' })).toBeTruthy();
  });
});
