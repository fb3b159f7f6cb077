import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
// ECharts needs a canvas: the chart shows its option as text instead.
vi.mock('./lazy-chart.tsx', () => ({
  LazyChart: ({ option }: { option: { series: { name: string; data: number[] }[] } }) => (
    <div data-testid="chart">{option.series.map((s) => `${s.name}:${s.data.join(',')}`).join('|')}</div>
  ),
}));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { Providers } = await import('../resource/test-support.tsx');
const { EpgTimeline, blockOf, PX_PER_MIN } = await import('./epg-timeline.tsx');
const { WakeupTodayView } = await import('./wakeup-today.tsx');
const { CallsPerDay, callsChartOption } = await import('./calls-per-day.tsx');
const { DeviceTasks } = await import('./device-tasks.tsx');
const { ExtensionCalls } = await import('./extension-calls.tsx');
const { CpeParameters } = await import('./cpe-parameters.tsx');
const { RECORD_VIEW_TEXTS } = await import('./record-views-texts.ts');

const mount = (node: React.ReactNode) => render(<Providers>{node}</Providers>);
type Body = Record<string, unknown>;
/** Answers each call by endpoint and method; anything else is a test error. */
function serve(routes: Record<string, (body: Body) => unknown>) {
  request.mockImplementation(async (endpoint: string, body: Body) => {
    const key = `${endpoint} ${String(body.method)}`;
    const route = routes[key];
    if (!route) throw new Error(`unexpected call ${key}`);
    return route(body);
  });
}

const DAY = '2026-11-26';
const NOW = dayjs(`${DAY} 20:10:00`);
const programme = (id: number, channel: number, start: string, stop: string, title: string, more = {}) => ({
  id,
  program_id: channel,
  start: `${DAY} ${start}:00`,
  stop: stop.length > 5 ? stop : `${DAY} ${stop}:00`,
  title,
  title_en: null,
  source: 'manual',
  ...more,
});

describe('views beside the record pages', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    useUserStore.setState({ isOperations: 0 });
    usePermissionStore.setState({ buttons: new Set() });
  });

  it('texts exist in both languages', () => {
    for (const [key, v] of Object.entries(RECORD_VIEW_TEXTS)) {
      expect(v.en, key).toBeTruthy();
      expect(v.zh_CN, key).toBeTruthy();
      // Chinese words in the Chinese text, not the English one left untranslated.
      expect(v.zh_CN, key).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('EPG blocks sit at their time on the day, clipped at midnight', () => {
    expect(blockOf(DAY, { start: `${DAY} 06:00:00`, stop: `${DAY} 07:30:00` })).toEqual({
      left: 360 * PX_PER_MIN,
      width: 90 * PX_PER_MIN,
    });
    // From the evening before to 01:00: from the day's start.
    expect(blockOf(DAY, { start: '2026-11-25 23:00:00', stop: `${DAY} 01:00:00` })).toEqual({
      left: 0,
      width: 60 * PX_PER_MIN,
    });
    expect(blockOf(DAY, { start: `${DAY} 23:30:00`, stop: '2026-11-27 00:30:00' })?.width).toBe(
      30 * PX_PER_MIN,
    );
    expect(blockOf(DAY, { start: '2026-11-27 00:00:00', stop: '2026-11-27 01:00:00' })).toBeNull();
  });

  it('EPG timeline: a row per channel in channel order, blocks that open their programme', async () => {
    setLanguage('en');
    const lists: Body[] = [];
    serve({
      '/admin.php/media/live options': () => [
        { value: 1, label: 'CCTV-1' },
        { value: 2, label: 'Lakeside Test' },
      ],
      '/admin.php/media/epg list': (body) => {
        lists.push(body);
        return {
          total: 3,
          list: [
            programme(10, 2, '19:00', '20:00', '湖畔新闻', { title_en: 'Lakeside News' }),
            programme(11, 1, '20:00', '21:00', '新闻联播', { desc: 'The evening news.', category: 'News' }),
            programme(12, 2, '20:00', '22:00', '电影', { title_en: 'Film night' }),
          ],
        };
      },
    });
    mount(<EpgTimeline now={NOW} />);
    const block = await screen.findByRole('button', { name: 'Lakeside News 19:00–20:00' });
    expect(lists[0]).toMatchObject({
      method: 'list',
      sort: 'start',
      order: 'asc',
      filter: { start: ['', `${DAY} 23:59:59`], stop: [`${DAY} 00:00:01`, ''] },
    });
    await screen.findByText('CCTV-1');
    // Rows in the channels' order: CCTV-1 first although its programme came second.
    const labels = [...document.querySelectorAll('.epg-tl-row:not(.epg-tl-head) .epg-tl-label')].map(
      (e) => e.textContent,
    );
    expect(labels).toEqual(['CCTV-1', 'Lakeside Test']);
    expect(screen.getByText('3 programmes · 2 channels')).toBeTruthy();
    // On air at 20:10: the news on CCTV-1 and the film, not the programme that ended at 20:00.
    const onAir = [...document.querySelectorAll('.epg-tl-block.on-air')].map((e) =>
      e.getAttribute('aria-label'),
    );
    expect(onAir).toEqual(['新闻联播 20:00–21:00', 'Film night 20:00–22:00']);
    expect(block.style.left).toBe(`${19 * 60 * PX_PER_MIN}px`);
    expect(document.querySelector('.epg-tl-now')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: '新闻联播 20:00–21:00' }));
    const pop = await screen.findByRole('tooltip');
    expect(within(pop).getByText('On air')).toBeTruthy();
    expect(within(pop).getByText('2026-11-26 20:00–21:00')).toBeTruthy();
    expect(within(pop).getByText('60 min')).toBeTruthy();
    expect(within(pop).getByText('The evening news.')).toBeTruthy();
    expect(within(pop).getByText('Entered by hand')).toBeTruthy();
    // No edit key, no edit button.
    expect(within(pop).queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('EPG timeline: with the edit key a programme opens its form from its block', async () => {
    usePermissionStore.setState({ buttons: new Set(['media:epg:edit']) });
    const p = programme(11, 1, '20:00', '21:00', '新闻联播');
    serve({
      '/admin.php/media/live options': () => [{ value: 1, label: 'CCTV-1' }],
      '/admin.php/media/epg list': () => ({ total: 1, list: [p] }),
      '/admin.php/media/epg detail': () => p,
    });
    mount(<EpgTimeline now={NOW} />);
    await userEvent.click(await screen.findByRole('button', { name: '新闻联播 20:00–21:00' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByText('Edit EPG programme', { exact: false })).toBeTruthy();
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/admin.php/media/epg',
        { method: 'detail', id: 11 },
        expect.anything(),
      ),
    );
  });

  it('EPG timeline: another day is asked for, and an empty day says so in Chinese', async () => {
    setLanguage('zh_CN');
    const lists: Body[] = [];
    serve({
      '/admin.php/media/live options': () => [],
      '/admin.php/media/epg list': (body) => {
        lists.push(body);
        return { total: 0, list: [] };
      },
    });
    mount(<EpgTimeline now={NOW} />);
    expect(await screen.findByText('当天没有节目')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '后一天' }));
    await waitFor(() =>
      expect(lists.at(-1)).toMatchObject({
        filter: { start: ['', '2026-11-27 23:59:59'], stop: ['2026-11-27 00:00:01', ''] },
      }),
    );
    expect(screen.getByRole('button', { name: /今\s?天/ }).hasAttribute('disabled')).toBe(false);
  });

  it("today's wake-up calls: the figures, each call's standing, a time gone marked", async () => {
    serve({
      '/admin.php/voice/extension options': () => [{ value: 7, label: 'Room 1102' }],
      '/admin.php/voice/wakeup stats': () => ({
        date: DAY,
        counts: { due: 2, calling: 0, answered: 1, failed: 1, cancelled: 0 },
        passed: 1,
        list: [
          {
            id: 1,
            room_ext: 7,
            time: '06:30',
            repeat: 'once',
            source: 'pms',
            state: 'scheduled',
            today: 'due',
            passed: true,
          },
          {
            id: 2,
            room_ext: 7,
            time: '07:00',
            repeat: 'daily',
            source: 'manual',
            state: 'answered',
            today: 'answered',
            passed: false,
          },
          {
            id: 3,
            room_ext: 7,
            time: '07:30',
            repeat: 'weekdays',
            source: null,
            state: 'failed',
            today: 'failed',
            passed: false,
          },
          {
            id: 4,
            room_ext: 7,
            time: '23:00',
            repeat: 'daily',
            source: 'phone',
            state: 'answered',
            today: 'due',
            passed: false,
          },
        ],
      }),
    });
    mount(<WakeupTodayView />);
    expect(await screen.findByText('Thursday, 26 November 2026')).toBeTruthy();
    expect(screen.getByText('1 past their time')).toBeTruthy();
    expect(screen.getByText('Time passed, not called')).toBeTruthy();
    expect((await screen.findAllByText('Room 1102')).length).toBe(4);
    expect(screen.getByText('Hotel PMS')).toBeTruthy();
    expect(screen.getByText('Weekdays (Mon–Fri)')).toBeTruthy();
    const rows = [...document.querySelectorAll('.ant-table-tbody tr[data-row-key]')].map(
      (r) => r.textContent,
    );
    expect(rows[3]).toContain('Due');
    expect(rows[1]).toContain('Done');
    expect(rows[2]).toContain('Failed');
    expect(document.body.textContent).not.toMatch(/\b(once|daily|pms|scheduled|answered)\b/);
  });

  it('calls per day: totals, stacked answered and missed, 30 days and a direction on request', async () => {
    const bodies: Body[] = [];
    const day = (date: string, answered: number, noAnswer: number, busy: number) => ({
      date,
      total: answered + noAnswer + busy,
      answered,
      missed: noAnswer + busy,
      no_answer: noAnswer,
      busy,
      failed: 0,
      congestion: 0,
    });
    serve({
      '/admin.php/voice/cdr stats': (body) => {
        bodies.push(body);
        return { from: '2026-11-25', to: DAY, days: [day('2026-11-25', 3, 1, 0), day(DAY, 5, 0, 1)] };
      },
    });
    mount(<CallsPerDay />);
    expect(await screen.findByTestId('chart')).toHaveProperty('textContent', 'Answered:3,5|Missed:1,1');
    expect(screen.getByText('80')).toBeTruthy(); // answer rate 8 of 10
    expect(bodies[0]).toEqual({ method: 'stats', days: 7 });
    await userEvent.click(screen.getByText('Last 30 days'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ method: 'stats', days: 30 }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Direction' }));
    await userEvent.click(await screen.findByText('Inbound'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ method: 'stats', days: 30, direction: 'inbound' }));
  });

  it('calls per day: the tooltip names the missed outcomes in the language; no calls, no chart', async () => {
    const d = {
      date: DAY,
      total: 4,
      answered: 1,
      missed: 3,
      no_answer: 2,
      busy: 0,
      failed: 1,
      congestion: 0,
    };
    const look = { answered: 'green', missed: 'orange', text: '#666', line: '#eee' };
    const option = callsChartOption([d], 'zh_CN', look, { answered: '已接听', missed: '未接通' }) as {
      tooltip: { formatter: (p: { dataIndex: number }[]) => string };
      xAxis: { data: string[] };
    };
    const tip = option.tooltip.formatter([{ dataIndex: 0 }]);
    expect(tip).toContain('未接听: 2');
    expect(tip).toContain('呼叫失败: 1');
    expect(tip).not.toContain('忙线');
    expect(option.xAxis.data).toEqual(['11/26 四']);

    serve({
      '/admin.php/voice/cdr stats': () => ({
        from: DAY,
        to: DAY,
        days: [{ ...d, total: 0, answered: 0, missed: 0, no_answer: 0, failed: 0 }],
      }),
    });
    mount(<CallsPerDay />);
    expect(await screen.findByText('No calls in these days')).toBeTruthy();
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it("a CPE's tasks and faults: the list's words for each task, secrets unsaid, fault meanings", async () => {
    serve({
      '/admin.php/tr069/device history': () => ({
        total: 3,
        by_state: { failed: 1, pending: 1, done: 1 },
        list: [
          {
            id: 3,
            name: 'setParameterValues',
            detail: {
              values: [
                ['Device.WiFi.SSID.1.SSID', 'Hotel'],
                ['Device.WiFi.AccessPoint.1.Security.KeyPassphrase', null],
              ],
            },
            state: 'pending',
            fault_code: '',
            fault_string: '',
            created_by: 'admin',
            created_at: `${DAY} 10:00:00`,
            not_before: '',
            done_at: '',
          },
          {
            id: 2,
            name: 'refreshObject',
            detail: { paths: [''] },
            state: 'done',
            fault_code: '',
            fault_string: '',
            created_by: 'admin',
            created_at: `${DAY} 09:00:00`,
            not_before: '',
            done_at: `${DAY} 09:01:00`,
          },
          {
            id: 1,
            name: 'reboot',
            detail: {},
            state: 'failed',
            fault_code: '9000',
            fault_string: 'Method not supported',
            created_by: 'plan #2',
            created_at: `${DAY} 03:00:00`,
            not_before: '',
            done_at: `${DAY} 03:00:05`,
          },
        ],
      }),
    });
    mount(<DeviceTasks domain="tr069" id={5} />);
    expect(await screen.findByText('Set parameters')).toBeTruthy();
    expect(screen.getByText('Refresh parameters')).toBeTruthy();
    expect(screen.getByText('All parameters')).toBeTruthy();
    expect(screen.getByText('value not shown')).toBeTruthy();
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(screen.getByText('Faults')).toBeTruthy();
    expect(screen.getByText('Method not supported', { selector: 'span:not(.ant-typography)' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/setParameterValues|refreshObject|pending/);
  });

  it("a CPE's parameters: paths without their root, a secret unsaid, types in words, searched by path", async () => {
    const bodies: Body[] = [];
    serve({
      '/admin.php/tr069/device status': (body) => {
        bodies.push(body);
        return {
          total: 3,
          reported_at: `${DAY} 10:00:00`,
          list: [
            {
              path: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.Channel',
              value: '6',
              secret: false,
              type: 'xsd:unsignedInt',
              updated_at: `${DAY} 10:00:00`,
            },
            {
              path: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.KeyPassphrase',
              value: null,
              secret: true,
              type: 'xsd:string',
              updated_at: `${DAY} 10:00:00`,
            },
            {
              path: 'Device.X_VENDOR.Counter',
              value: '12',
              secret: false,
              type: 'xsd:long64',
              updated_at: `${DAY} 09:00:00`,
            },
          ],
        };
      },
    });
    mount(<CpeParameters id={5} />);
    expect(await screen.findByText('LANDevice.1.WLANConfiguration.1.Channel')).toBeTruthy();
    expect(screen.getByText('Unsigned integer')).toBeTruthy();
    expect(screen.getByText('value not shown')).toBeTruthy();
    expect(screen.getByText('Other')).toBeTruthy();
    expect(screen.getByText('· last report 2026-11-26 10:00:00', { exact: false })).toBeTruthy();
    expect(bodies[0]).toEqual({ method: 'status', id: 5, keyword: '', page: 1, limit: 10 });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search a parameter path' }), 'wlan{Enter}');
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ method: 'status', id: 5, keyword: 'wlan', page: 1, limit: 10 }),
    );
  });

  it("an AP's commands show the agent's answer; a refused history shows nothing", async () => {
    serve({
      '/admin.php/ac/ap history': () => ({
        total: 1,
        by_state: { done: 1 },
        list: [
          {
            id: 9,
            name: 'upgrade',
            detail: { version: '2.1.0' },
            state: 'done',
            fault_code: '',
            fault_string: 'flashed, rebooting',
            created_by: 'admin',
            created_at: `${DAY} 10:00:00`,
            not_before: '',
            done_at: `${DAY} 10:05:00`,
          },
        ],
      }),
    });
    const { unmount } = mount(<DeviceTasks domain="ac" id={1} />);
    expect(await screen.findByText('Upgrade firmware')).toBeTruthy();
    expect(screen.getByText('Commands')).toBeTruthy();
    expect(screen.getByText('Version 2.1.0')).toBeTruthy();
    expect(screen.getByText('flashed, rebooting')).toBeTruthy();
    unmount();
    request.mockRejectedValue(new Error('403'));
    const { container } = mount(<DeviceTasks domain="ac" id={1} />);
    await waitFor(() => expect(request).toHaveBeenCalled());
    await waitFor(() => expect(container.textContent).toBe(''));
  });

  it("an extension's recent calls read as the call records do", async () => {
    setLanguage('zh_CN');
    const bodies: Body[] = [];
    serve({
      '/admin.php/voice/cdr history': (body) => {
        bodies.push(body);
        return {
          total: 12,
          list: [
            {
              id: 1,
              start: `${DAY} 09:00:00`,
              src: '8101',
              dst: '8102',
              disposition: 'NO ANSWER',
              billsec: 0,
              direction: 'internal',
            },
            {
              id: 2,
              start: `${DAY} 08:00:00`,
              src: '8101',
              dst: '0571',
              disposition: 'ANSWERED',
              billsec: 75,
              direction: 'outbound',
            },
          ],
        };
      },
    });
    mount(<ExtensionCalls extension="8101" />);
    expect(await screen.findByText('未接听')).toBeTruthy();
    expect(screen.getByText('最近通话')).toBeTruthy();
    expect(bodies[0]).toEqual({ method: 'history', extension: '8101', limit: 10 });
    expect(screen.getByText('呼出')).toBeTruthy();
    expect(screen.getByText('(12)', { exact: false })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/NO ANSWER|ANSWERED|outbound/);
  });
});
