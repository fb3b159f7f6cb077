import { Headers, Paths } from '@igs/contract';
import { fetchTransport, type TransportReply, type TransportRequest } from '../request/client.ts';
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
  /** The page's first data call, which the served page sent as the app will (early-script.ts, point 7). */
  page?: EarlyCall;
}

/** A call the served page sent, exactly as sent. */
export interface EarlyCall {
  url: string;
  body: string;
  headers: Record<string, string>;
  reply: Promise<TransportReply>;
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

/** The dashboard's figures: where a full-mode sign-in lands, its first call (pages/dashboard/home-query.ts). */
export const EARLY_HOME_PATH = Paths.home;

/** A call the app may find already sent: the guard's first calls, and the dashboard's. */
export type EarlyPath = (typeof EARLY_SESSION_PATHS)[number] | typeof EARLY_HOME_PATH;

/**
 * Sends `paths` with the token a sign-in has just returned, as the served page's script sends the
 * guard's first calls on a signed-in load, for the app to take instead of asking again: after a
 * sign-in made while the signed-in shell is still on its way (a click before the page's script
 * arrived, on a slow link) they run during its download instead of after it, and the dashboard's
 * call goes with the guard's instead of a round trip after them. `headers` as the app's own call
 * of that path would add them.
 */
export function startSignedInCalls(
  token: string,
  paths: readonly EarlyPath[],
  headers: Record<string, string> = {},
): void {
  if (typeof window === 'undefined') return;
  const w = window as { __igsEarly?: Early };
  w.__igsEarly ??= {};
  const e = w.__igsEarly;
  // Replies sent with another token are never handed over.
  if (e.token !== token) e.session = {};
  e.session ??= {};
  e.token = token;
  for (const path of paths) {
    const reply = fetchTransport({
      url: path,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [Headers.token]: token, ...headers },
      body: '{}',
    });
    // Settled here: the app reports a failure of one it takes, from the same promise.
    reply.catch(() => {});
    e.session[path] = reply;
  }
}

/**
 * The reply to one of the calls sent early (the guard's first calls by the served page or after a
 * sign-in, the dashboard's after a sign-in) with the token the app would send now, once; none when
 * the token has changed since (signed out and in again without a reload) or it was not sent.
 */
export function takeEarlySessionReply(path: EarlyPath): Promise<TransportReply> | undefined {
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

/**
 * Where the console keeps the session's mode for the served page's next load: the early script
 * sends the page's first call with the endpoint and headers of that mode (early-script.ts, point 7)
 * before the session's own calls have told it. Neither secret nor trusted: a call sent for a mode
 * the session no longer has differs from the app's and is never taken (`takeEarlyCall`).
 */
export const SESSION_MODE_KEY = 'igs-session-mode';

/** What the served page reads of `SESSION_MODE_KEY`. */
export interface SessionMode {
  operations: 0 | 1;
  /** The customer the operations mode's calls name (the `igs-cid` header); '' for none. */
  customer: string;
}

/** Keeps the mode the session's credentials gave, for the next page load's early call. */
export function rememberSessionMode(isOperations: 0 | 1, customer: number | string): void {
  const mode: SessionMode = { operations: isOperations, customer: String(customer ?? '') };
  try {
    localStorage.setItem(SESSION_MODE_KEY, JSON.stringify(mode));
  } catch {
    // No storage (private mode): the next load's page asks for its data itself, as before.
  }
}

/** Forgets the kept mode when the session ends: the next account's first load asks for itself. */
export function forgetSessionMode(): void {
  try {
    localStorage.removeItem(SESSION_MODE_KEY);
  } catch {
    // No storage: nothing was kept.
  }
}

/**
 * The reply of the call the served page sent for this page (its first data call), once, when
 * `request` is that very call: the same address, body and headers (so the same token, mode, sites
 * and customer). Anything else, and any later call, goes to the server as usual.
 */
export function takeEarlyCall(request: TransportRequest): Promise<TransportReply> | undefined {
  const e = early();
  const page = e?.page;
  if (!e || !page || request.method !== 'POST' || request.url !== page.url || request.body !== page.body)
    return undefined;
  if (!sameHeaders(request.headers, page.headers)) return undefined;
  e.page = undefined;
  return page.reply;
}

function sameHeaders(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && b[k] === a[k]);
}
