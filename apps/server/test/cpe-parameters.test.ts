import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CwmpListener, startCwmpListener } from '../src/features/cwmp/listener.ts';
import { addAccount, addRole, PASSWORD } from './support/admin-api.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * A CPE's parameters (DOMAIN 2.5 TerminalList, "parameters" sub-view; issue 13 item 2's detail
 * drawer): kept from its Informs and from the answer to a `refresh`, read with `status`, and the
 * `refresh` and a fault seen in the device's task history — a fake CPE over real CWMP sessions.
 */

const CWMP = 'urn:dslforum-org:cwmp-1-0';
const CPE = '/admin.php/tr069/device';
const ROOT = 'InternetGatewayDevice';

const env = (body: string, id = '1') =>
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ` +
  `xmlns:cwmp="${CWMP}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
  `<soap:Header><cwmp:ID soap:mustUnderstand="1">${id}</cwmp:ID></soap:Header><soap:Body>${body}</soap:Body></soap:Envelope>`;
const param = (name: string, value: string, type = 'xsd:string') =>
  `<ParameterValueStruct><Name>${name}</Name><Value xsi:type="${type}">${value}</Value></ParameterValueStruct>`;
const inform = (serial: string, sw: string) =>
  env(
    '<cwmp:Inform><DeviceId><Manufacturer>Huawei</Manufacturer><OUI>00259E</OUI>' +
      `<ProductClass>HG8245</ProductClass><SerialNumber>${serial}</SerialNumber></DeviceId>` +
      '<Event><EventStruct><EventCode>2 PERIODIC</EventCode><CommandKey></CommandKey></EventStruct></Event>' +
      '<MaxEnvelopes>1</MaxEnvelopes><CurrentTime>2024-01-01T00:00:00Z</CurrentTime><RetryCount>0</RetryCount>' +
      `<ParameterList>${param(`${ROOT}.DeviceInfo.SoftwareVersion`, sw)}${param(`${ROOT}.DeviceInfo.ModelName`, 'HG8245H')}</ParameterList></cwmp:Inform>`,
  );

interface Param {
  path: string;
  value: string | null;
  secret: boolean;
  type: string;
  updated_at: string;
}

describeEachDb('CPE parameters', (kind) => {
  let s: TestServer;
  let acs: CwmpListener;
  let token: string;
  let id = 0;

  function fakeCpe() {
    let cookie = '';
    return async (body: string) => {
      const headers: Record<string, string> = { 'content-type': 'text/xml' };
      if (cookie) headers.cookie = cookie;
      const res = await fetch(`http://127.0.0.1:${acs.port}/`, { method: 'POST', headers, body });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      return { status: res.status, text: await res.text() };
    };
  }
  const status = (body: Record<string, unknown>, t = token) =>
    s.call<{ list: Param[]; total: number; reported_at: string }>(
      CPE,
      { method: 'status', id, ...body },
      { token: t },
    );

  beforeAll(async () => {
    s = await startServer(kind);
    acs = await startCwmpListener(s.app, 0, '127.0.0.1');
    token = await s.login();
  });
  afterAll(async () => {
    await acs.close();
    await s.close();
  });

  it("an Inform's parameters are kept, the latest value winning", async () => {
    await fakeCpe()(inform('SNP1', 'V1'));
    const row = await s.app.db.kysely
      .selectFrom('tr069_device' as never)
      .select('id' as never)
      .where('serial_number' as never, '=', 'SNP1' as never)
      .executeTakeFirstOrThrow();
    id = Number((row as { id: number }).id);
    await fakeCpe()(inform('SNP1', 'V2'));
    const r = await status({});
    expect(r.code, r.msg).toBe(200);
    expect(r.data.total).toBe(2);
    expect(r.data.list.map((p) => [p.path, p.value, p.type])).toEqual([
      [`${ROOT}.DeviceInfo.ModelName`, 'HG8245H', 'xsd:string'],
      [`${ROOT}.DeviceInfo.SoftwareVersion`, 'V2', 'xsd:string'],
    ]);
    expect(r.data.reported_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("a refresh's answer adds the subtree; secrets are not repeated; search and pages", async () => {
    expect((await s.call(CPE, { method: 'refresh', id, path: `${ROOT}.` }, { token })).code).toBe(200);
    const cpe = fakeCpe();
    await cpe(inform('SNP1', 'V2'));
    const rpc = await cpe('');
    expect(rpc.text).toContain('GetParameterValues');
    const taskId = /task-(\d+)/.exec(rpc.text)![1];
    const wlan = `${ROOT}.LANDevice.1.WLANConfiguration.1`;
    const answer = env(
      '<cwmp:GetParameterValuesResponse><ParameterList>' +
        param(`${wlan}.SSID`, 'Lakeside-Guest') +
        param(`${wlan}.KeyPassphrase`, 'hunter22') +
        param(`${wlan}.Channel`, '6', 'xsd:unsignedInt') +
        param(`${wlan}.Enable`, 'true', 'xsd:boolean') +
        param(`${ROOT}.ManagementServer.PeriodicInformInterval`, '300', 'xsd:unsignedInt') +
        param('not a path', 'x') +
        '</ParameterList></cwmp:GetParameterValuesResponse>',
      `task-${taskId}`,
    );
    expect((await cpe(answer)).status).toBe(204);

    const all = await status({ limit: 200 });
    expect(all.data.total).toBe(7);
    expect(JSON.stringify(all.data)).not.toContain('hunter22');
    const key = all.data.list.find((p) => p.path.endsWith('KeyPassphrase'))!;
    expect(key).toMatchObject({ value: null, secret: true });
    expect(all.data.list.find((p) => p.path.endsWith('.Channel'))).toMatchObject({
      value: '6',
      type: 'xsd:unsignedInt',
      secret: false,
    });
    const wifi = await status({ keyword: 'wlanconfiguration', limit: 2 });
    expect(wifi.data.total).toBe(4);
    expect(wifi.data.list.map((p) => p.path.split('.').at(-1))).toEqual(['Channel', 'Enable']);
    const next = await status({ keyword: 'wlanconfiguration', limit: 2, page: 2 });
    expect(next.data.list.map((p) => p.path.split('.').at(-1))).toEqual(['KeyPassphrase', 'SSID']);
    // % and _ are no wildcards.
    expect((await status({ keyword: '%' })).data.total).toBe(0);

    const history = await s.call<{ list: { name: string; state: string; detail: unknown }[] }>(
      CPE,
      { method: 'history', id },
      { token },
    );
    expect(history.data.list[0]).toMatchObject({
      name: 'refreshObject',
      state: 'done',
      detail: { paths: [`${ROOT}.`] },
    });
  });

  it('a device outside the caller’s reach is not found; a role without the page is refused', async () => {
    expect((await s.call(CPE, { method: 'status', id: 999_999 }, { token })).code).toBe(404);
    await s.app.db.kysely
      .updateTable('tr069_device' as never)
      .set({ site_id: 3 } as never)
      .where('id' as never, '=', id as never)
      .execute();
    expect((await status({})).code).toBe(404);
    await s.app.db.kysely
      .updateTable('tr069_device' as never)
      .set({ site_id: 0 } as never)
      .where('id' as never, '=', id as never)
      .execute();
    const role = await addRole(s, token, { name: 'params_ext', menus: ['VoiceExtension'] });
    await addAccount(s, token, { username: 'params_ext', role_id: role });
    expect((await status({}, await s.login('params_ext', PASSWORD))).code).toBe(403);
  });
});
