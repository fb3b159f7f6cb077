import { expect, test } from '@playwright/test';
import { apiCall, ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, shoot } from '../support/shell.ts';

/*
 * DOMAIN 2.9 system/ResourceAudit in the browser: a new film waits in the audit list; "驳回" on
 * its row asks for the reason; "通过" on the selected rows approves them, and the film follows.
 */

const FILM = '/admin.php/media/video';

test('a new film is approved or rejected from the audit page, and the film follows', async ({ page }) => {
  const api = page.context().request;
  const { username, password, token } = await ownAdminAccount(api, 'e2e_audit');
  const suffix = Date.now().toString(36).slice(-5);
  const cls = await apiCall<{ id: number }>(
    api,
    '/admin.php/media/video_type',
    { method: 'add', name: `C${suffix}` },
    token,
  );
  expect(cls.code, cls.msg).toBe(200);
  const films: number[] = [];
  for (const title of [`Audit A ${suffix}`, `Audit B ${suffix}`]) {
    const r = await apiCall<{ id: number }>(
      api,
      FILM,
      { method: 'add', title, title_en: title, category_ids: [cls.data.id], poster: 'p' },
      token,
    );
    expect(r.code, r.msg).toBe(200);
    films.push(r.data.id);
  }

  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/system/resource-audit');
  const rp = page.locator('.resource-page:visible').first();
  const rowA = rp.locator('.resource-table tbody tr.ant-table-row', { hasText: `Audit A ${suffix}` });
  const rowB = rp.locator('.resource-table tbody tr.ant-table-row', { hasText: `Audit B ${suffix}` });
  await expect(rowA).toBeVisible({ timeout: 20_000 });

  // Reject A: the dialog asks for the reason.
  await rowA.getByRole('button', { name: /^驳\s?回$/ }).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.locator('textarea').fill('海报不清晰');
  await shoot(page, 'resource-audit-reject-zh_CN');
  await dialog.locator('.ant-btn-dangerous').click();
  await expect(dialog).toBeHidden();

  // Approve B from the toolbar, with its row selected.
  await rowB.locator('.ant-checkbox-input').check();
  await rp
    .locator('.resource-toolbar')
    .getByRole('button', { name: /^通\s?过$/ })
    .click();
  await expect
    .poll(async () => {
      const a = await apiCall<{ audit_state: string }>(api, FILM, { method: 'detail', id: films[0] }, token);
      const b = await apiCall<{ audit_state: string }>(api, FILM, { method: 'detail', id: films[1] }, token);
      return [a.data.audit_state, b.data.audit_state];
    })
    .toEqual(['rejected', 'approved']);
  await shoot(page, 'resource-audit-done-zh_CN');
});
