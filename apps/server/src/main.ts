import { buildServer } from './app.ts';
import { loadConfig } from './config.ts';
import { type CwmpListener, startCwmpListener } from './features/cwmp/listener.ts';
import { seedDemo } from './features/demo/seed.ts';

const config = loadConfig();
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
      for (const s of demo.skipped) app.log.warn(`demo data: no ${s.resource} records: ${s.reason}`);
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    void (cwmp?.close() ?? Promise.resolve()).then(() => server.close()).then(() => process.exit(0));
  });
}
