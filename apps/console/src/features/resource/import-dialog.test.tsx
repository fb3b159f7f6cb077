import { type ResourceDef, resourceByName } from '@igs/contract/resources';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../request/index.ts', () => import('../../test/request-mock.ts'));
const { request } = await import('../../test/request-mock.ts');

const { setLanguage } = await import('../../i18n/index.ts');
const { useUserStore } = await import('../../stores/user.ts');
const { ImportDialog, formatOf } = await import('./import-dialog.tsx');
const { Providers } = await import('./test-support.tsx');

const contact = resourceByName('voice:contact')!; // CSV and vCard
const extension = resourceByName('voice:extension')!; // CSV only
const dnsHost = resourceByName('system:dns_host')!; // CSV and /etc/hosts
const epg = resourceByName('media:epg')!; // CSV and XMLTV

const VCF = 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Li Si\r\nTEL;TYPE=CELL:12345\r\nEND:VCARD\r\n';

function renderDialog(def: ResourceDef = contact, onImported = vi.fn()) {
  render(<ImportDialog def={def} open onClose={() => {}} onImported={onImported} />, { wrapper: Providers });
  return onImported;
}

const fileInput = () => document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;
const pick = (name: string, text = VCF) =>
  fireEvent.change(fileInput(), { target: { files: [new File([text], name)] } });
/**
 * Whether antd shows the option as chosen. Not the input's `checked`: under test every radio group
 * gets the same generated `name`, so jsdom unchecks the format when the mode is checked.
 */
const chosen = (label: string) =>
  screen.getByRole('radio', { name: label }).closest('.ant-radio')!.classList.contains('ant-radio-checked');
const sent = (n: number) => Object.fromEntries((request.mock.calls[n]![1] as FormData).entries());

describe('formatOf', () => {
  it('takes the format from the extension, among the formats the list imports', () => {
    expect(formatOf('Book.VCF', ['csv', 'vcard'])).toBe('vcard');
    expect(formatOf('book.vcard', ['csv', 'vcard'])).toBe('vcard');
    expect(formatOf('book.csv', ['csv', 'vcard'])).toBe('csv');
    expect(formatOf('book.vcf', ['csv'])).toBeUndefined();
    // /etc/hosts has no extension: a file no other format claims is a hosts file.
    expect(formatOf('hosts', ['csv', 'hosts'])).toBe('hosts');
    expect(formatOf('records.csv', ['csv', 'hosts'])).toBe('csv');
    // A gzip-compressed file by the name inside; a workbook as Excel.
    expect(formatOf('channels.CSV.gz', ['csv', 'xlsx'])).toBe('csv');
    expect(formatOf('channels.xlsx', ['csv', 'xlsx'])).toBe('xlsx');
  });
});

describe('ImportDialog', () => {
  beforeEach(() => {
    setLanguage('en');
    useUserStore.setState({ isOperations: 0 });
    request.mockReset();
  });
  afterEach(cleanup);

  it('offers vCard beside CSV for the address book, and picks it from a .vcf file', async () => {
    renderDialog();
    expect(fileInput().accept).toBe('.csv,.xlsx,.vcf,.vcard,.gz');
    expect(screen.getByText('Choose a file: CSV / Excel (XLSX) / vCard (.vcf)')).toBeTruthy();
    expect(chosen('CSV')).toBe(true);
    pick('contacts.vcf');
    await waitFor(() => expect(chosen('vCard (.vcf)')).toBe(true));
    expect(chosen('CSV')).toBe(false);
  });

  it('offers no vCard where the description does not name it, and Excel wherever CSV is', () => {
    renderDialog(extension);
    expect(fileInput().accept).toBe('.csv,.xlsx,.gz');
    expect(screen.queryByText(/vCard/)).toBeNull();
    expect(chosen('CSV')).toBe(true);
    expect(chosen('Excel (XLSX)')).toBe(false);
  });

  it('picks Excel from a .xlsx file, sends it as xlsx and names the sheet it read', async () => {
    renderDialog(extension);
    pick('extensions.xlsx', 'PK');
    await waitFor(() => expect(chosen('Excel (XLSX)')).toBe(true));
    request.mockResolvedValueOnce({
      total: 1,
      inserted: 0,
      updated: 0,
      skipped: 0,
      dry_run: true,
      sheet: 'Sheet1',
      errors: [{ line: 3, field: 'number', msg: 'bad' }],
    });
    fireEvent.click(screen.getByRole('button', { name: /Check \(dry run\)$/ }));
    const report = await screen.findByTestId('import-report');
    expect(sent(0)).toMatchObject({ format: 'xlsx', dry_run: '1' });
    expect(sent(0).encoding).toBeUndefined();
    expect(within(report).getByText('Read sheet “Sheet1” (the first of the workbook)')).toBeTruthy();
    expect(within(report).getByText('Line')).toBeTruthy(); // the sheet's row numbers
    expect(within(report).queryByTestId('import-encoding')).toBeNull();
  }, 15_000);

  it('says which encoding a CSV was read as, and checks it again in the encoding chosen', async () => {
    setLanguage('zh_CN');
    const onImported = renderDialog(extension);
    pick('ext.csv', 'number,name\n80,x\n');
    const reply = { total: 1, inserted: 1, updated: 0, skipped: 0, dry_run: true, errors: [] };
    request.mockResolvedValueOnce({ ...reply, encoding: { name: 'gb18030', by: 'guess', gzip: false } });
    fireEvent.click(screen.getByRole('button', { name: /预检/ }));
    const shown = await screen.findByTestId('import-encoding');
    expect(within(shown).getByText('按 GB18030 读取（自动识别）')).toBeTruthy();
    expect(sent(0).encoding).toBeUndefined();

    // Another encoding: the check runs again at once, with it.
    request.mockResolvedValueOnce({ ...reply, encoding: { name: 'big5', by: 'given', gzip: true } });
    fireEvent.mouseDown(within(shown).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Big5（繁体中文）'));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    expect(sent(1)).toMatchObject({ format: 'csv', dry_run: '1', encoding: 'big5' });
    await screen.findByText('按 Big5 读取（手动指定） · 已从 gzip 解压');

    // The import runs with the encoding that was checked.
    request.mockResolvedValueOnce({ ...reply, dry_run: false });
    const run = screen.getByRole('button', { name: /^(loading )?导\s?入$/ }) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    fireEvent.click(run);
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(sent(2)).toMatchObject({ dry_run: '0', encoding: 'big5' });
  }, 15_000);

  it('takes a gzipped XMLTV guide, lists what it leaves out and why, and still offers the import', async () => {
    setLanguage('zh_CN');
    const onImported = renderDialog(epg);
    // XMLTV is the guide's one format; a gzipped guide may be picked.
    expect(fileInput().accept).toBe('.xml,.gz');
    pick('uk-guide.xml.gz', 'gzip bytes');
    const reply = { total: 17, inserted: 10, updated: 0, skipped: 7, dry_run: true, errors: [] };
    request.mockResolvedValueOnce({
      ...reply,
      notes: [
        { line: 32, field: 'stop', msg: '"Zero"的开始和结束时间都是2026-06-01 06:00:00（时长为零），已跳过' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: /预检/ }));
    const notes = await screen.findByTestId('import-notes');
    expect(sent(0)).toMatchObject({ format: 'xmltv', dry_run: '1' });
    expect(within(notes).getByText('1 项被跳过或调整，原因见下表；其余数据照常导入。')).toBeTruthy();
    expect(within(notes).getByText('32')).toBeTruthy();
    expect(within(notes).getByText('结束时间')).toBeTruthy(); // the field's label
    expect(within(notes).getByText(/时长为零/)).toBeTruthy();
    // Notes are no errors: the import is offered.
    request.mockResolvedValueOnce({ ...reply, dry_run: false });
    const run = screen.getByRole('button', { name: /^(loading )?导\s?入$/ }) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    fireEvent.click(run);
    await waitFor(() => expect(onImported).toHaveBeenCalled());
  }, 15_000);

  it('takes a hosts file of any name for DNS host records', async () => {
    renderDialog(dnsHost);
    expect(fileInput().accept).toBe('');
    pick('hosts', '10.0.0.5 printer.lan\n');
    await waitFor(() => expect(chosen('hosts file (/etc/hosts)')).toBe(true));
  });

  it('checks a vCard file first, shows the errors by record and field, and imports only a clean file', async () => {
    const onImported = renderDialog();
    pick('contacts.vcf');
    request.mockResolvedValueOnce({
      total: 1,
      inserted: 0,
      updated: 0,
      skipped: 0,
      errors: [{ line: 1, field: 'mobile', msg: 'Mobile must be an 11-digit number starting with 1' }],
    });
    fireEvent.click(screen.getByRole('button', { name: /Check \(dry run\)$/ }));
    const report = await screen.findByTestId('import-report');
    expect(request).toHaveBeenCalledWith(contact.endpoint, expect.any(FormData), { sites: null });
    expect(sent(0)).toMatchObject({ method: 'import', format: 'vcard', mode: 'append', dry_run: '1' });
    expect((sent(0).file as File).name).toBe('contacts.vcf');
    const table = within(report).getByRole('table');
    expect(within(table).getByText('Record')).toBeTruthy(); // a card's number, not a file line
    expect(within(table).getByText('Mobile')).toBeTruthy();
    expect(within(table).getByText('Mobile must be an 11-digit number starting with 1')).toBeTruthy();
    expect((screen.getByRole('button', { name: /^(loading )?Import$/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // The corrected file checks clean; then the import runs on exactly that file.
    pick('contacts.vcf', VCF.replace('12345', '13800000000'));
    request.mockResolvedValueOnce({ total: 1, inserted: 1, updated: 0, skipped: 0, errors: [] });
    fireEvent.click(screen.getByRole('button', { name: /Check \(dry run\)$/ }));
    await screen.findByText('Check result (nothing written)');
    const run = screen.getByRole('button', { name: /^(loading )?Import$/ }) as HTMLButtonElement;
    await waitFor(() => expect(run.disabled).toBe(false));
    request.mockResolvedValueOnce({ total: 1, inserted: 1, updated: 0, skipped: 0, errors: [] });
    fireEvent.click(run);
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(sent(2)).toMatchObject({ format: 'vcard', dry_run: '0' });
  });

  it('names CSV errors by file line', async () => {
    renderDialog(extension);
    pick('ext.csv', 'number,name\n80,x\n');
    request.mockResolvedValueOnce({
      total: 1,
      inserted: 0,
      updated: 0,
      skipped: 0,
      errors: [{ line: 2, field: 'number', msg: 'bad' }],
    });
    fireEvent.click(screen.getByRole('button', { name: /Check \(dry run\)$/ }));
    const report = await screen.findByTestId('import-report');
    expect(within(report).getByText('Line')).toBeTruthy();
    expect(sent(0)).toMatchObject({ format: 'csv' });
  });
});
