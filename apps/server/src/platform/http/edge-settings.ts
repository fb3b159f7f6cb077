import type { AppContext } from '../app-context.ts';

/**
 * Settings of the request path's edges: per-address rate limits, the upload quota and the life of
 * signed file links. Read from the environment (README configuration table) when the server is
 * built; tests pass their own through BuildOptions.edges.
 */
export interface EdgeSettings {
  /** Sign-in attempts per address and minute (RATE_LIMIT_LOGIN_PER_MIN). */
  loginPerMin: number;
  /** Captcha images per address and minute (RATE_LIMIT_CAPTCHA_PER_MIN). */
  captchaPerMin: number;
  /** API calls without a valid session per address and minute (RATE_LIMIT_ANONYMOUS_PER_MIN). */
  anonymousPerMin: number;
  /** Bytes an account's uploads may hold in all (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** Life of a signed link to a file behind permissions, in seconds (FILE_LINK_MIN). */
  fileLinkSeconds: number;
  /** Life of a signed link to an image shown in pages, in seconds (IMAGE_LINK_HOURS). */
  imageLinkSeconds: number;
}

export const DEFAULT_EDGE_SETTINGS: EdgeSettings = {
  loginPerMin: 30,
  captchaPerMin: 60,
  anonymousPerMin: 300,
  uploadQuotaBytes: 20 * 1024 * 1024 * 1024,
  fileLinkSeconds: 3600,
  imageLinkSeconds: 7 * 24 * 3600,
};

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, scale = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return Math.round(n * scale);
}

export function loadEdgeSettings(env: NodeJS.ProcessEnv = process.env): EdgeSettings {
  const d = DEFAULT_EDGE_SETTINGS;
  return {
    loginPerMin: positive(env, 'RATE_LIMIT_LOGIN_PER_MIN', d.loginPerMin),
    captchaPerMin: positive(env, 'RATE_LIMIT_CAPTCHA_PER_MIN', d.captchaPerMin),
    anonymousPerMin: positive(env, 'RATE_LIMIT_ANONYMOUS_PER_MIN', d.anonymousPerMin),
    uploadQuotaBytes: positive(env, 'UPLOAD_QUOTA_MB', d.uploadQuotaBytes, 1024 * 1024),
    fileLinkSeconds: positive(env, 'FILE_LINK_MIN', d.fileLinkSeconds, 60),
    imageLinkSeconds: positive(env, 'IMAGE_LINK_HOURS', d.imageLinkSeconds, 3600),
  };
}

const SETTINGS = new WeakMap<AppContext, EdgeSettings>();

export function setEdgeSettings(app: AppContext, settings: EdgeSettings): void {
  SETTINGS.set(app, settings);
}

/** This server's edge settings (the defaults for an app built without buildServer). */
export function edgeSettings(app: AppContext): EdgeSettings {
  return SETTINGS.get(app) ?? DEFAULT_EDGE_SETTINGS;
}
