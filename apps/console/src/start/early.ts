import { Headers, Paths } from '@igs/contract';
import { fetchTransport, type TransportReply } from '../request/client.ts';
import { currentSession } from '../request/session.ts';

/** A captcha image the served page fetched already: its nonce and an object URL of the image. */
export interface EarlyCaptcha {
  nonce: number;
  url: string;
}

/** A sign-in submit the served page held until the app runs (early-script.ts, point 6). */
interface EarlySubmit {
  /** Still held by the served page's script: the app has not taken the form over yet. */
  live: boolean;
  /** The visitor submitted the form before the app ran. */
  pending: boolean;
}

/** The attribute the early script sets on `#app` while it holds a submit (styled busy in login.css). */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit';

interface Early {
  copyright?: Promise<TransportReply>;
  submit?: EarlySubmit;
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
 * Sends the guard's first calls (`EARLY_SESSION_PATHS`) with the token a sign-in has just
 * returned, as the served page's script does on a signed-in load, for the guard to take instead of
 * asking again: after a sign-in made while the signed-in shell is still on its way (a click before
 * the page's script arrived, on a slow link), they run during its download instead of after it.
 */
export function startSessionCalls(token: string): void {
  if (typeof window === 'undefined') return;
  const w = window as { __igsEarly?: Early };
  w.__igsEarly ??= {};
  const e = w.__igsEarly;
  const session: Record<string, Promise<TransportReply> | undefined> = {};
  for (const path of EARLY_SESSION_PATHS) {
    const reply = fetchTransport({
      url: path,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [Headers.token]: token },
      body: '{}',
    });
    // Settled here: the guard reports a failure of one it takes, from the same promise.
    reply.catch(() => {});
    session[path] = reply;
  }
  e.token = token;
  e.session = session;
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

/**
 * Whether the served page's script has turned the sign-in button on and still holds its submits:
 * the hydrating render then draws the button on, as the page already shows it.
 */
export function earlySubmitHeld(): boolean {
  return early()?.submit?.live === true;
}

/**
 * Takes the sign-in form over from the served page's script: it holds no more submits, and the
 * page no longer shows a held one. True, once, when the visitor submitted before the app ran:
 * the caller then makes that submit.
 */
export function takeEarlySubmit(): boolean {
  const held = early()?.submit;
  if (!held?.live) return false;
  held.live = false;
  document.querySelector(`[${EARLY_SUBMIT_ATTRIBUTE}]`)?.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
  return held.pending;
}
