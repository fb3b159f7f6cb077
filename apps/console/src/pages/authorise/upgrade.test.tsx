import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type PackageRow, rowVerbs } from './upgrade-logic.ts';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { usePermissionStore } = await import('../../stores/permission.ts');
const { Providers } = await import('../../features/resource/test-support.tsx');
const { default: Upgrade } = await import('./Upgrade.tsx');

const ROW: PackageRow = {
  id: 3,
  file_name: 'igs-gateway-0.2.0.tar.gz',
  version: '0.2.0',
  build: 'b7',
  size: 1024,
  sha256: 'b'.repeat(64),
  signature: 'valid',
  changelog: 'faster',
  state: 'verified',
  message: 'Signature and checksums verified',
  created_by: 'admin',
  created_at: '2026-11-21 10:00:00',
  applied_at: '',
  file_count: 2,
  newer: true,
};
const INFO = {
  version: '0.1.0',
  build: 'dev',
  node: 'v24.0.0',
  apply_enabled: false,
  current_release: '',
  previous_release: '',
};

describe('upgrade page logic', () => {
  it('offers apply for good packages, enabled only where installing is on', () => {
    expect(rowVerbs(ROW, INFO)).toEqual({ verify: true, apply: true, applyEnabled: false });
    expect(rowVerbs(ROW, { ...INFO, apply_enabled: true })).toEqual({
      verify: true,
      apply: true,
      applyEnabled: true,
    });
    expect(
      rowVerbs({ ...ROW, state: 'failed', signature: 'invalid' }, { ...INFO, apply_enabled: true }).apply,
    ).toBe(false);
  });
});

describe('Upgrade page', () => {
  beforeEach(() => {
    setLanguage('en');
    request.mockReset();
    request.mockImplementation(async (_p: string, body: { method: string; id?: number }) =>
      body.method === 'list' ? { list: [ROW], total: 1 } : INFO,
    );
  });

  it('shows the running version, that installing is off here, and the packages', async () => {
    usePermissionStore.setState({ buttons: new Set(['authorise:upgrade:add', 'authorise:upgrade:apply']) });
    render(<Upgrade />, { wrapper: Providers });
    expect(await screen.findByText('igs-gateway-0.2.0.tar.gz')).toBeTruthy();
    expect(screen.getByText('0.1.0')).toBeTruthy();
    expect(screen.getByText(/^Installing is off on this host/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Upload package/ })).toBeTruthy();
    expect((screen.getByRole('button', { name: /Apply/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
