import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

const BASIC = '/admin.php/voice/basic';
const SERVICES = '/admin.php/system/service_config';

/**
 * The SIP ports of voice/BasicSettings are checked against the ports system/ServiceConfig
 * really gives the other services: a moved GB28181 port frees its old one and takes the new
 * one, a stopped service holds none.
 */
describeEachDb('voice SIP ports against the configured services', (kind) => {
  let s: TestServer;
  let token: string;
  const call = (path: string, body: Record<string, unknown>) => s.call(path, body, { token });
  // Away from the default RTP range, which holds the ports tried below.
  const away = { rtp_start: 30000, rtp_end: 31000 };

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('follows the GB28181 agent to the port it is configured on', async () => {
    expect((await call(BASIC, { method: 'edit', sip_udp_port: 15060, ...away })).code).toBe(422);
    expect((await call(SERVICES, { method: 'edit', key: 'gb28181', port: 15070 })).code).toBe(200);
    const moved = await call(BASIC, { method: 'edit', sip_udp_port: 15070, ...away });
    expect(moved).toMatchObject({
      code: 422,
      msg: 'SIP UDP port 15070 clashes with the GB28181 SIP agent on UDP port 15070',
    });
    expect((await call(BASIC, { method: 'edit', sip_udp_port: 15060, ...away })).code).toBe(200);
    expect((await call(BASIC, { method: 'edit', sip_udp_port: 5060 })).code).toBe(200);
  });

  it('holds the listed ports of enabled services, and none of a stopped one', async () => {
    const ssh = await call(BASIC, { method: 'edit', sip_tls_port: 22 });
    expect(ssh.code).toBe(422);
    expect(ssh.msg).toMatch(/^SIP TLS port 22 clashes with .*SSH.* on TCP port 22$/);
    // SNMP is off by default: its UDP 161 is free for SIP.
    expect((await call(BASIC, { method: 'edit', sip_udp_port: 161, ...away })).code).toBe(200);
    expect((await call(BASIC, { method: 'edit', sip_udp_port: 5060 })).code).toBe(200);
  });
});
