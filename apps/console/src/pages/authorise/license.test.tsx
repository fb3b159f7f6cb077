import { Paths } from '@igs/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { banner, type LicenceDetail, uncoveredInstances, usagePercent } from './license-logic.ts';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: License } = await import('./License.tsx');

const AREAS = ['voice', 'video', 'ac', 'tr069', 'media', 'advertising', 'smart', 'aiso'];
const CODE_A = 'ABCD-0000-1111-2222-3333-4444-5555-6666';
const CODE_B = 'BBBB-0000-1111-2222-3333-4444-5555-6666';
const CODE_C = 'CCCC-0000-1111-2222-3333-4444-5555-6666';

type Instance = LicenceDetail['instances'][number];
const instance = (over: Partial<Instance>): Instance => ({
  machine_code: CODE_A,
  hostname: 'node-1',
  version: '0.1.0',
  last_seen_at: '2026-05-01 10:00:00',
  current: true,
  this_instance: false,
  covered: false,
  ...over,
});
const fleet = (): Instance[] => [
  instance({ machine_code: CODE_A, hostname: 'node-1', this_instance: true, covered: true }),
  instance({ machine_code: CODE_B, hostname: 'node-2' }),
  instance({ machine_code: CODE_C, hostname: 'node-3', current: false, last_seen_at: '2026-04-01 08:00:00' }),
];

function detail(over: Partial<LicenceDetail> = {}): LicenceDetail {
  return {
    state: 'evaluation',
    reason: '',
    warning: '',
    product: 'igs-gateway',
    serial_no: '',
    machine_code: '',
    machine_codes: [],
    this_machine_code: CODE_A,
    machine_code_error: '',
    customer: '',
    issued_at: '',
    expires_at: '',
    days_left: null,
    limits: [{ key: 'channels', limit: null, usage: 3 }],
    modules: AREAS,
    areas: AREAS.map((a) => ({ key: a, name: a.toUpperCase() })),
    instances: [instance({ this_instance: true })],
    version: '0.1.0',
    build: 'dev',
    ...over,
  };
}

describe('licence page logic', () => {
  it('chooses the banner by state', () => {
    expect(banner(detail())).toEqual({ type: 'info', text: 'state' });
    expect(banner(detail({ state: 'valid' }))).toEqual({ type: 'success', text: 'state' });
    expect(banner(detail({ state: 'valid', warning: 'soon' }))).toEqual({ type: 'warning', text: 'warning' });
    expect(banner(detail({ state: 'expired', reason: 'expired on …' }))).toEqual({
      type: 'error',
      text: 'reason',
    });
  });

  it('names the running instances a licence leaves out, none without a licence', () => {
    expect(
      uncoveredInstances(detail({ state: 'valid', machine_codes: [CODE_A], instances: fleet() })),
    ).toEqual([fleet()[1]]);
    // Evaluation: no licence names a machine, so none is "left out".
    expect(uncoveredInstances(detail({ instances: fleet() }))).toEqual([]);
    // A fleet licence for both running machines (the server marks them covered): none left out.
    const both = fleet().map((i) => ({ ...i, covered: i.machine_code !== CODE_C }));
    expect(
      uncoveredInstances(detail({ state: 'valid', machine_codes: [CODE_A, CODE_B], instances: both })),
    ).toEqual([]);
  });

  it('measures usage against the limit', () => {
    expect(usagePercent(null, 4)).toBeNull();
    expect(usagePercent(10, null)).toBeNull();
    expect(usagePercent(10, 5)).toBe(50);
    expect(usagePercent(2, 3)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
  });
});

describe('License page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
  });

  it('shows the evaluation banner and the machine code', async () => {
    usePermissionStore.setState({ buttons: new Set() });
    request.mockResolvedValue(detail());
    render(<License />, { wrapper: Providers });
    expect(await screen.findByText(/^Evaluation mode: no licence is installed/)).toBeTruthy();
    expect(screen.getAllByText(CODE_A).length).toBeGreaterThan(0);
    const instances = screen.getByTestId('licence-instances');
    expect(within(instances).getByText('node-1')).toBeTruthy();
    expect(within(instances).getByText('this instance')).toBeTruthy();
    expect(within(instances).getByText('Running')).toBeTruthy();
    expect(within(instances).getByText('No licence')).toBeTruthy();
    expect(screen.queryByTestId('licence-uncovered')).toBeNull();
    expect(screen.queryByRole('button', { name: /Import licence/ })).toBeNull();
    expect(request).toHaveBeenCalledWith(
      Paths.licence,
      { method: 'detail' },
      { loading: false, sites: null },
    );
  });

  it('shows a valid licence with its modules, limits and expiry warning', async () => {
    usePermissionStore.setState({
      buttons: new Set(['authorise:license:import', 'authorise:license:export']),
    });
    request.mockResolvedValue(
      detail({
        state: 'valid',
        warning: 'The licence expires on 2026-12-01 (10 days left): renew it in time',
        serial_no: 'SN-1',
        customer: 'Hotel',
        expires_at: '2026-12-01',
        days_left: 10,
        modules: ['media'],
        limits: [{ key: 'channels', limit: 2, usage: 2 }],
      }),
    );
    render(<License />, { wrapper: Providers });
    expect(
      await screen.findByText('The licence expires on 2026-12-01 (10 days left): renew it in time'),
    ).toBeTruthy();
    expect(screen.getByText('SN-1')).toBeTruthy();
    expect(screen.getByText('Live channels')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Import licence/ })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('MEDIA')).toBeTruthy());
  });
});

describe('License page: the instances of a fleet', () => {
  beforeEach(() => {
    request.mockReset();
    usePermissionStore.setState({ buttons: new Set() });
  });
  const licensed = () =>
    detail({
      state: 'valid',
      serial_no: 'SN-FLEET',
      machine_code: CODE_A,
      machine_codes: [CODE_A],
      modules: ['media'],
      instances: fleet(),
    });
  const rowOf = (host: string) => screen.getByText(host).closest('tr') as HTMLElement;

  it('shows each instance, whether the licence covers it, and warns of a running one left out', async () => {
    setLanguage('en');
    request.mockResolvedValue(licensed());
    render(<License />, { wrapper: Providers });
    expect((await screen.findByTestId('licence-uncovered')).textContent).toBe(
      `The licence does not cover 1 running instance(s): node-2 (${CODE_B}). Their business modules are refused. Send the machine-code request to the vendor for a licence naming every machine.`,
    );
    expect(within(rowOf('node-1')).getByText('Covered')).toBeTruthy();
    expect(within(rowOf('node-1')).getByText('this instance')).toBeTruthy();
    expect(within(rowOf('node-2')).getByText('Not covered')).toBeTruthy();
    expect(within(rowOf('node-2')).getByText('Running')).toBeTruthy();
    expect(within(rowOf('node-2')).getByText(CODE_B)).toBeTruthy();
    expect(within(rowOf('node-3')).getByText('Gone')).toBeTruthy();
    expect(within(rowOf('node-3')).getByText('2026-04-01 08:00:00')).toBeTruthy();
    // The licensed machine code is shown as the code it is.
    expect(screen.getByText('Licensed machine code')).toBeTruthy();
  });

  it('says the same in Chinese', async () => {
    setLanguage('zh_CN');
    request.mockResolvedValue(licensed());
    render(<License />, { wrapper: Providers });
    expect((await screen.findByTestId('licence-uncovered')).textContent).toMatch(
      /^当前授权未覆盖 1 个运行中的实例：node-2 \(BBBB-/,
    );
    expect(screen.getByText('本系统的运行实例')).toBeTruthy();
    expect(within(rowOf('node-1')).getByText('已授权')).toBeTruthy();
    expect(within(rowOf('node-1')).getByText('当前实例')).toBeTruthy();
    expect(within(rowOf('node-2')).getByText('未授权')).toBeTruthy();
    expect(within(rowOf('node-2')).getByText('运行中')).toBeTruthy();
    expect(within(rowOf('node-3')).getByText('已离线')).toBeTruthy();
    setLanguage('en');
  });

  it('lists every machine a fleet licence names, and warns of none when it covers every running instance', async () => {
    setLanguage('en');
    request.mockResolvedValue(
      detail({
        ...licensed(),
        machine_codes: [CODE_A, CODE_B],
        instances: fleet().map((i) => ({ ...i, covered: i.machine_code !== CODE_C })),
      }),
    );
    render(<License />, { wrapper: Providers });
    expect(await screen.findByText('Licensed machine codes')).toBeTruthy();
    expect(screen.queryByTestId('licence-uncovered')).toBeNull();
    expect(within(rowOf('node-2')).getByText('Covered')).toBeTruthy();
  });
});

describe('License import', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
  });

  it('sends the chosen file as FormData with the import method', async () => {
    usePermissionStore.setState({ buttons: new Set(['authorise:license:import']) });
    request.mockImplementation(async (_path: string, body: unknown) =>
      body instanceof FormData ? { serial_no: 'SN-9', modules: [], expires_at: '' } : detail(),
    );
    const { container } = render(<License />, { wrapper: Providers });
    await screen.findByRole('button', { name: /Import licence/ });
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File(['-----BEGIN IGS LICENCE-----'], 'igs.lic', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(request.mock.calls.some(([, body]) => body instanceof FormData)).toBe(true));
    const [path, body] = request.mock.calls.find(([, b]) => b instanceof FormData)!;
    expect(path).toBe(Paths.licence);
    const fd = body as FormData;
    expect([...fd.keys()]).toEqual(['method', 'file']);
    expect(fd.get('method')).toBe('import');
    expect((fd.get('file') as File).name).toBe('igs.lic');
  });
});
