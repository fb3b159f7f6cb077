import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { Code, Paths } from '@igs/contract';
import { resources } from '@igs/contract/resources';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { acFeature } from './features/ac/index.ts';
import { accountFeature } from './features/account/index.ts';
import { accountsFeature } from './features/accounts/index.ts';
import { advertRulesFeature } from './features/advert-rules/index.ts';
import { aisoFeature } from './features/aiso/index.ts';
import { areaImportsFeature } from './features/area-imports/index.ts';
import { authorityFeature } from './features/authority/index.ts';
import { backupFeature } from './features/backup/index.ts';
import { contentAuditFeature } from './features/content-audit/index.ts';
import { cwmpFeature } from './features/cwmp/index.ts';
import { devicePresenceFeature } from './features/device-presence/index.ts';
import { deviceTasksFeature } from './features/device-tasks/index.ts';
import { disksFeature } from './features/disks/index.ts';
import { dnsmasqFeature } from './features/dnsmasq/index.ts';
import { explorerFeature } from './features/explorer/index.ts';
import { holidayThemesFeature } from './features/holiday-themes/index.ts';
import { homeFeature } from './features/home/index.ts';
import { hotStandbyFeature } from './features/hot-standby/index.ts';
import { licenceFeature } from './features/licence/index.ts';
import { loggingFeature } from './features/logging/index.ts';
import { mediaExtrasFeature } from './features/media-extras/index.ts';
import { menusFeature } from './features/menus/index.ts';
import { networkFeature } from './features/network/index.ts';
import { outreachFeature } from './features/outreach/index.ts';
import { schedulerFeature } from './features/scheduler/index.ts';
import { serverLogsFeature } from './features/server-logs/index.ts';
import { serverLogger } from './features/server-logs/log-file.ts';
import { servicesFeature } from './features/services/index.ts';
import { shellFeature } from './features/shell/index.ts';
import { smartDisplayFeature } from './features/smart-display/index.ts';
import { smartExtrasFeature } from './features/smart-extras/index.ts';
import { smsFeature } from './features/sms/index.ts';
import { systemStatusFeature } from './features/system-status/index.ts';
import { systemToolsFeature } from './features/system-tools/index.ts';
import { terminalApiFeature } from './features/terminal-api/index.ts';
import { terminalRecordsFeature } from './features/terminal-records/index.ts';
import { tr069ExtrasFeature } from './features/tr069-extras/index.ts';
import { upgradeFeature } from './features/upgrade/index.ts';
import { videoFeature } from './features/video/index.ts';
import { voiceFeature } from './features/voice/index.ts';
import type { AppContext } from './platform/app-context.ts';
import { drawCaptcha } from './platform/auth/captcha.ts';
import { loginActions } from './platform/auth/login-actions.ts';
import { cacheCoherenceFeature } from './platform/cache/coherence.ts';
import type { Config } from './platform/config.ts';
import { type Db, migrateToLatest, openDatabase } from './platform/db/database.ts';
import { seed } from './platform/db/seed.ts';
import { registerDownloadRoute } from './platform/exports/downloads.ts';
import {
  type Feature,
  featureActions,
  installFeatures,
  startServices,
  withFollowers,
} from './platform/feature.ts';
import { openFileStore } from './platform/files/index.ts';
import { startFilePrune } from './platform/files/prune.ts';
import type { AnyAction } from './platform/http/action.ts';
import { diskFull, malformedMultipart } from './platform/http/body-errors.ts';
import { loadConsoleAssets, pickEncoding } from './platform/http/console-assets.ts';
import { errorEnvelope, mountActions } from './platform/http/dispatch.ts';
import { type EdgeSettings, loadEdgeSettings, setEdgeSettings } from './platform/http/edge-settings.ts';
import { type Readiness, registerHealthRoutes } from './platform/http/health.ts';
import { openApiDocument } from './platform/http/openapi.ts';
import { registerRateLimits } from './platform/http/rate-limits.ts';
import { startRefusalSummaries } from './platform/http/refusal-summary.ts';
import { requestLang } from './platform/http/request-info.ts';
import { consoleScriptHashes, securityHeaders } from './platform/http/security-headers.ts';
import { tlsServerOptions } from './platform/http/tls-options.ts';
import type { MachineIdentity } from './platform/licence/machine.ts';
import { observeRequests, requestIdOptions } from './platform/observability/index.ts';
import { allResourceActions } from './platform/resources/actions.ts';
import { syncResourceTables } from './platform/resources/storage.ts';
import { allVerbActions } from './platform/resources/verbs.ts';
import { registerUploadRoutes } from './platform/uploads/routes.ts';
import { VERSION } from './platform/version.ts';

export { VERSION };

/**
 * The businesses of the server (issue 14 item 3): their calls, their verbs, write rules and
 * formats on the generic resource calls, the followers around those calls, their routes and their
 * services are all read from this list (platform/feature.ts); a feature module whose registrations
 * are reachable from no entry here fails test/unit/features.test.ts.
 * The followers wrap the generic calls of their own endpoints only, no two the same call (checked
 * by the test), so their order does not matter: the scheduled tasks (task rules, next_run_at),
 * external links and outreach (menu cache, FIAS links), static leases and DNS records (their
 * dnsmasq file in the same call), audited content (the resource-audit list) and media (EPG imports,
 * new broadcast rooms). Write rules of one resource run in the order of the list.
 */
export const features: readonly Feature[] = [
  // Platform: other instances' writes and cache drops empty this one's caches (LISTEN/NOTIFY).
  cacheCoherenceFeature,
  shellFeature,
  menusFeature,
  accountFeature,
  homeFeature,
  loggingFeature,
  systemStatusFeature,
  disksFeature,
  systemToolsFeature,
  serverLogsFeature,
  backupFeature,
  licenceFeature,
  upgradeFeature,
  authorityFeature,
  accountsFeature,
  schedulerFeature,
  tr069ExtrasFeature,
  deviceTasksFeature,
  cwmpFeature,
  smsFeature,
  // Before smart-extras: the app menus' tree rule runs before their APK rule, as before.
  smartDisplayFeature,
  smartExtrasFeature,
  mediaExtrasFeature,
  networkFeature,
  dnsmasqFeature,
  voiceFeature,
  servicesFeature,
  hotStandbyFeature,
  outreachFeature,
  explorerFeature,
  terminalApiFeature,
  acFeature,
  devicePresenceFeature,
  terminalRecordsFeature,
  videoFeature,
  aisoFeature,
  advertRulesFeature,
  holidayThemesFeature,
  contentAuditFeature,
  areaImportsFeature,
];

/** The features whose calls come before the generic resource calls in the API (and its listing). */
const CALLS_BEFORE_RESOURCES = features.indexOf(upgradeFeature) + 1;

/** Every call of the API: sign-in, the features', the generic resource calls with their followers, the verbs. */
export const allActions: readonly AnyAction[] = [
  ...loginActions,
  ...featureActions(features.slice(0, CALLS_BEFORE_RESOURCES)),
  ...withFollowers(features, allResourceActions()),
  // The resources' own verbs (accept an order, mark records read…), implemented per feature.
  ...allVerbActions(),
  ...featureActions(features.slice(CALLS_BEFORE_RESOURCES)),
];

const API_PREFIXES = ['/admin.php/', '/operations/', '/vue-element-admin/', '/api/'];

/** How long close() lets calls in flight finish before it cuts their connections. */
const CLOSE_DRAIN_MS = 5_000;

export interface Server {
  fastify: FastifyInstance;
  app: AppContext;
  /** What /readyz answers from (http/health.ts). */
  readiness: Readiness;
  /**
   * The first half of a graceful shutdown: /readyz answers 503 at once, the server takes no new
   * connections and waits for the calls in flight, at most `graceMs` (then it cuts the rest).
   * Resolves true when every call finished in time. close() does the rest.
   */
  stopAccepting(graceMs: number): Promise<boolean>;
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
  /** This instance's machine identity, asked once (tests); read from the host when unset. */
  machine?: () => MachineIdentity;
}

/** Opens and migrates the database, seeds it, and builds the HTTP server (not yet listening). */
export async function buildServer(opts: BuildOptions): Promise<Server> {
  const { config } = opts;
  // A lost connection is reported in the server's log once that exists (it is made after the database).
  let connectionLost = (err: Error) => console.error(`database connection lost: ${err.message}`);
  const db =
    opts.db ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pg: config.dbPool,
      onConnectionLost: (err) => connectionLost(err),
    });
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
    // Request ids unique across instances, returned as X-Request-Id (platform/observability).
    ...requestIdOptions,
  } as FastifyServerOptions) as unknown as FastifyInstance;
  connectionLost = (err) => fastify.log.warn({ reason: err.message }, 'database connection lost');
  const app: AppContext = {
    db,
    config,
    log: fastify.log,
    now: opts.now ?? Date.now,
    caches: new Map(),
    makeCaptcha: opts.makeCaptcha ?? drawCaptcha,
    // Uploads, exports, backups, the licence, packages: one store every instance shares (platform/files).
    files: await openFileStore(config.files, db, config.dataDir),
    ...(opts.machine && { machine: Promise.resolve(opts.machine()) }),
  };
  setEdgeSettings(app, { ...loadEdgeSettings(), ...opts.edges });
  const readiness: Readiness = { schemaReady: false, shuttingDown: false };
  // One instance at a time, however many start together (PostgreSQL advisory lock, database.ts);
  // the seed too, which adds the first accounts and settings when they are missing.
  await db.underSchemaLock(async (schema) => {
    await migrateToLatest(schema);
    await syncResourceTables(schema.kysely as never, schema.kind, resources);
    await seed({ ...app, db: { ...db, kysely: schema.kysely } });
  });
  readiness.schemaReady = true;

  // Request ids, metrics, the access log and GET /metrics; first, so refusals are counted too.
  observeRequests(fastify, app);
  // Per-address limits first: a refused request costs no body parsing (http/rate-limits.ts).
  const refusals = startRefusalSummaries(app);
  await registerRateLimits(fastify, app);
  await fastify.register(cookie);
  await fastify.register(formbody, { bodyLimit: config.bodyLimitBytes });
  await fastify.register(multipart, { limits: { fieldSize: 64 * 1024, fields: 50, parts: 60 } });
  // API replies are made per request, so they are compressed for speed (docs/performance.md, the
  // list page): Brotli at quality 1, 0.33 M instructions for a 20-row log page against 0.73 M at
  // quality 2 (which clears a 256 KB table on every reply) and more at the plugin's default 4, for
  // 7% more bytes (1.50 against 1.40 KB). The console's files and the menu reply are compressed
  // once at the best quality instead.
  await fastify.register(compress, {
    global: true,
    threshold: 1024,
    // Replies up to 64 KB (every page of a list) compressed in one call rather than through a zlib
    // stream of their own: the plugin's default on two cores (8 KB) streamed an 8.5 KB log page,
    // which doubled the instructions of the whole call.
    syncThreshold: 65_536,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
    zlibOptions: { level: 4 },
  });

  // CSP, frame-ancestors, Referrer- and Permissions-Policy on every reply; HSTS under HTTPS.
  const headers = securityHeaders(Boolean(config.tls), consoleScriptHashes(config.consoleDir));
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

  // The verbs, write rules and formats of the features, then their calls, routes and services.
  installFeatures(features);
  mountActions(fastify, app, allActions);
  registerDownloadRoute(fastify, app);
  registerUploadRoutes(fastify, app);
  for (const f of features) for (const route of f.routes ?? []) route(fastify, app);
  // The sweeps: scheduler, outreach links, terminal and device presence, voice registrations, host readings.
  const services = startServices(features, app);
  // Expired exports and abandoned uploads leave the file store (platform/files/prune.ts).
  const filePrune = startFilePrune(app);
  // Made at its first reading: building it takes some 150 ms, on every start otherwise.
  let apiDoc: Record<string, unknown> | undefined;
  fastify.get(Paths.apiDocs, async () => (apiDoc ??= openApiDocument(allActions, VERSION)));
  registerHealthRoutes(fastify, db, readiness, VERSION);

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

  let httpClosed: Promise<boolean> | null = null;
  const closeHttp = (graceMs: number): Promise<boolean> => {
    readiness.shuttingDown = true;
    httpClosed ??= (async () => {
      // fastify.close() stops listening, ends idle keep-alive connections, answers 503 to any
      // new request on an open one and waits for the calls in flight; past the grace they are cut.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<false>((resolve) => {
        if (Number.isFinite(graceMs)) timer = setTimeout(() => resolve(false), graceMs);
      });
      const inTime = await Promise.race([fastify.close().then(() => true as const), late]);
      clearTimeout(timer);
      if (!inTime) {
        fastify.server.closeAllConnections?.();
        await fastify.close().catch(() => {});
      }
      return inTime;
    })();
    return httpClosed;
  };

  return {
    fastify,
    app,
    readiness,
    stopAccepting: closeHttp,
    async close() {
      readiness.shuttingDown = true;
      await services.stop();
      await filePrune.stop();
      // Calls still in flight get a few seconds, then their connections are cut: a close never
      // hangs on a request (a SIGTERM drains first with its own grace, stopAccepting).
      await closeHttp(CLOSE_DRAIN_MS);
      await refusals.stop();
      await db.close();
      await app.files.close();
    },
  };
}
