import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { buildServer } from './app.ts';
import { type CwmpListener, startCwmpListener } from './features/cwmp/listener.ts';
import { seedDemo } from './features/demo/seed.ts';
import { type DemoSimulator, startDemoSimulator } from './features/demo/simulator.ts';
import { type GbSupervisor, superviseGbAgent } from './features/video/gb28181/supervisor.ts';
import { loadConfig } from './platform/config.ts';
import { databaseUnavailable } from './platform/db/unavailable.ts';

const config = loadConfig();
// The demo's simulated APs poll with the agent key; without AC_AGENT_KEY they get one for this run
// only (real agents, which cannot know it, are refused as they are without a key).
const simulate = config.demo && (process.env.GW_DEMO_DEVICES ?? 'on').toLowerCase() !== 'off';
if (simulate && !config.acAgentKey) config.acAgentKey = randomBytes(24).toString('base64url');
const server = await buildServer({ config });
const { fastify, app } = server;
if (config.demo) {
  // `npm start -- --demo`: a sample hotel on an empty database; never touches one with records.
  // It runs in one transaction, so a failure leaves the database as it was and the server starts.
  await seedDemo(app).then(
    (demo) => {
      const records = Object.values(demo.records).reduce((a, b) => a + b, 0);
      app.log.info(
        demo.seeded
          ? `demo data: ${records} records in ${Object.keys(demo.records).length} lists, ${demo.files} files`
          : `demo data not added: ${demo.reason}`,
      );
      if (demo.seeded)
        app.log.info(
          `demo fleet: ${demo.fleet.customers} customers and ${demo.fleet.sites.length} sites in operations mode`,
        );
      for (const s of demo.skipped) app.log.warn(`demo data: no ${s.resource} records: ${s.reason}`);
      for (const note of demo.settings) app.log.info(`demo settings: ${note}`);
    },
    (err: unknown) => app.log.error({ err }, 'demo data could not be added'),
  );
}
await fastify.listen({ port: config.port, host: config.host });
app.log.info(
  `gateway console on ${config.tls ? 'https' : 'http'}://localhost:${config.port}${config.tls ? ' (HTTP/2)' : ''} (${app.db.kind}${app.db.kind === 'sqlite' ? ` in ${config.dataDir}` : ''}, captcha ${config.captcha ? 'on' : 'off'})`,
);

// The ACS for TR-069 CPEs on the ITMS cwmp_port (features/cwmp/listener.ts); GW_CWMP=off leaves it out.
let cwmp: CwmpListener | undefined;
if ((process.env.GW_CWMP ?? 'on').toLowerCase() !== 'off') {
  await startCwmpListener(app, undefined, config.host).then(
    (l) => {
      cwmp = l;
      app.log.info(`CWMP ACS on port ${l.port}`);
    },
    (err: unknown) => app.log.error({ err }, 'CWMP ACS not started: its port could not be bound'),
  );
}

// The GB28181 SIP agent on the ServiceConfig gb28181 port, UDP and TCP (features/video/gb28181/),
// while that service is enabled, on the console's address or GW_GB28181_HOST; GW_GB28181=off
// leaves it out. It follows the service's settings without a restart (supervisor.ts); a port that
// cannot be bound is logged, never fatal.
const gb: GbSupervisor | undefined =
  (process.env.GW_GB28181 ?? 'on').toLowerCase() !== 'off'
    ? superviseGbAgent(app, { host: process.env.GW_GB28181_HOST || config.host })
    : undefined;
await gb?.reconcile();

/** This server as seen from the host itself: loopback when it listens on every address. */
function selfUrl(protocol: string, a: AddressInfo): string {
  const host = ['0.0.0.0', '::'].includes(a.address) ? '127.0.0.1' : a.address;
  return `${protocol}://${host.includes(':') ? `[${host}]` : host}:${a.port}`;
}

// `--demo`: the demo hotel's boxes, APs and ONTs call in over loopback (features/demo/simulator.ts);
// GW_DEMO_DEVICES=off leaves them out.
let simulator: DemoSimulator | undefined;
if (simulate) {
  const consoleUrl = selfUrl(config.tls ? 'https' : 'http', fastify.server.address() as AddressInfo);
  const acsUrl = cwmp ? `${selfUrl('http', { address: config.host, port: cwmp.port, family: '' })}/` : null;
  simulator = startDemoSimulator(app, { consoleUrl, acsUrl });
  void simulator.firstRound.then(() => {
    const n = simulator!.counts();
    app.log.info(
      `demo devices: simulated boxes and APs${acsUrl ? ' and ONTs' : ''} call in over loopback (${n.terminal} terminal, ${n.ap} AP and ${n.cpe} CWMP calls so far)${acsUrl ? '' : '; the ONTs are not simulated: the CWMP ACS does not run'}`,
    );
  });
}

/**
 * Graceful shutdown (docs/deployment/resilience.md): /readyz answers 503 at once, the server takes
 * no new connections and lets the calls in flight finish, at most GW_SHUTDOWN_GRACE_S seconds;
 * then the background work, the device listeners and the database close, and the process exits 0.
 * A second signal, or closing that hangs well past the grace, ends the process at once.
 */
const graceMs = (config.shutdownGraceS ?? 20) * 1000;
let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    shuttingDown = true;
    app.log.info(`${signal}: shutting down (calls in flight have ${graceMs / 1000} s to finish)`);
    setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, graceMs + 10_000).unref();
    void (async () => {
      const inTime = await server.stopAccepting(graceMs);
      if (!inTime) app.log.warn('shutdown: calls still in flight after the grace were cut');
      await simulator?.stop();
      await cwmp?.close();
      await gb?.close();
      await server.close();
      app.log.info('shut down');
    })().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

// A query whose connection was lost (PostgreSQL restarting, failing over) that some code left
// unawaited must not end the process: every caller is back once the pool reconnects. Any other
// unhandled rejection is a bug and ends the process, as Node does by default.
process.on('unhandledRejection', (reason) => {
  if (databaseUnavailable(reason)) {
    app.log.error({ err: reason }, 'database unavailable (unhandled in the background); continuing');
    return;
  }
  app.log.fatal({ err: reason }, 'unhandled rejection');
  process.exit(1);
});
