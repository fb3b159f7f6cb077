import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiCall, ownAdminAccount } from '../support/accounts.ts';
import { fillLogin, shoot } from '../support/shell.ts';

/*
 * DOMAIN 2.3 GB28181 in the browser, with SIPp playing the camera (the server suite's scenarios,
 * apps/server/test/fixtures/sipp/): the operator adds the camera to the device list, the camera
 * registers with its digest password and is shown online with its address; "Query catalogue"
 * fills its make and model and its two channels (one named in Chinese, sent as GB2312), which the
 * channel tab lists; PTZ and reboot reach the camera as DeviceControl MESSAGEs.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/sipp');
const CAMERA_ID = '34020000001320000001';
const SERVICES = '/admin.php/system/service_config';

function which(program: string): string | null {
  try {
    return execFileSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}
const sipp = which('sipp');

/** A UDP port free now. */
async function freeUdpPort(): Promise<number> {
  const s = dgram.createSocket('udp4');
  await new Promise<void>((r) => s.bind(0, '127.0.0.1', () => r()));
  const { port } = s.address();
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

/** SIPp with a bounded run: resolves with its exit code and output. */
function runSipp(
  args: string[],
  limitS: number,
): { child: ChildProcess; done: Promise<{ code: number | null; out: string }> } {
  const child = spawn(sipp!, [...args, '-nostdin', '-timeout', `${limitS}s`, '-timeout_error'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (c: Buffer) => {
    out = (out + c.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const kill = setTimeout(() => child.kill('SIGKILL'), (limitS + 5) * 1000);
  const done = new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(kill);
      resolve({ code, out });
    }),
  );
  return { child, done };
}

/** Runs a row's action, inline or from its "More" menu. */
async function rowAction(page: Page, row: Locator, label: RegExp) {
  const inline = row.getByRole('button', { name: label });
  if (await inline.count()) return inline.first().click();
  await row.getByRole('button', { name: /更多|More/ }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: label }).click();
}

test('a SIPp camera registers, shows online, lists its channels and obeys PTZ and reboot', async ({
  page,
}) => {
  test.skip(!sipp, 'sipp is not installed (Debian package sip-tester; .ci/run installs it)');
  test.setTimeout(120_000);
  const api = page.context().request;
  const { username, password, token } = await ownAdminAccount(api, 'e2e_gb');

  // The agent moves to a port free now (the services page's save takes effect at once).
  const agentPort = await freeUdpPort();
  const service = await apiCall(
    api,
    SERVICES,
    { method: 'edit', key: 'gb28181', enabled: 1, port: agentPort },
    token,
  );
  expect(service.code, service.msg).toBe(200);
  const cameraPort = await freeUdpPort();
  const target = `127.0.0.1:${agentPort}`;
  const common = ['-i', '127.0.0.1', '-p', String(cameraPort)];

  await page.goto('/login');
  await fillLogin(page, username, password);
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/video/gb28181/device');
  const rp = page.locator('.resource-page:visible').first();

  // The operator adds the camera with its password.
  await rp
    .locator('.resource-toolbar')
    .getByRole('button', { name: /新\s?增/ })
    .click();
  const drawer = page.locator('.ant-drawer:visible');
  await drawer.getByLabel('设备编号').fill(CAMERA_ID);
  await drawer.getByLabel('名称', { exact: true }).fill('大门摄像机');
  await drawer.getByLabel(/^密码/).fill('12345678');
  await drawer.getByRole('button', { name: /确\s?定|保\s?存/ }).click();
  await expect(drawer).toBeHidden();
  const row = rp.locator('.resource-table tbody tr.ant-table-row', { hasText: CAMERA_ID });
  await expect(row).toBeVisible();

  // The camera registers (401, then the digest) and sends a keepalive.
  const reg = runSipp([target, '-sf', path.join(FIXTURES, 'register.xml'), ...common, '-m', '1'], 20);
  const registered = await reg.done;
  expect(registered.code, registered.out).toBe(0);
  await rp
    .locator('.resource-toolbar')
    .getByRole('button', { name: /刷新|reload/i })
    .click();
  await expect(row).toContainText('127.0.0.1');
  await expect(row).toContainText('在线');
  await expect(row).toContainText('已批准');
  await shoot(page, 'gb28181-device-online');

  // The camera answers five MESSAGEs: device info, status and catalogue, then PTZ and reboot.
  const trace = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-sipp-')), 'camera.log');
  const cam = runSipp(
    [
      target,
      '-sf',
      path.join(FIXTURES, 'camera.xml'),
      ...common,
      '-m',
      '5',
      '-trace_msg',
      '-message_file',
      trace,
    ],
    60,
  );
  try {
    await page.waitForTimeout(500); // SIPp binds its port
    await rowAction(page, row, /查询目录/);
    await expect(page.locator('.ant-message')).toContainText(/成功|完成|通道/, { timeout: 20_000 });
    await expect(row).toContainText('2');

    await page.locator('.app-content .ant-tabs-tab', { hasText: 'GB28181通道' }).click();
    const channels = page.locator('.resource-page:visible').first().locator('.resource-table tbody');
    await expect(channels).toContainText('大门');
    await expect(channels).toContainText('Car park');
    await expect(channels).toContainText('34020000001310000001');
    await shoot(page, 'gb28181-channels');

    await page.locator('.app-content .ant-tabs-tab', { hasText: 'GB28181设备' }).click();
    await rowAction(page, row, /云台控制/);
    const dialog = page.locator('.ant-modal:visible');
    await dialog.locator('.ant-select').first().click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('向左').click();
    await dialog.getByRole('button', { name: /确\s?定/ }).click();
    await expect(dialog).toBeHidden({ timeout: 20_000 });

    await rowAction(page, row, /重\s?启/);
    const confirm = page.locator('.ant-modal:visible, .ant-popover:visible').last();
    await confirm
      .getByRole('button', { name: /确\s?定|重\s?启/ })
      .last()
      .click();
    const answered = await cam.done;
    expect(answered.code, answered.out).toBe(0);
  } finally {
    cam.child.kill('SIGKILL');
  }
  const received = fs.readFileSync(trace, 'utf8');
  expect(received).toMatch(/<CmdType>Catalog<\/CmdType>/);
  expect(received).toMatch(/<PTZCmd>A50F01/);
  expect(received).toMatch(/<TeleBoot>Boot<\/TeleBoot>/);
});
