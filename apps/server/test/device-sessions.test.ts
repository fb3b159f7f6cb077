import { afterAll, beforeAll, expect, it } from 'vitest';
import { type CwmpListener, startCwmpListener } from '../src/features/cwmp/listener.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * Devices calling in (DOMAIN 2.4, 2.5, 2.1): the CWMP ACS with a scripted fake CPE (Inform,
 * queued RPCs settled by their responses or faults), the AP agent's poll and ack, and the
 * dashboard's APs/CPEs online cards.
 */

const CWMP = 'urn:dslforum-org:cwmp-1-0';
const ITMS = '/admin.php/tr069/itms';
const CPE = '/admin.php/tr069/device';
const AP = '/admin.php/ac/ap';
const CATEGORY = '/admin.php/ac/ap_category';
const AGENT = '/api/ac/agent';
const KEY = 'agent-secret-1';

const env = (body: string, id = '1') =>
  `<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ` +
  `xmlns:cwmp="${CWMP}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
  `<soap:Header><cwmp:ID soap:mustUnderstand="1">${id}</cwmp:ID></soap:Header><soap:Body>${body}</soap:Body></soap:Envelope>`;

const inform = (serial: string, sw = 'V1') =>
  env(
    '<cwmp:Inform><DeviceId><Manufacturer>Huawei</Manufacturer><OUI>00259E</OUI>' +
      `<ProductClass>HG8245</ProductClass><SerialNumber>${serial}</SerialNumber></DeviceId>` +
      '<Event><EventStruct><EventCode>2 PERIODIC</EventCode><CommandKey></CommandKey></EventStruct></Event>' +
      '<MaxEnvelopes>1</MaxEnvelopes><CurrentTime>2024-01-01T00:00:00Z</CurrentTime><RetryCount>0</RetryCount>' +
      '<ParameterList>' +
      `<ParameterValueStruct><Name>InternetGatewayDevice.DeviceInfo.SoftwareVersion</Name><Value xsi:type="xsd:string">${sw}</Value></ParameterValueStruct>` +
      '<ParameterValueStruct><Name>InternetGatewayDevice.DeviceInfo.ModelName</Name><Value xsi:type="xsd:string">HG8245H</Value></ParameterValueStruct>' +
      '<ParameterValueStruct><Name>InternetGatewayDevice.ManagementServer.ConnectionRequestURL</Name><Value xsi:type="xsd:string">http://10.0.0.9:7547/cr</Value></ParameterValueStruct>' +
      '<ParameterValueStruct><Name>InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.ExternalIPAddress</Name><Value xsi:type="xsd:string">10.0.0.9</Value></ParameterValueStruct>' +
      '</ParameterList></cwmp:Inform>',
  );

describeEachDb('device sessions: CWMP ACS, AP agent, dashboard', (kind) => {
  let s: TestServer;
  let acs: CwmpListener;
  let token: string;
  let apId = 0;

  /** A scripted CPE: one HTTP session, cookie kept between its POSTs. */
  function fakeCpe(auth?: string) {
    let cookie = '';
    return async (body: string) => {
      const headers: Record<string, string> = { 'content-type': 'text/xml' };
      if (cookie) headers.cookie = cookie;
      if (auth) headers.authorization = `Basic ${Buffer.from(auth).toString('base64')}`;
      const res = await fetch(`http://127.0.0.1:${acs.port}/`, { method: 'POST', headers, body });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0]!;
      return { status: res.status, text: await res.text() };
    };
  }
  const call = <T = unknown>(path: string, body: Record<string, unknown>) => s.call<T>(path, body, { token });
  const cpeRow = async (serial: string) =>
    (await s.app.db.kysely
      .selectFrom('tr069_device' as never)
      .selectAll()
      .where('serial_number' as never, '=', serial as never)
      .executeTakeFirst()) as Record<string, unknown> | undefined;
  const task = async (id: number) =>
    (await s.app.db.kysely
      .selectFrom('device_tasks' as never)
      .selectAll()
      .where('id' as never, '=', id as never)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const lastTask = async () =>
    (await s.app.db.kysely
      .selectFrom('device_tasks' as never)
      .selectAll()
      .orderBy('id' as never, 'desc')
      .executeTakeFirstOrThrow()) as Record<string, unknown>;

  beforeAll(async () => {
    s = await startServer(kind, { acAgentKey: KEY });
    acs = await startCwmpListener(s.app, 0, '127.0.0.1');
    token = await s.login();
    const cat = await call<{ id: number }>(CATEGORY, { method: 'add', name: 'Ceiling' });
    const ap = await call<{ id: number }>(AP, {
      method: 'add',
      name: 'AP-1',
      mac: '00:11:22:33:44:01',
      category_id: cat.data.id,
    });
    apId = ap.data.id;
  });
  afterAll(async () => {
    await acs.close();
    await s.close();
  });

  it('an Inform creates the CPE, answers InformResponse, and 204 when nothing is pending', async () => {
    const cpe = fakeCpe();
    const r = await cpe(inform('SN001'));
    expect(r.status).toBe(200);
    expect(r.text).toContain('InformResponse');
    expect(r.text).toContain(CWMP);
    const row = (await cpeRow('SN001'))!;
    expect(row).toMatchObject({
      device_id: '00259E-HG8245-SN001',
      manufacturer: 'Huawei',
      model: 'HG8245H',
      software_version: 'V1',
      ip: '10.0.0.9',
      connection_request_url: 'http://10.0.0.9:7547/cr',
      online: 1,
    });
    expect(String(row.last_inform)).toMatch(/^\d{4}-\d{2}-\d{2} /);
    expect((await cpe('')).status).toBe(204);
    // A second inform updates the same row.
    await fakeCpe()(inform('SN001', 'V2'));
    const again = await s.app.db.kysely
      .selectFrom('tr069_device' as never)
      .select(['id' as never, 'software_version' as never])
      .execute();
    expect(again).toHaveLength(1);
    expect((again[0] as Record<string, unknown>).software_version).toBe('V2');
  });

  it('a queued reboot goes out as Reboot and RebootResponse marks it done', async () => {
    const id = Number((await cpeRow('SN001'))!.id);
    expect((await call(CPE, { method: 'reboot', ids: [id] })).code).toBe(200);
    const t = await lastTask();
    expect(t).toMatchObject({ name: 'reboot', state: 'pending' });
    const cpe = fakeCpe();
    await cpe(inform('SN001'));
    const rpc = await cpe('');
    expect(rpc.status).toBe(200);
    expect(rpc.text).toContain('<cwmp:Reboot>');
    expect(rpc.text).toContain(`task-${t.id}`);
    const end = await cpe(env('<cwmp:RebootResponse/>', `task-${t.id}`));
    expect(end.status).toBe(204);
    expect((await task(Number(t.id))).state).toBe('done');
    expect(Number((await cpeRow('SN001'))!.pending_tasks)).toBe(0);
  });

  it('a Fault marks the task failed with its code and string', async () => {
    const id = Number((await cpeRow('SN001'))!.id);
    expect((await call(CPE, { method: 'factory_reset', id })).code).toBe(200);
    const t = await lastTask();
    const cpe = fakeCpe();
    await cpe(inform('SN001'));
    expect((await cpe('')).text).toContain('<cwmp:FactoryReset>');
    const fault = env(
      '<soap:Fault><faultcode>Client</faultcode><faultstring>CWMP fault</faultstring><detail>' +
        '<cwmp:Fault><FaultCode>9000</FaultCode><FaultString>Method not supported</FaultString></cwmp:Fault>' +
        '</detail></soap:Fault>',
    );
    expect((await cpe(fault)).status).toBe(204);
    expect(await task(Number(t.id))).toMatchObject({
      state: 'failed',
      fault_code: '9000',
      fault_string: 'Method not supported',
    });
  });

  it('bad XML, a DOCTYPE or a non-CWMP body: 400 and nothing changes', async () => {
    const before = (await cpeRow('SN001'))!;
    for (const body of [
      '<soap:Envelope><soap:Body><cwmp:Inform>',
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>${inform('SN001', '&e;')}`,
      '<a>not soap</a>',
    ]) {
      const r = await fakeCpe()(body);
      expect(r.status).toBe(400);
    }
    expect(await cpeRow('SN001')).toEqual(before);
    expect(await cpeRow('SN999')).toBeUndefined();
  });

  it('with ACS credentials set, an Inform without them is refused and creates nothing', async () => {
    expect((await call(ITMS, { method: 'form', acs_username: 'acs', acs_password: 'p4ss' })).code).toBe(200);
    const r = await fakeCpe()(inform('SN002'));
    expect(r.status).toBe(401);
    expect((await fakeCpe('acs:wrong')(inform('SN002'))).status).toBe(401);
    expect(await cpeRow('SN002')).toBeUndefined();
    expect((await fakeCpe('acs:p4ss')(inform('SN002'))).status).toBe(200);
    expect(await cpeRow('SN002')).toBeDefined();
  });

  it('AP agent: a wrong key or MAC is refused; poll marks online and hands commands out once; ack settles', async () => {
    const bad = await s.call(`${AGENT}/poll`, { mac: '00:11:22:33:44:01', key: 'nope' });
    expect(bad.code).toBe(403);
    expect((await s.call(`${AGENT}/poll`, { mac: '00:11:22:33:44:99', key: KEY })).code).toBe(403);
    expect((await call(AP, { method: 'reboot', ids: [apId] })).code).toBe(200);
    const poll = await s.call<{ commands: { task_id: number; name: string }[] }>(`${AGENT}/poll`, {
      mac: '00-11-22-33-44-01',
      key: KEY,
      model: 'AX3000',
      clients: 7,
    });
    expect(poll.code).toBe(200);
    expect(poll.data.commands.map((c) => c.name)).toEqual(['reboot']);
    const ap = (await s.app.db.kysely
      .selectFrom('ac_ap' as never)
      .selectAll()
      .where('id' as never, '=', apId as never)
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    expect(ap).toMatchObject({ online: 1, model: 'AX3000', clients: 7, pending_tasks: 0 });
    const again = await s.call<{ commands: unknown[] }>(`${AGENT}/poll`, {
      mac: '00:11:22:33:44:01',
      key: KEY,
    });
    expect(again.data.commands).toEqual([]);
    const taskId = poll.data.commands[0]!.task_id;
    expect(
      (await s.call(`${AGENT}/ack`, { mac: '00:11:22:33:44:01', key: 'nope', task_id: taskId, ok: true }))
        .code,
    ).toBe(403);
    expect((await task(taskId)).state).toBe('sent');
    const ack = await s.call(`${AGENT}/ack`, {
      mac: '00:11:22:33:44:01',
      key: KEY,
      task_id: taskId,
      ok: true,
    });
    expect(ack.code).toBe(200);
    expect((await task(taskId)).state).toBe('done');
    // Settled once: a second ack finds nothing.
    expect(
      (await s.call(`${AGENT}/ack`, { mac: '00:11:22:33:44:01', key: KEY, task_id: taskId, ok: false })).code,
    ).toBe(404);
    expect((await task(taskId)).state).toBe('done');
  });

  it('dashboard: APs and CPEs online out of total, by the last contact window', async () => {
    const cards = async () =>
      (
        await s.call<{ cards: { key: string; value: number; total?: number }[] }>(
          '/admin.php/system/home',
          {},
          { token },
        )
      ).data.cards;
    const pick = async (key: string) => (await cards()).find((c) => c.key === key)!;
    expect(await pick('aps_online')).toMatchObject({ value: 1, total: 1 });
    expect(await pick('cpes_online')).toMatchObject({ value: 2, total: 2 });
    // Past 3 polls (180 s) the AP is offline; CPEs stay online until 2 × 300 + 60 s.
    s.clock.advance(181_000);
    expect(await pick('aps_online')).toMatchObject({ value: 0, total: 1 });
    expect(await pick('cpes_online')).toMatchObject({ value: 2, total: 2 });
    s.clock.advance(660_000 - 181_000 + 1000);
    expect(await pick('cpes_online')).toMatchObject({ value: 0, total: 2 });
  });
});
