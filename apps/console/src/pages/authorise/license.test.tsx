import { Paths } from '@igs/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { banner, type LicenceDetail, usagePercent } from './license-logic.ts';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: License } = await import('./License.tsx');

const AREAS = ['voice', 'video', 'ac', 'tr069', 'media', 'advertising', 'smart', 'aiso'];

function detail(over: Partial<LicenceDetail> = {}): LicenceDetail {
  return {
    state: 'evaluation',
    reason: '',
    warning: '',
    product: 'igs-gateway',
    serial_no: '',
    machine_code: '',
    this_machine_code: 'ABCD-0000-1111-2222-3333-4444-5555-6666',
    machine_code_error: '',
    customer: '',
    issued_at: '',
    expires_at: '',
    days_left: null,
    limits: [{ key: 'channels', limit: null, usage: 3 }],
    modules: AREAS,
    areas: AREAS.map((a) => ({ key: a, name: a.toUpperCase() })),
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
    expect(screen.getByText('ABCD-0000-1111-2222-3333-4444-5555-6666')).toBeTruthy();
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
