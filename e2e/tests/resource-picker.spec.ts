import zlib from 'node:zlib';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, shoot } from '../support/shell.ts';

/*
 * The shared ResourcePicker (DOMAIN 1.2, a file explorer over the uploads): from the file field of
 * an advertising material, make a folder, upload an image into it, pick it, save the record and
 * find it in the list; then the file the record uses cannot be deleted. Screenshots of the picker
 * in Chinese and English (e2e/artifacts). Signs in with an account of its own.
 */

const n = Date.now().toString(36);
const FOLDER = `E2E folder ${n}`;
const IMAGE = `e2e-lobby-${n}.png`;
const MATERIAL = `E2E material ${n}`;

let page: Page;
const errors: string[] = [];

test.describe.configure({ mode: 'serial' });

/** A 240x160 PNG with a colour gradient: a thumbnail one can see in the screenshots. */
function gradientPng(width = 240, height = 160): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x / width) * 255);
      row[2 + x * 3] = Math.round((y / height) * 200) + 40;
      row[3 + x * 3] = 200;
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

test.beforeAll(async ({ browser }, info) => {
  const { baseURL, locale } = info.project.use;
  const context = await browser.newContext({ baseURL, locale, viewport: { width: 1440, height: 900 } });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  const account = await ownAdminAccount(context.request, 'e2e_picker');
  await page.goto('/login');
  await fillLogin(page, account.username, account.password);
  await expect(page).toHaveURL(/\/dashboard/);
});

test.afterAll(async () => {
  await page?.context().close();
});

const recordPage = () => page.locator('.resource-page:visible');
const drawer = () => page.locator('.ant-drawer-open .ant-drawer-section');
const picker = () => page.locator('.resource-picker-modal');
const formItem = (field: string) =>
  drawer()
    .locator('.ant-form-item')
    .filter({ has: page.locator(`label[for="${field}"]`) });
const entry = (name: string | RegExp) => picker().locator('.resource-picker-entry').filter({ hasText: name });

async function openMaterials() {
  const listed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /"method":"list"/.test(r.request().postData() ?? ''),
  );
  await page.goto('/advert/resource');
  await expect(page.locator('.app-content')).toBeVisible({ timeout: 20_000 });
  await listed;
  await expect(recordPage().locator('.resource-table .ant-spin-spinning')).toHaveCount(0, {
    timeout: 20_000,
  });
}

async function openPickerFromNewRecord(): Promise<Locator> {
  await recordPage().locator('.resource-toolbar .ant-btn-primary:has(.anticon-plus)').click();
  await expect(drawer().locator('.ant-form')).toBeVisible();
  await formItem('file')
    .getByRole('button', { name: /从资源库选择|Choose from library/ })
    .click();
  await expect(picker().locator('.resource-picker')).toBeVisible({ timeout: 20_000 });
  await expect(picker().locator('.resource-picker-main .ant-spin-spinning')).toHaveCount(0);
  return picker();
}

/** The picture once the modal has finished opening and no toast covers it. */
async function shootPicker(name: string) {
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await page.waitForTimeout(400);
  await shoot(page, name);
}

test('make a folder, upload an image into it, pick it into an ad material, save, see it listed', async () => {
  await openMaterials();
  const before = await recordPage().locator('.resource-table .ant-table-tbody tr.ant-table-row').count();
  await openPickerFromNewRecord();
  await expect(picker().getByText('资源库')).toBeVisible();
  // An ad material's file is shown as an image field: the library shows images only.
  await expect(picker().locator('.resource-picker-toolbar .ant-tag')).toHaveText('图片');

  await picker()
    .getByRole('button', { name: /新建文件夹/ })
    .click();
  const dialog = page.locator('.resource-picker-name-dialog');
  const nameBox = dialog.getByRole('textbox', { name: '名称' });
  await nameBox.fill('bad/name');
  await expect(dialog.getByRole('alert')).toHaveText('名称不能包含 / 或 \\');
  await nameBox.fill(FOLDER);
  await dialog.locator('.ant-btn-primary').click();
  await expect(entry(FOLDER)).toBeVisible();
  await expect(picker().locator('.resource-picker-tree')).toContainText(FOLDER);

  await entry(FOLDER)
    .getByRole('button', { name: `打开文件夹 ${FOLDER}` })
    .click();
  await expect(picker().locator('.resource-picker-path')).toContainText(FOLDER);
  await expect(picker().getByText('此处没有该类型的文件')).toBeVisible();

  await picker()
    .locator('input[type="file"]')
    .setInputFiles({ name: IMAGE, mimeType: 'image/png', buffer: gradientPng() });
  await expect(entry(IMAGE)).toBeVisible({ timeout: 20_000 });
  await expect(entry(IMAGE).locator('img')).toHaveJSProperty('complete', true);
  // The new file is selected, ready to use.
  await expect(entry(IMAGE)).toHaveClass(/is-selected/);
  await expect(picker().getByText(`已选择：${IMAGE}`)).toBeVisible();
  await shootPicker('resource-picker-zh_CN');

  await picker().getByRole('button', { name: '使用此文件' }).click();
  await expect(picker()).toBeHidden();
  // The field shows the picked image.
  await expect(formItem('file').locator('img')).toBeVisible();
  await formItem('name').locator('input').fill(MATERIAL);
  await drawer().locator('.ant-drawer-footer .ant-btn-primary').click();
  await expect(drawer()).toBeHidden({ timeout: 15_000 });
  const rows = recordPage().locator('.resource-table .ant-table-tbody tr.ant-table-row');
  await expect(rows.filter({ hasText: MATERIAL })).toHaveCount(1);
  expect(await rows.count()).toBeGreaterThanOrEqual(Math.min(before + 1, 20));
  expect(errors).toEqual([]);
});

test('the file a record uses cannot be deleted; the picker in English', async () => {
  // As the language switch stores it: one cookie for the whole site, read by console and server.
  await page.context().addCookies([{ name: 'language', value: 'en', url: new URL('/', page.url()).href }]);
  await openMaterials();
  await openPickerFromNewRecord();
  await expect(picker().getByText('Resource library')).toBeVisible();
  await picker().locator('.resource-picker-tree').getByText(FOLDER).click();
  await expect(entry(IMAGE)).toBeVisible();
  await entry(IMAGE).hover();
  await entry(IMAGE).getByRole('button', { name: 'Delete' }).click();
  await page.locator('.ant-popconfirm .ant-btn-primary').click();
  await expect(page.locator('.ant-message-notice')).toContainText(
    `Cannot delete "${IMAGE}": still used by 1 Advertising material`,
  );
  await expect(entry(IMAGE)).toBeVisible();
  await entry(IMAGE).getByRole('button', { name: IMAGE }).click();
  await shootPicker('resource-picker-en');
  await picker().getByRole('button', { name: 'Cancel' }).click();
  await expect(picker()).toBeHidden();
  expect(errors).toEqual([]);
});
