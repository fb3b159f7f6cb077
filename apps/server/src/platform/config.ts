import path from 'node:path';
import { type FileStoreSettings, fileStoreSettings } from './files/settings.ts';

/** Server configuration, from environment variables only (documented in the README). */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  captcha: boolean;
  sessionIdleMin: number;
  sessionMaxHours: number;
  lockoutAttempts: number;
  lockoutMinutes: number;
  /** Days a developer-mode key works before it ends (DEVELOPER_KEY_DAYS, default 90). */
  developerKeyDays?: number;
  /**
   * Seconds between the heartbeats of a running scheduled task (SCHEDULER_HEARTBEAT_S, 1-600,
   * default 20): a run whose instance has not renewed it for two beats is taken to be dead
   * (docs/deployment/scheduler.md).
   */
  schedulerHeartbeatS?: number;
  /**
   * Seconds between two refreshes of the operations home's per-site figures
   * (HOME_FIGURES_REFRESH_S, 5-600, default 20; features/home/site-figures.ts): one instance at a
   * time refreshes them, and a home call finding them older than two periods computes them itself.
   */
  homeFiguresRefreshS?: number;
  bodyLimitBytes: number;
  logLevel: string;
  consoleDir: string;
  /**
   * Which X-Forwarded-For entries to believe (Fastify's trustProxy): false, or the proxies'
   * addresses/CIDRs. Never "all" nor a count: the client writes that header, and the sign-in
   * guards and rate limits go by the address it gives.
   */
  trustProxy: false | string;
  demo: boolean;
  /** The key AP agents present at /api/ac/agent/* (AC_AGENT_KEY); unset: the agent calls are refused. */
  acAgentKey?: string;
  /**
   * This instance's CWMP (ACS) port (CWMP_PORT), over the ITMS cwmp_port, which is one for the
   * whole deployment; unset: the ITMS setting (docs/deployment/cwmp.md).
   */
  cwmpPort?: number;
  /** Largest video, app package or firmware upload, in bytes. */
  uploadMaxBytes: number;
  /** Without a licence file, refuse business areas instead of running in evaluation mode. */
  licenceRequired?: boolean;
  /** Bounds of a restore's work (RestoreLimits); defaults when unset. */
  restoreLimits?: Partial<RestoreLimits>;
  /** Ed25519 public key (PEM) for licences and upgrade packages; the built-in vendor key if unset. */
  vendorPublicKey?: string;
  /** Where files are kept (FILE_STORE, S3_*; platform/files). Unset: local with SQLite, database with PostgreSQL. */
  files?: FileStoreSettings;
  /**
   * Check each reply of a typed call against the contract before it is sent (CHECK_REPLIES=1: the
   * tests and `npm run dev`); off in production, where the type checker has already done it.
   */
  checkReplies?: boolean;
  /** PEM certificate and key files (TLS_CERT, TLS_KEY): HTTPS with HTTP/2, and HSTS. Unset: plain HTTP. */
  tls?: { certFile: string; keyFile: string };
  /** The bearer token GET /metrics accepts from any address (METRICS_TOKEN); unset: none. */
  metricsToken?: string | undefined;
  /** Addresses and CIDRs GET /metrics answers without a token (METRICS_ALLOW); unset: loopback only. */
  metricsAllow?: string | undefined;
  /** PostgreSQL pool and timeouts (DB_*); SQLite ignores them. */
  dbPool?: DbPoolSettings;
  /** Seconds a SIGTERM waits for the calls in flight before closing (GW_SHUTDOWN_GRACE_S, default 20). */
  shutdownGraceS?: number;
}

/**
 * How the server uses PostgreSQL: how many connections at most, and the timeouts that keep one
 * stuck statement, a transaction left open or an unreachable server from holding the pool.
 */
export interface DbPoolSettings {
  /** Connections at most per instance (DB_POOL_SIZE, default 10). */
  size: number;
  /** A statement running longer is cancelled by PostgreSQL (DB_STATEMENT_TIMEOUT_MS, default 30000). */
  statementTimeoutMs: number;
  /** A transaction idle this long is ended by PostgreSQL (DB_IDLE_IN_TRANSACTION_TIMEOUT_MS, default 60000). */
  idleInTransactionTimeoutMs: number;
  /** Connecting (or waiting for a free pool connection) gives up after this (DB_CONNECT_TIMEOUT_MS, default 5000). */
  connectTimeoutMs: number;
  /** An unused connection is closed after this (DB_IDLE_TIMEOUT_MS, default 30000). */
  idleTimeoutMs: number;
}

export function dbPoolSettings(env: NodeJS.ProcessEnv = process.env): DbPoolSettings {
  return {
    size: int(env.DB_POOL_SIZE, 10, 'DB_POOL_SIZE'),
    statementTimeoutMs: int(env.DB_STATEMENT_TIMEOUT_MS, 30_000, 'DB_STATEMENT_TIMEOUT_MS'),
    idleInTransactionTimeoutMs: int(
      env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      60_000,
      'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
    ),
    connectTimeoutMs: int(env.DB_CONNECT_TIMEOUT_MS, 5_000, 'DB_CONNECT_TIMEOUT_MS'),
    idleTimeoutMs: int(env.DB_IDLE_TIMEOUT_MS, 30_000, 'DB_IDLE_TIMEOUT_MS'),
  };
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${value}"`);
  return n;
}

/** The repository root, whichever workspace npm started us from. */
const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  // npm sets INIT_CWD to where the user typed the command, so `./data` means the folder they are in.
  const cwd = env.INIT_CWD ?? process.cwd();
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    captcha: (env.GW_CAPTCHA ?? 'on').toLowerCase() !== 'off',
    sessionIdleMin: int(env.SESSION_IDLE_MIN, 30, 'SESSION_IDLE_MIN'),
    sessionMaxHours: int(env.SESSION_MAX_H, 12, 'SESSION_MAX_H'),
    lockoutAttempts: int(env.LOCKOUT_ATTEMPTS, 5, 'LOCKOUT_ATTEMPTS'),
    lockoutMinutes: int(env.LOCKOUT_MIN, 15, 'LOCKOUT_MIN'),
    developerKeyDays: int(env.DEVELOPER_KEY_DAYS, 90, 'DEVELOPER_KEY_DAYS'),
    schedulerHeartbeatS: heartbeatSeconds(env.SCHEDULER_HEARTBEAT_S),
    homeFiguresRefreshS: homeRefreshSeconds(env.HOME_FIGURES_REFRESH_S),
    bodyLimitBytes: int(env.BODY_LIMIT_KB, 1024, 'BODY_LIMIT_KB') * 1024,
    logLevel: env.LOG_LEVEL || 'info',
    checkReplies: env.CHECK_REPLIES === '1',
    consoleDir: path.resolve(cwd, env.CONSOLE_DIR || path.join(repoRoot, 'apps/console/dist')),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    demo: argv.includes('--demo'),
    acAgentKey: env.AC_AGENT_KEY || undefined,
    files: fileStoreSettings(env),
    cwmpPort: portNumber(env.CWMP_PORT, 'CWMP_PORT'),
    uploadMaxBytes: int(env.UPLOAD_MAX_MB, 2048, 'UPLOAD_MAX_MB') * 1024 * 1024,
    licenceRequired: env.IGS_LICENCE_REQUIRED === '1',
    tls: tlsFiles(env, cwd),
    metricsToken: env.METRICS_TOKEN || undefined,
    metricsAllow: env.METRICS_ALLOW || undefined,
    dbPool: dbPoolSettings(env),
    shutdownGraceS: int(env.GW_SHUTDOWN_GRACE_S, 20, 'GW_SHUTDOWN_GRACE_S'),
    restoreLimits: {
      ...(env.RESTORE_MAX_ENTRIES
        ? { maxEntries: int(env.RESTORE_MAX_ENTRIES, 0, 'RESTORE_MAX_ENTRIES') }
        : {}),
      ...(env.RESTORE_MAX_RATIO ? { ratio: int(env.RESTORE_MAX_RATIO, 0, 'RESTORE_MAX_RATIO') } : {}),
    },
  };
}

/** SCHEDULER_HEARTBEAT_S: whole seconds from 1 to 600 (a beat every few ms would load the database). */
function heartbeatSeconds(value: string | undefined): number {
  const n = int(value, 20, 'SCHEDULER_HEARTBEAT_S');
  if (!Number.isInteger(n) || n > 600)
    throw new Error(`SCHEDULER_HEARTBEAT_S must be a whole number of seconds from 1 to 600, got "${value}"`);
  return n;
}

/** HOME_FIGURES_REFRESH_S: whole seconds from 5 to 600 (each refresh reads every site's records). */
function homeRefreshSeconds(value: string | undefined): number {
  const n = int(value, 20, 'HOME_FIGURES_REFRESH_S');
  if (!Number.isInteger(n) || n < 5 || n > 600)
    throw new Error(`HOME_FIGURES_REFRESH_S must be a whole number of seconds from 5 to 600, got "${value}"`);
  return n;
}

/**
 * TRUST_PROXY: a comma-separated list of the proxies' addresses or CIDRs (or proxy-addr's names
 * loopback, linklocal, uniquelocal). Unset or 0: none. A hop count is refused: it cannot tell the
 * proxy from a client that writes X-Forwarded-For itself, and Fastify 5 ignores one (it believes no
 * X-Forwarded-For at all), so every client would look like the proxy and one client's wrong
 * passwords would block everyone's sign-in.
 */
function trustedProxies(value: string | undefined): Config['trustProxy'] {
  const v = (value ?? '').trim();
  if (v === '' || v === '0') return false;
  if (/^\d+$/.test(v))
    throw new Error(
      `TRUST_PROXY must name the proxies' addresses or CIDRs (e.g. 10.0.1.5 or 10.0.1.0/24), not a count of proxies ("${v}"): a count cannot tell a proxy from a client that writes X-Forwarded-For itself`,
    );
  if (/^(true|all|\*)$/i.test(v))
    throw new Error('TRUST_PROXY must name the proxies by address, not trust every sender');
  return v;
}

/** A TCP port (1-65535), or undefined when the variable is unset or empty. */
function portNumber(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 65535)
    throw new Error(`${name} must be a port number from 1 to 65535, got "${value}"`);
  return n;
}

/** Both TLS_CERT and TLS_KEY, or neither: one alone would silently serve plain HTTP. */
function tlsFiles(env: NodeJS.ProcessEnv, cwd: string): Config['tls'] {
  const cert = env.TLS_CERT || '';
  const key = env.TLS_KEY || '';
  if (!cert && !key) return undefined;
  if (!cert || !key) throw new Error('TLS_CERT and TLS_KEY must be set together (PEM file paths)');
  return { certFile: path.resolve(cwd, cert), keyFile: path.resolve(cwd, key) };
}

/**
 * How much work a restore may do, checked while the archive is read (a small archive can expand
 * to far more than the disk holds): entries, and bytes unpacked, at most `ratio` times the
 * archive's own size plus `slackBytes` (a real backup compresses 3-20 times; a bomb 1,000 times),
 * never more than `maxBytes`, and never so much that less than `keepFreeBytes` stay free on the
 * disk of the backups folder.
 */
export interface RestoreLimits {
  maxEntries: number;
  maxBytes: number;
  ratio: number;
  slackBytes: number;
  keepFreeBytes: number;
}
