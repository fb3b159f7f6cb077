import { Paths } from '@igs/contract';
import type { TransportReply } from '../request/client.ts';
import { currentSession } from '../request/session.ts';

/** A captcha image the served page fetched already: its nonce and an object URL of the image. */
export interface EarlyCaptcha {
  nonce: number;
  url: string;
}

interface Early {
  copyright?: Promise<TransportReply>;
  captcha?: Promise<EarlyCaptcha | null>;
  /** The token the served page's session calls carried. */
  token?: string;
  session?: Record<string, Promise<TransportReply> | undefined>;
}

/** The guard's first calls with a token (router/session.ts), which the served page starts. */
export const EARLY_SESSION_PATHS = [Paths.authMenu, Paths.settings, Paths.credentials] as const;

function early(): Early | undefined {
  return typeof window === 'undefined' ? undefined : (window as { __igsEarly?: Early }).__igsEarly;
}

/**
 * The copyright call's answer the served page asked for (start/early-script.ts), once: a later
 * load of the branding (another page load's store) asks the server itself.
 */
export function takeEarlyCopyright(): Promise<TransportReply> | undefined {
  const e = early();
  const reply = e?.copyright;
  if (e) e.copyright = undefined;
  return reply;
}

/**
 * The captcha image the served page is fetching (resolves to null when none was asked for or it
 * failed); `consume` hands it over once, so a later sign-in page shows a new image of its own.
 */
export function takeEarlyCaptcha(consume: boolean): Promise<EarlyCaptcha | null> | undefined {
  const e = early();
  const captcha = e?.captcha;
  if (e && consume) e.captcha = undefined;
  return captcha;
}

/**
 * The reply to one of the guard's first calls (`EARLY_SESSION_PATHS`) that the served page sent
 * with the token the app would send now, once; none when the token has changed since (signed out
 * and in again without a reload) or the page did not send it.
 */
export function takeEarlySessionReply(
  path: (typeof EARLY_SESSION_PATHS)[number],
): Promise<TransportReply> | undefined {
  const e = early();
  const reply = e?.session?.[path];
  if (!e?.session || !reply) return undefined;
  e.session[path] = undefined;
  return e.token !== undefined && e.token === currentSession().token ? reply : undefined;
}
