import dgram from 'node:dgram';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { agentOf } from '../src/features/video/gb28181/registry.ts';
import { type GbSupervisor, superviseGbAgent } from '../src/features/video/gb28181/supervisor.ts';
import { STORE_KEY } from '../src/platform/settings/service-config.ts';
import { freePort } from './support/ports.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';

/**
 * The GB28181 agent follows system/ServiceConfig without a restart (gb28181/supervisor.ts): the
 * services page's save starts, moves and stops it at once; a change stored another way (another
 * instance, a restore) is picked up by the next pass; a port that is taken is retried.
 */

const SVC = '/admin.php/system/service_config';

/** Whether a SIP agent answers an OPTIONS on the port (any SIP response counts). */
async function answers(port: number): Promise<boolean> {
  const sock = dgram.createSocket('udp4');
  const branch = Math.random().toString(36).slice(2);
  const options = [
    'OPTIONS sip:34020000002000000001@3402000000 SIP/2.0',
    `Via: SIP/2.0/UDP 127.0.0.1:5060;rport;branch=z9hG4bK${branch}`,
    `From: <sip:34020000001320000009@3402000000>;tag=${branch}`,
    '<sip:34020000002000000001@3402000000>'.replace(/^/, 'To: '),
    `Call-ID: ${branch}@127.0.0.1`,
    'CSeq: 1 OPTIONS',
    'Content-Length: 0',
    '',
    '',
  ].join('\r\n');
  try {
    return await new Promise<boolean>((resolve) => {
      const t = setTimeout(() => resolve(false), 700);
      sock.on('message', (m) => {
        clearTimeout(t);
        resolve(m.toString().startsWith('SIP/2.0 '));
      });
      sock.on('error', () => resolve(false));
      sock.send(options, port, '127.0.0.1');
    });
  } finally {
    sock.close();
  }
}

describeEachDb('GB28181 agent follows the service settings', (kind) => {
  let s: TestServer;
  let token: string;
  let supervisor: GbSupervisor;
  const edit = (body: Record<string, unknown>) =>
    s.call(SVC, { method: 'edit', key: 'gb28181', ...body }, { token });

  beforeAll(async () => {
    s = await startServer(kind);
    token = await s.login();
    // The service is disabled first, so the supervisor starts with no agent (15060 may be in use).
    expect((await edit({ enabled: 0 })).code).toBe(200);
    supervisor = superviseGbAgent(s.app, { host: '127.0.0.1', everyMs: 3_600_000 });
    await supervisor.reconcile();
  });
  afterAll(async () => {
    await supervisor?.close();
    await s?.close();
  });

  it('starts, moves and stops with the services page, at once', async () => {
    expect(agentOf(s.app)).toBeUndefined();
    const first = await freePort();
    const saved = await edit({ enabled: 1, port: first });
    expect(saved.code, saved.msg).toBe(200);
    expect(agentOf(s.app)?.port).toBe(first);
    expect(await answers(first)).toBe(true);
    // The services list shows it running on its port.
    const row = await s.call<{ status: string; ports: number[] }>(
      SVC,
      { method: 'detail', key: 'gb28181' },
      { token },
    );
    expect(row.data).toMatchObject({ status: 'running', ports: [first] });

    const second = await freePort();
    expect((await edit({ port: second })).code).toBe(200);
    expect(agentOf(s.app)?.port).toBe(second);
    expect(await answers(second)).toBe(true);
    expect(await answers(first)).toBe(false);

    expect((await edit({ enabled: 0 })).code).toBe(200);
    expect(agentOf(s.app)).toBeUndefined();
    expect(await answers(second)).toBe(false);
  });

  it('follows a change stored by another instance at its next pass, and retries a port in use', async () => {
    // A port below the kernel's ephemeral range, held here: one bind(0) gave could be taken on its
    // TCP side by any outgoing connection once released (a fresh-clone run saw the agent fail so).
    const taken = await freePort();
    const busy = dgram.createSocket('udp4');
    await new Promise<void>((r) => busy.bind(taken, '127.0.0.1', () => r()));
    // Another instance (or a restore) wrote the settings: only the database changed.
    const row = await s.app.db.kysely
      .selectFrom('singletons')
      .select('value')
      .where('name', '=', STORE_KEY)
      .where('site_id', '=', 0)
      .executeTakeFirstOrThrow();
    const stored = JSON.parse(row.value);
    stored.gb28181 = { ...stored.gb28181, enabled: 1, port: taken };
    await s.app.db.kysely
      .updateTable('singletons')
      .set({ value: JSON.stringify(stored) })
      .where('name', '=', STORE_KEY)
      .where('site_id', '=', 0)
      .execute();
    await supervisor.reconcile();
    expect(agentOf(s.app)).toBeUndefined();
    await new Promise<void>((r) => busy.close(() => r()));
    await supervisor.reconcile();
    expect(agentOf(s.app)?.port).toBe(taken);
    expect(await answers(taken)).toBe(true);
  });
});
