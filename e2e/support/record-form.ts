import { expect, type Locator, type Page } from '@playwright/test';

/**
 * On the extensions' record page (/voice/extension, open and listed): opens the add drawer, types a
 * number with a letter in it and saves, which the form's own check refuses before anything is sent.
 * Returns the drawer, its error messages showing.
 */
export async function refusedExtensionForm(page: Page): Promise<Locator> {
  await page.locator('.resource-page:visible .resource-toolbar .ant-btn-primary:has(.anticon-plus)').click();
  const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
  await drawer
    .locator('.ant-form-item')
    .filter({ has: page.locator('label[for="extension"]') })
    .locator('input')
    .fill('12a');
  await drawer.locator('.ant-drawer-footer .ant-btn-primary').click();
  await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();
  return drawer;
}
