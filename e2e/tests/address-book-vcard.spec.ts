import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword, Paths } from '@igs/contract';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminApiToken } from '../support/accounts.ts';
import { fillLogin, STRONG_PASSWORD } from '../support/shell.ts';

/*
 * The address book's vCard file in the browser (DOMAIN 2.2 voice/AddressBook, "I/O: CSV and
 * vCard 3.0, import and export"): the export menu downloads the server's .vcf of the searched
 * contacts; the import dialog takes that file back, checks it, reports a bad card, and imports.
 * Signs in with an account of its own, so it depends on no other spec.
 */

const CONTACT = '/admin.php/voice/contact';
const GROUP = '/admin.php/voice/contact_group';
const PAGE = '/voice/address-book?tab=contact';

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

async function call<T>(api: APIRequestContext, p: string, data: object, token?: string) {
  const res = await api.post(p, { data, headers: token ? { IGSAuth: token } : {} });
  return (await res.json()) as Envelope<T>;
}

const login = (api: APIRequestContext, username: string, password: string) =>
  call<{ token: string }>(api, Paths.login, { username, password: hashPassword(password), code: 'abcd' });

/** An account with the built-in admin role and a strong password. */
async function ownAccount(api: APIRequestContext) {
  // admin's default password answers nothing but its change: adminApiToken changes it if due.
  const admin = { data: { token: await adminApiToken(api) } };
  const ACCOUNTS = '/admin.php/system/administrator';
  const roles = await call<{ value: number; label: string }[]>(
    api,
    ACCOUNTS,
    { method: 'role_options' },
    admin.data.token,
  );
  const role = roles.data.find((r) => r.label === 'admin');
  expect(role, 'the admin role').toBeTruthy();
  const username = `e2e_vcard_${Date.now().toString(36)}`;
  const first = 'E2e-First-Pass1';
  const added = await call(
    api,
    ACCOUNTS,
    { method: 'add', username, password: hashPassword(first), role_id: role!.value },
    admin.data.token,
  );
  expect(added.code, added.msg).toBe(200);
  const own = await login(api, username, first);
  const changed = await call(
    api,
    Paths.personal,
    { method: 'change_password', password: hashPassword(first), new_password: STRONG_PASSWORD },
    own.data.token,
  );
  expect(changed.code, changed.msg).toBe(200);
  const token = (await login(api, username, STRONG_PASSWORD)).data.token;
  return { username, token };
}

const recordPage = (page: Page) => page.locator('.resource-page:visible');
const modal = (page: Page) => page.locator('.ant-modal:visible');

async function search(page: Page, keyword: string) {
  const rp = recordPage(page);
  await rp.locator('.resource-search input#keyword').fill(keyword);
  await rp.locator('.resource-search button[type="submit"]').click();
  await expect(rp.locator('.resource-table .ant-spin-spinning')).toHaveCount(0);
}

test('the address book exports a vCard file and imports it back', async ({ page }, info) => {
  const api = page.context().request;
  const { username, token } = await ownAccount(api);
  const tag = Date.now().toString(36);
  const group = await call<{ id: number }>(api, GROUP, { method: 'add', name: `Desk ${tag}` }, token);
  expect(group.code, group.msg).toBe(200);
  const people = [
    { name: `Zhang ${tag}`, mobile: '13800000001', department: 'Front, desk', group_id: group.data.id },
    { name: `李四 ${tag}`, extension: '8002', email: 'ls@example.com', group_id: group.data.id },
  ];
  for (const p of people) {
    const r = await call(api, CONTACT, { method: 'add', ...p }, token);
    expect(r.code, r.msg).toBe(200);
  }

  await page.goto('/login');
  await fillLogin(page, username, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto(PAGE);
  await expect(recordPage(page).locator('.resource-table .ant-table')).toBeVisible({ timeout: 20_000 });
  await search(page, tag);
  await expect(recordPage(page).locator('.resource-table tbody tr.ant-table-row')).toHaveCount(2);

  // Export: the menu offers vCard; the server's file opens in a new window and downloads.
  // Chromium reports the download of the window the console opens on the page that opened it.
  const download = page.waitForEvent('download');
  await recordPage(page)
    .getByRole('button', { name: /导出|Export/ })
    .hover();
  await page
    .locator('.ant-dropdown:visible')
    .getByText(/^vCard/)
    .click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^voice_contact-\d{14}\.vcf$/);
  const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'h3-vcard-')), file.suggestedFilename());
  await file.saveAs(saved);
  const vcf = fs.readFileSync(saved, 'utf8');
  expect(vcf.match(/BEGIN:VCARD/g)).toHaveLength(2);
  expect(vcf).toContain(`FN:李四 ${tag}`);
  expect(vcf).toContain(`CATEGORIES:Desk ${tag}`);

  // The exported contacts go; the file brings them back.
  const listed = await call<{ list: { id: number }[] }>(
    api,
    CONTACT,
    { method: 'list', keyword: tag },
    token,
  );
  const del = await call(api, CONTACT, { method: 'del', ids: listed.data.list.map((c) => c.id) }, token);
  expect(del.code, del.msg).toBe(200);
  await recordPage(page)
    .getByRole('button', { name: /刷新|Refresh/ })
    .click();
  await expect(recordPage(page).locator('.resource-table tbody tr.ant-table-row')).toHaveCount(0);

  await recordPage(page)
    .getByRole('button', { name: /导入|Import/ })
    .click();
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  // A bad card first: reported by its number and field, and the import stays off.
  const bad = path.join(path.dirname(saved), 'bad.vcf');
  // Two digits are no phone number anywhere (a mobile is E.164 or 3 to 15 local digits).
  fs.writeFileSync(bad, vcf.replace('13800000001', '12'));
  await dialog.locator('input[type="file"]').setInputFiles(bad);
  await expect(dialog.locator('.ant-radio-wrapper-checked')).toContainText(['vCard']);
  await dialog.getByRole('button', { name: /预检|Check/ }).click();
  const report = dialog.getByTestId('import-report');
  await expect(report.locator('.ant-table-row')).toHaveCount(1);
  await expect(report.locator('.ant-table-row')).toContainText(/手机号|Mobile/);
  // The footer's primary button runs the import.
  const run = dialog.locator('.ant-modal-footer .ant-btn-primary');
  await expect(run).toBeDisabled();
  await page.screenshot({ path: info.outputPath('vcard-import-error.png') });

  await dialog.locator('input[type="file"]').setInputFiles(saved);
  await dialog.getByRole('button', { name: /预检|Check/ }).click();
  await expect(report.locator('.ant-alert-success')).toBeVisible();
  await expect(report.locator('.ant-statistic').nth(1)).toContainText('2'); // to be added
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.locator('.ant-message')).toContainText(/2/);
  await page.keyboard.press('Escape');

  await search(page, tag);
  const rows = recordPage(page).locator('.resource-table tbody tr.ant-table-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `Zhang ${tag}` })).toContainText('13800000001');
  await expect(rows.filter({ hasText: `Zhang ${tag}` })).toContainText(`Desk ${tag}`);
  await expect(rows.filter({ hasText: `李四 ${tag}` })).toContainText('8002');
  fs.rmSync(path.dirname(saved), { recursive: true, force: true });
});
