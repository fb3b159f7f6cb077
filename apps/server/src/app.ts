import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { Code, Paths } from '@igs/contract';
import { resources } from '@igs/contract/resources';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { acAgentActions } from './features/ac/agent.ts';
import { accountActions } from './features/account/actions.ts';
import { registerAvatarRoute } from './features/account/avatar.ts';
import { administratorActions } from './features/accounts/actions.ts';
import { authorityActions } from './features/authority/actions.ts';
import { backupActions } from './features/backup/actions.ts';
import { withContentAudit } from './features/content-audit/items.ts';
import { cpeParametersAction } from './features/cwmp/parameters.ts';
import { deviceHistoryActions } from './features/device-tasks/history.ts';
import { diskActions } from './features/disks/actions.ts';
import { dnsmasqActions } from './features/dnsmasq/actions.ts';
import { withDnsmasqRecordWrites } from './features/dnsmasq/record-writes.ts';
import { explorerActions } from './features/explorer/actions.ts';
import { registerExplorerUploads } from './features/explorer/upload.ts';
import { homeActions } from './features/home/actions.ts';
import { hotStandbyActions } from './features/hot-standby/actions.ts';
import { licenceActions } from './features/licence/actions.ts';
import { loggingActions } from './features/logging/actions.ts';
import type { AppContext } from './platform/app-context.ts';
import { drawCaptcha } from './platform/auth/captcha.ts';
import { loginActions } from './platform/auth/login-actions.ts';
import type { Config } from './platform/config.ts';
import { type Db, migrateToLatest, openDatabase } from './platform/db/database.ts';
import { seed } from './platform/db/seed.ts';
import { registerDownloadRoute } from './platform/exports/downloads.ts';
import { allVerbActions } from './platform/resources/verbs.ts';
import './features/verb-handlers.ts';
import './features/write-rules.ts';
import { startDevicePresence } from './features/device-presence/sweep.ts';
import { mediaExtrasActions } from './features/media-extras/actions.ts';
import { withMediaWrites } from './features/media-extras/writes.ts';
import { menuActions } from './features/menus/actions.ts';
import { withExternalLinkFollowers } from './features/menus/external-links.ts';
import { networkActions } from './features/network/actions.ts';
import { outreachActions, withOutreachFollowers } from './features/outreach/actions.ts';
import { startOutreachLinks } from './features/outreach/links.ts';
import { schedulerActions, withTimedTaskRules } from './features/scheduler/actions.ts';
import { startScheduler } from './features/scheduler/scheduler.ts';
import { serverLogActions } from './features/server-logs/actions.ts';
import { serverLogger } from './features/server-logs/log-file.ts';
import { serviceActions } from './features/services/actions.ts';
import { shellActions } from './features/shell/actions.ts';
import { smartExtrasActions } from './features/smart-extras/actions.ts';
import { smsActions } from './features/sms/actions.ts';
import { systemStatusActions } from './features/system-status/actions.ts';
import { hostCollector } from './features/system-status/collector.ts';
import { systemToolActions } from './features/system-tools/actions.ts';
import { terminalApiActions } from './features/terminal-api/actions.ts';
import { startTerminalPresence } from './features/terminal-api/presence.ts';
import { tr069ExtrasActions } from './features/tr069-extras/actions.ts';
import { upgradeActions } from './features/upgrade/actions.ts';
import { voiceActions } from './features/voice/actions.ts';
import { startRegStateSweep } from './features/voice/reg-state.ts';
import type { AnyAction } from './platform/http/action.ts';
import { diskFull, malformedMultipart } from './platform/http/body-errors.ts';
import { loadConsoleAssets, pickEncoding } from './platform/http/console-assets.ts';
import { errorEnvelope, mountActions } from './platform/http/dispatch.ts';
import { type EdgeSettings, loadEdgeSettings, setEdgeSettings } from './platform/http/edge-settings.ts';
import { openApiDocument } from './platform/http/openapi.ts';
import { registerRateLimits } from './platform/http/rate-limits.ts';
import { startRefusalSummaries } from './platform/http/refusal-summary.ts';
import { requestLang } from './platform/http/request-info.ts';
import { securityHeaders } from './platform/http/security-headers.ts';
import { tlsServerOptions } from './platform/http/tls-options.ts';
import { allResourceActions } from './platform/resources/actions.ts';
import { syncResourceTables } from './platform/resources/storage.ts';
import { registerUploadRoutes } from './platform/uploads/routes.ts';
import { VERSION } from './platform/version.ts';

export { VERSION };

/** Every call of the API, feature by feature. */
export const allActions: readonly AnyAction[] = [
  ...loginActions,
  ...shellActions,
  ...menuActions,
  ...accountActions,
  ...homeActions,
  ...loggingActions,
  ...systemStatusActions,
  ...diskActions,
  ...systemToolActions,
  ...serverLogActions,
  ...backupActions,
  ...licenceActions,
  ...upgradeActions,
  // The scheduled-task endpoints keep their task rules and next_run_at around the generic calls.
  // Outreach and external-link writes also reconnect the FIAS links and refresh the menu cache;
  // static lease and DNS record writes rewrite their dnsmasq file in the same call.
  // Audited content (films, posts, ad materials) keeps the resource-audit list in step; EPG imports
  // and new broadcast rooms get their server-set values.
  ...withMediaWrites(
    withContentAudit(
      withDnsmasqRecordWrites(
        withOutreachFollowers(withExternalLinkFollowers(withTimedTaskRules(allResourceActions()))),
      ),
    ),
  ),
  // The resources' own verbs (accept an order, mark records read…), implemented per feature.
  ...allVerbActions(),
  ...authorityActions,
  ...administratorActions,
  ...schedulerActions,
  ...tr069ExtrasActions,
  // A CPE's and an AP's queued tasks (history on tr069/device and ac/ap), a CPE's parameters.
  ...deviceHistoryActions,
  cpeParametersAction,
  ...smsActions,
  ...smartExtrasActions,
  ...mediaExtrasActions,
  ...networkActions,
  ...dnsmasqActions,
  ...voiceActions,
  ...serviceActions,
  ...hotStandbyActions,
  ...outreachActions,
  ...explorerActions,
  // Set-top boxes, TVs and pads: /api/terminal/* with a per-terminal token.
  ...terminalApiActions,
  // AP agents: /api/ac/agent/* with the shared AC_AGENT_KEY.
  ...acAgentActions,
];

const API_PREFIXES = ['/admin.php/', '/operations/', '/vue-element-admin/', '/api/'];

export interface Server {
  fastify: FastifyInstance;
  app: AppContext;
  close(): Promise<void>;
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests); otherwise opened from the configuration. */
  db?: Db;
  now?: () => number;
  logger?: FastifyServerOptions['logger'];
  makeCaptcha?: AppContext['makeCaptcha'];
  /** Rate limits, upload quota and file-link lives; from the environment when unset. */
  edges?: Partial<EdgeSettings>;
}

/** Opens and migrates the database, seeds it, and builds the HTTP server (not yet listening). */
export async function buildServer(opts: BuildOptions): Promise<Server> {
  const { config } = opts;
  const db = opts.db ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const fastify = Fastify({
    // The server's log goes to stdout and to ${DATA_DIR}/logs/server-YYYY-MM-DD.log.
    logger: opts.logger ?? serverLogger(config, db),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Per-request log lines only at debug level: the operation log records what matters.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
    // TLS_CERT/TLS_KEY: HTTPS with HTTP/2, HTTP/1.1 still accepted (http/tls-options.ts).
    ...tlsServerOptions(config),
  } as FastifyServerOptions) as unknown as FastifyInstance;
  const app: AppContext = {
    db,
    config,
    log: fastify.log,
    now: opts.now ?? Date.now,
    caches: new Map(),
    makeCaptcha: opts.makeCaptcha ?? drawCaptcha,
  };
  setEdgeSettings(app, { ...loadEdgeSettings(), ...opts.edges });
  await migrateToLatest(db);
  await syncResourceTables(db.kysely as never, db.kind, resources);
  await seed(app);

  // Per-address limits first: a refused request costs no body parsing (http/rate-limits.ts).
  const refusals = startRefusalSummaries(app);
  await registerRateLimits(fastify, app);
  await fastify.register(cookie);
  await fastify.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await fastify.register(multipart, { limits: { fieldSize: 64 * 1024, fields: 50, parts: 60 } });
  // API replies are made per request: Brotli at quality 2 costs a third of the plugin's default 4
  // (about 30 against 90 µs for a 20-row list page on this hardware) for replies some 15% larger.
  // The console's files and the menu reply are compressed once at the best quality instead.
  await fastify.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
    zlibOptions: { level: 4 },
  });

  // CSP, frame-ancestors, Referrer- and Permissions-Policy on every reply; HSTS under HTTPS.
  const headers = securityHeaders(Boolean(config.tls));
  fastify.addHook('onSend', async (_req, reply) => {
    reply.headers(headers);
  });

  // Malformed bodies, oversize bodies and unsupported types: a clear envelope, never a stack.
  fastify.setErrorHandler((err: { code?: string; statusCode?: number; message: string }, req, reply) => {
    const lang = requestLang(req);
    const known: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'Malformed JSON body',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'Empty JSON body',
      FST_ERR_CTP_BODY_TOO_LARGE: `Request body too large (limit ${Math.round(config.bodyLimitBytes / 1024)} KB)`,
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON, a form or multipart',
      FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
      FST_PARTS_LIMIT: 'Too many parts in the form',
      FST_FILES_LIMIT: 'Too many files in the form',
      FST_FIELDS_LIMIT: 'Too many fields in the form',
      FST_INVALID_MULTIPART_CONTENT_TYPE: 'Malformed multipart form',
    };
    const msg = err.code ? known[err.code] : undefined;
    // A handler may have set another type (the console page) before failing: the envelope is JSON.
    reply.type('application/json; charset=utf-8');
    // A malformed multipart body or a full disk: its own envelope (400 or 503) from errorEnvelope.
    if (malformedMultipart(err) || diskFull(err))
      return reply.code(200).send(errorEnvelope(app, err, lang, req));
    if (msg || (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)) {
      return reply.code(200).send({ code: Code.badRequest, msg: msg ?? err.message, data: null });
    }
    return reply.code(200).send(errorEnvelope(app, err, lang, req));
  });

  mountActions(fastify, app, allActions);
  const scheduler = startScheduler(app);
  // A recent host reading at all times, so the dashboard's CPU figure never waits for one.
  const stopHostSampling = hostCollector().keepWarm();
  const outreach = startOutreachLinks(app);
  // Writes `offline` TerminalEvents after 3 missed heartbeats (safe with several instances).
  const terminalPresence = startTerminalPresence(app);
  // Clears the online flag of APs and CPEs that stopped calling in.
  const devicePresence = startDevicePresence(app);
  // Keeps the extensions' registration state true to this host's Asterisk (unknown without it).
  const voiceRegistrations = startRegStateSweep(app);
  registerAvatarRoute(fastify, app);
  registerDownloadRoute(fastify, app);
  registerUploadRoutes(fastify, app);
  registerExplorerUploads(fastify, app);
  const apiDoc = openApiDocument(allActions, VERSION);
  fastify.get(Paths.apiDocs, async () => apiDoc);
  fastify.get(Paths.health, async () => ({
    code: Code.ok,
    msg: 'ok',
    data: { version: VERSION, database: db.kind },
  }));

  const assets = loadConsoleAssets(config.consoleDir);
  const index = assets.get('/index.html');
  // Every GET that no API route takes: a file of the built console, or the page itself for the
  // console's client-side routes (/login, /dashboard, ...). API prefixes never fall back to it.
  fastify.get('/*', { config: { compress: false } }, async (req, reply) => {
    const url = req.url.split('?')[0]!;
    // Operations-mode pages live under /operations/ too (DOMAIN 1.2): a browser opening or
    // reloading one asks for HTML and gets the page; API clients still get the 404.
    const operationsPage =
      url.toLowerCase().startsWith('/operations/') && /text\/html/.test(req.headers.accept ?? '');
    if ((!operationsPage && API_PREFIXES.some((p) => url.toLowerCase().startsWith(p))) || !index) {
      return reply.code(404).send({ code: Code.notFound, msg: `No such call: GET ${url}`, data: null });
    }
    const asset = assets.get(url) ?? (url.startsWith('/assets/') ? undefined : index);
    if (!asset) return reply.code(404).send({ code: Code.notFound, msg: `No such file: ${url}`, data: null });
    reply
      .header('cache-control', asset.immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .header('etag', asset.etag)
      .header('vary', 'accept-encoding')
      .type(asset.type);
    if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    const encoding = pickEncoding(asset, String(req.headers['accept-encoding'] ?? ''));
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? asset[encoding] : asset.raw);
  });
  fastify.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    return reply
      .code(404)
      .send({ code: Code.notFound, msg: `No such call: ${req.method} ${url}`, data: null });
  });

  return {
    fastify,
    app,
    async close() {
      stopHostSampling();
      await scheduler.stop();
      await outreach.stop();
      await terminalPresence.stop();
      await devicePresence.stop();
      await voiceRegistrations.stop();
      await fastify.close();
      await refusals.stop();
      await db.close();
    },
  };
}
