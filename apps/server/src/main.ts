import { buildServer } from './app.ts';
import { loadConfig } from './config.ts';

const config = loadConfig();
const server = await buildServer({ config });
const { fastify, app } = server;
await fastify.listen({ port: config.port, host: config.host });
app.log.info(
  `gateway console on http://localhost:${config.port} (${app.db.kind}${app.db.kind === 'sqlite' ? ` in ${config.dataDir}` : ''}, captcha ${config.captcha ? 'on' : 'off'})`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info(`${signal}: shutting down`);
    void server.close().then(() => process.exit(0));
  });
}
