import { resourceByName } from '@igs/contract/resources';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { ExportMenu, exportFormats } = await import('./export-menu.tsx');
const { Providers } = await import('./test-support.tsx');

const program = resourceByName('media:live')!; // CSV and JSON
const extension = resourceByName('voice:extension')!; // CSV only
const category = resourceByName('media:live_type')!; // no export
const contact = resourceByName('voice:contact')!; // CSV and vCard
const cdr = resourceByName('voice:cdr')!; // CSV and Asterisk's Master.csv

describe('export formats', () => {
  it('adds XLSX to every resource that exports, and offers nothing where export is not allowed', () => {
    expect(exportFormats(program)).toEqual(['csv', 'xlsx', 'json']);
    expect(exportFormats(extension)).toEqual(['csv', 'xlsx', 'pjsip']);
    expect(exportFormats(category)).toEqual([]);
  });

  it("offers a module's own format only where its description names it", () => {
    expect(exportFormats(contact)).toEqual(['csv', 'xlsx', 'vcard']);
    expect(exportFormats(cdr)).toEqual(['csv', 'xlsx', 'cdr_csv']);
    for (const def of [program, extension, cdr]) expect(exportFormats(def)).not.toContain('vcard');
  });
});

describe('ExportMenu', () => {
  const open = vi.fn();
  beforeEach(() => {
    setLanguage('en');
    useUserStore.setState({ isOperations: 0 });
    request.mockReset();
    request.mockResolvedValue({ url: '/admin.php/common/download?token=abc' });
    open.mockReset();
    vi.stubGlobal('open', open);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('exports the filtered list as XLSX through the single-use URL', async () => {
    render(
      <ExportMenu def={extension} criteria={{ filter: { enabled: 1 }, keyword: '80' }} selectedIds={[]} />,
      {
        wrapper: Providers,
      },
    );
    fireEvent.mouseEnter(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByText('Excel (XLSX)'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/admin.php/common/download?token=abc', '_blank'));
    expect(request).toHaveBeenCalledWith(
      extension.endpoint,
      {
        method: 'export',
        format: 'xlsx',
        filter: { enabled: 1 },
        keyword: '80',
      },
      { sites: null },
    );
    expect(screen.getByText('CSV')).toBeTruthy();
    expect(screen.queryByText('JSON')).toBeNull();
  });

  it('exports only the selected rows when some are selected, on the operations endpoint in that mode', async () => {
    useUserStore.setState({ isOperations: 1 });
    render(<ExportMenu def={program} criteria={{ filter: {}, keyword: '' }} selectedIds={[4, 9]} />, {
      wrapper: Providers,
    });
    fireEvent.mouseEnter(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('Exports the 2 selected rows')).toBeTruthy();
    fireEvent.click(screen.getByText('Excel (XLSX)'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect(request).toHaveBeenCalledWith(
      program.opsEndpoint,
      {
        method: 'export',
        format: 'xlsx',
        filter: {},
        keyword: '',
        ids: [4, 9],
      },
      { sites: null },
    );
  });

  it('exports the address book as vCard, the file the server names', async () => {
    render(<ExportMenu def={contact} criteria={{ filter: {}, keyword: 'Li' }} selectedIds={[]} />, {
      wrapper: Providers,
    });
    fireEvent.mouseEnter(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click(await screen.findByText('vCard (.vcf)'));
    await waitFor(() => expect(open).toHaveBeenCalledWith('/admin.php/common/download?token=abc', '_blank'));
    expect(request).toHaveBeenCalledWith(
      contact.endpoint,
      {
        method: 'export',
        format: 'vcard',
        filter: {},
        keyword: 'Li',
      },
      { sites: null },
    );
    expect(screen.getByText('CSV')).toBeTruthy();
    expect(screen.getByText('Excel (XLSX)')).toBeTruthy();
  });

  it('labels the formats in the chosen language, and offers no vCard beside other lists', async () => {
    setLanguage('zh_CN');
    render(<ExportMenu def={cdr} criteria={{ filter: {}, keyword: '' }} selectedIds={[]} />, {
      wrapper: Providers,
    });
    fireEvent.mouseEnter(screen.getByRole('button', { name: /导出/ }));
    expect(await screen.findByText('Asterisk 话单 (Master.csv)')).toBeTruthy();
    expect(screen.queryByText(/vCard/)).toBeNull();
  });

  it('renders nothing for a resource without export', () => {
    const { container } = render(
      <ExportMenu def={category} criteria={{ filter: {}, keyword: '' }} selectedIds={[]} />,
      { wrapper: Providers },
    );
    expect(container.textContent).toBe('');
  });
});
