import { expect, test } from '@playwright/test';
import { apiCall, ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, shoot } from '../support/shell.ts';

/*
 * DNS host records in the browser (DOMAIN 2.9 system/Dns, "written as address=/host/ip"): a
 * record added on the page's list is in igs-dns.conf as soon as it is saved, checked by dnsmasq,
 * and the settings card shows no Apply: nothing waits. On the test server IGS_APPLY is off, so the
 * card says the file is not applied to the system. Signs in with an account of its own.
 */

const DNS = '/admin.php/system/dns_set';

test('a DNS record added on the page is written at once; the card shows no pending Apply', async ({
  page,
}) => {
  const api = page.context().request;
  const { username, password, token } = await ownAdminAccount(api, 'e2e_dns');
  const host = `pos-${Date.now().toString(36)}.hotel.lan`;

  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/system/dns');
  const card = page.locator('.dns-page .ant-card').first();
  await expect(card.getByText('dnsmasq --test 通过')).toBeVisible({ timeout: 20_000 });

  const rp = page.locator('.resource-page:visible');
  await rp.locator('.resource-toolbar .ant-btn-primary:has(.anticon-plus)').click();
  const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
  await drawer.locator('input#host').fill(host);
  await drawer.locator('input#ip').fill('192.168.10.40');
  await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
  await expect(drawer).toBeHidden({ timeout: 15_000 });
  await expect(rp.locator('.resource-table .ant-table-tbody')).toContainText(host);

  // The card was read again after the write: checked, written, nothing to apply.
  await expect(card.getByText('未应用到系统（IGS_APPLY 未设为 1）')).toBeVisible();
  await expect(card.getByRole('button', { name: '应用' })).toHaveCount(0);
  await expect(card.getByText(/配置文件已过期/)).toHaveCount(0);
  await shoot(page, 'dns-record-written-zh_CN');

  // The file on disk matches the records (not pending) and holds the new one (the export renders
  // the same text).
  const exported = await apiCall<{ url: string }>(api, DNS, { method: 'export' }, token);
  expect(exported.code, exported.msg).toBe(200);
  const text = await (await api.get(exported.data.url)).text();
  expect(text).toContain(`address=/${host}/192.168.10.40`);
  const detail = await apiCall<{ config: { written: boolean; pending: boolean; applied: string } }>(
    api,
    DNS,
    { method: 'detail' },
    token,
  );
  expect(detail.data.config).toMatchObject({ written: true, pending: false, applied: 'off' });
});
