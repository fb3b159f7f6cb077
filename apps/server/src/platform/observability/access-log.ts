import { Headers, Paths } from '@igs/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActionContext } from '../http/action.ts';

/**
 * One log line per request at info level (docs/deployment/metrics.md, "Access log"): who asked
 * what, how it ended and how long it took, with the request id pino adds to every line of the
 * request. What a request carries that may be secret never goes in: no query string (file links
 * and downloads carry their tokens there), no header, no body; a route with parameters (a signed
 * file's id, an avatar's unguessable name) is logged as its pattern.
 *
 * Health checks, scrapes and the console's own files are logged at debug level: a load balancer
 * and Prometheus ask every few seconds, a browser loads dozens of files per page.
 */

export interface AccessLine {
  level: 'info' | 'debug';
  fields: {
    method: string;
    path: string;
    /** The HTTP status. */
    status: number;
    /** The JSON envelope's code (the business outcome; HTTP says 200 for most refusals), or null. */
    code: number | null;
    ms: number;
    /** The signed-in account's username, or null (anonymous, or a route outside the API's dispatch). */
    account: string | null;
    /** The sites the call names: `0` in full mode, the igs-sids header in operations mode (`all`: none named). */
    site: string | null;
  };
}

const QUIET_PATHS = new Set([Paths.health, '/readyz', '/metrics']);
/** The catch-all route of the console's files and pages (app.ts). */
const CONSOLE_ROUTE = '/*';
const SITES_HEADER = Headers.sites.toLowerCase();
const SITE_LIST = /^\d{1,10}(,\d{1,10})*$/;
const MAX_PATH = 200;

/** The call's context, which knows the caller once the session is checked (http/dispatch.ts). */
const CONTEXTS = new WeakMap<FastifyRequest, ActionContext>();

/** Lets the access line name the caller: the dispatcher hands over the call's context as it makes it. */
export function noteCallContext(req: FastifyRequest, ctx: ActionContext): void {
  CONTEXTS.set(req, ctx);
}

/** The path as logged: no query string; a route with parameters as its pattern. */
export function loggedPath(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  if (route && route !== CONSOLE_ROUTE && /[:*]/.test(route)) return route;
  return req.url.split('?')[0]!.slice(0, MAX_PATH);
}

function siteOf(req: FastifyRequest, ctx: ActionContext | undefined): string | null {
  const caller = ctx?.caller;
  if (!caller) return null;
  if (!caller.isOperations) return '0';
  const header = req.headers[SITES_HEADER];
  const raw = (Array.isArray(header) ? header[0] : header)?.replace(/\s+/g, '') ?? '';
  if (raw === '') return 'all';
  if (!SITE_LIST.test(raw)) return 'invalid';
  return raw.length > MAX_PATH ? `${raw.slice(0, MAX_PATH)}…` : raw;
}

export function accessLine(req: FastifyRequest, reply: FastifyReply, code: number | null): AccessLine {
  const path = loggedPath(req);
  const ctx = CONTEXTS.get(req);
  const status = reply.statusCode;
  const quiet =
    QUIET_PATHS.has(path.toLowerCase().replace(/\/+$/, '')) ||
    (req.routeOptions.url === CONSOLE_ROUTE && status < 400);
  return {
    level: quiet ? 'debug' : 'info',
    fields: {
      method: req.method,
      path,
      status,
      code,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      account: ctx?.caller?.user.username ?? null,
      site: siteOf(req, ctx),
    },
  };
}
