import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, apiLogin, ownAdminAccount } from '../support/accounts.ts';
import { SAMPLE_FILES } from '../support/record-values.ts';
import { fillLogin, shoot, switchMode } from '../support/shell.ts';

/*
 * The scene editor (DOMAIN 1.3 /scenelistadd, smart/SceneEdit): in full mode a template, then a
 * scene opened from the scene list, its carousel of two items, reordered, still in that order
 * after a reload; in operations mode a scene of site 1 on the gateway's template, opened from the
 * App menu's Scenario tab. Signs in with an account of its own. Screenshots in e2e/artifacts.
 */

const n = Date.now().toString(36);
const TEMPLATE = `E2E template ${n}`;
const SCENE = `E2E scene ${n}`;
const OPS_SCENE = `E2E site scene ${n}`;
const SAVE = /^(Save|保\s?存)$/;

let page: Page;
const errors: string[] = [];
let account: { username: string; password: string; token: string };

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }, info) => {
  const { baseURL, locale } = info.project.use;
  const context = await browser.newContext({ baseURL, locale });
  context.setDefaultTimeout(15_000);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console error: ${m.text()}`);
  });
  account = await ownAdminAccount(context.request, 'e2e_scenes');
  await page.goto('/login');
  await fillLogin(page, account.username, account.password);
  await expect(page).toHaveURL(/\/dashboard/);
});

test.afterAll(async () => {
  await page?.context().close();
});

/** The editor is long (form, then carousel): pictures of the whole of it. */
async function shootEditor(name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: 1500 });
  await editor().locator('.carousel-table').scrollIntoViewIfNeeded();
  // No drawer still sliding out, no toast over the header.
  await expect(page.locator('.ant-drawer-content-wrapper:visible')).toHaveCount(0);
  await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
  await shoot(page, name);
  await page.setViewportSize(size);
}

async function open(url: string) {
  await page.goto(url);
  await expect(page.locator('.app-content')).toBeVisible({ timeout: 20_000 });
}

const drawer = () => page.locator('.ant-drawer-open .ant-drawer-section');
const formItem = (scope: Locator, field: string) =>
  scope.locator('.ant-form-item').filter({ has: page.locator(`label[for="${field}"]`) });
const editor = () => page.locator('.scene-edit-page:visible');
const carouselTitles = () => editor().locator('.carousel-table tbody tr.ant-table-row td:nth-child(4)');

/** Picks the option of a select by its label. */
async function pick(item: Locator, label: string) {
  await item.locator('.ant-select').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: label }).click();
}

async function saveDrawer() {
  await drawer().locator('.ant-drawer-footer .ant-btn-primary').click();
  await expect(drawer()).toBeHidden({ timeout: 15_000 });
}

async function addCarouselItem(title: string, seconds: string) {
  await editor()
    .getByRole('button', { name: /Add item|添加资源/ })
    .click();
  await expect(drawer().locator('.ant-form')).toBeVisible();
  await expect(formItem(drawer(), 'scene_id')).toHaveCount(0); // the scene is fixed
  await formItem(drawer(), 'file').locator('input[type="file"]').setInputFiles(SAMPLE_FILES.image);
  await expect(formItem(drawer(), 'file').locator('.ant-btn-dangerous')).toBeVisible({ timeout: 20_000 });
  await formItem(drawer(), 'title').locator('input').fill(title);
  await formItem(drawer(), 'duration_s').locator('input').fill(seconds);
  await saveDrawer();
  await expect(carouselTitles().filter({ hasText: title })).toHaveCount(1);
}

test('full mode: a template, a scene with two carousel items, reordered and still so after a reload', async () => {
  // The template, on its generic page.
  await open('/smart/easy-template');
  await page.locator('.resource-page:visible .resource-toolbar .ant-btn-primary:has(.anticon-plus)').click();
  await formItem(drawer(), 'name').locator('input').fill(TEMPLATE);
  await saveDrawer();

  // The scene list's Add opens the editor, not a drawer.
  await open('/smart/scene');
  await page.locator('.resource-page:visible .resource-toolbar .ant-btn-primary:has(.anticon-plus)').click();
  await expect(page).toHaveURL(/\/scenelistadd$/);
  await expect(editor().locator('.scene-edit-carousel')).toContainText(
    /Save the scenario first|请先保存场景/,
  );
  await editor().getByRole('button', { name: SAVE }).click();
  await expect(formItem(editor(), 'name').locator('.ant-form-item-explain-error')).toBeVisible();
  await formItem(editor(), 'name').locator('input').fill(SCENE);
  await pick(formItem(editor(), 'template_id'), TEMPLATE);
  await editor().getByRole('button', { name: SAVE }).click();
  // Saved: the editor stays on the new scene, whose carousel can now be filled.
  await expect(page).toHaveURL(/\/scenelistadd\?scene_id=\d+$/);
  const sceneId = Number(new URL(page.url()).searchParams.get('scene_id'));
  await expect(editor().locator('.scene-edit-title')).toHaveText(SCENE);

  await addCarouselItem('First slide', '5');
  await addCarouselItem('Second slide', '7');
  await expect(carouselTitles()).toHaveText(['First slide', 'Second slide']);

  // Second before first, by the arrow; the order is stored by the sort call.
  const sorted = page.waitForResponse(
    (r) => r.request().method() === 'POST' && /"method":"sort"/.test(r.request().postData() ?? ''),
  );
  await editor()
    .locator('.carousel-table tbody tr.ant-table-row')
    .first()
    .getByRole('button', { name: /Move down|下移/ })
    .click();
  expect(((await (await sorted).json()) as { code: number }).code).toBe(200);
  await expect(carouselTitles()).toHaveText(['Second slide', 'First slide']);

  await page.reload();
  await expect(carouselTitles()).toHaveText(['Second slide', 'First slide'], { timeout: 20_000 });
  await expect(formItem(editor(), 'name').locator('input')).toHaveValue(SCENE);
  await shootEditor('scene-editor-zh_CN');

  // The list's row: edit opens this scene in the editor, and "other settings" its other page.
  await open('/smart/scene');
  const row = page.locator('.resource-page:visible .resource-table tr', { hasText: SCENE });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.resource-page:visible .resource-table .ant-spin-spinning')).toHaveCount(0);
  await shoot(page, 'scene-list-zh_CN');
  await row.getByRole('button', { name: /Other settings|其他配置/ }).click();
  await expect(page).toHaveURL(new RegExp(`/otherconfig\\?scene_id=${sceneId}$`));
  await open('/smart/scene');
  await page
    .locator('.resource-page:visible .resource-table tr', { hasText: SCENE })
    .getByRole('button', { name: /^(Edit|编\s?辑)$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/scenelistadd\\?scene_id=${sceneId}$`));
  await expect(carouselTitles()).toHaveText(['Second slide', 'First slide']);

  // The same page in English.
  await page.context().addCookies([{ name: 'language', value: 'en', url: page.url() }]);
  await page.reload();
  await expect(editor().getByRole('button', { name: /Add item/ })).toBeVisible({ timeout: 20_000 });
  await expect(carouselTitles()).toHaveText(['Second slide', 'First slide']);
  await shootEditor('scene-editor-en');
  await page.context().addCookies([{ name: 'language', value: 'zh_CN', url: page.url() }]);
  expect(errors).toEqual([]);
});

test('operations mode: a site scene on the gateway template, from the App menu', async () => {
  await page.reload();
  await switchMode(page, 'operations');
  // The shell's home in this mode, though a hidden root now sits at `/` too.
  await open('/');
  await expect(page).toHaveURL(/\/operations$/);

  await open('/operations/app-menu?id=1&tab=scenario');
  const list = page.locator('.resource-page:visible');
  await expect(list.locator('.resource-table .ant-table')).toBeVisible({ timeout: 20_000 });
  // The carousel is edited in the scene editor, not on a tab of its own.
  await expect(page.locator('.resource-module-tabs .ant-tabs-tab')).not.toContainText([
    /Scenario carousel item|场景轮播资源/,
  ]);
  await list.locator('.resource-toolbar .ant-btn-primary:has(.anticon-plus)').click();
  await expect(page).toHaveURL(/\/scenelistadd\?id=1$/);
  await formItem(editor(), 'name').locator('input').fill(OPS_SCENE);
  await pick(formItem(editor(), 'template_id'), TEMPLATE);
  await editor().getByRole('button', { name: SAVE }).click();
  await expect(page).toHaveURL(/\/scenelistadd\?id=1&scene_id=\d+$/);
  await expect(editor().locator('.scene-edit-title')).toHaveText(OPS_SCENE);
  await addCarouselItem('Site slide', '4');
  await shootEditor('scene-editor-operations-zh_CN');

  // Stored in site 1 only.
  const api = page.context().request;
  const ops = await apiLogin(api, account.username, account.password, 1);
  const names = async (site: string) =>
    (
      await apiCall<{ list: { name: string }[] }>(
        api,
        '/operations/index/scenario',
        { method: 'list', limit: 200 },
        ops.data.token,
        { 'igs-sids': site },
      )
    ).data.list.map((s) => s.name);
  expect(await names('1')).toContain(OPS_SCENE);
  expect(await names('2')).not.toContain(OPS_SCENE);

  await editor()
    .getByRole('button', { name: /Back to the list|返回列表/ })
    .click();
  await expect(page).toHaveURL(/\/operations\/app-menu\?id=1&tab=scenario$/);
  await expect(page.locator('.resource-page:visible .resource-table')).toContainText(OPS_SCENE);
  expect(errors).toEqual([]);
});
