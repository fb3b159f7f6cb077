import rateLimit from '@fastify/rate-limit';
import { Code, Headers, Paths, say } from '@igs/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { addressKey } from '../auth/address-key.ts';
import { edgeSettings } from './edge-settings.ts';
import { countAnonymousRefusal } from './refusal-summary.ts';
import { requestIp, requestLang } from './request-info.ts';

/**
 * Per-address limits (@fastify/rate-limit) on sign-in, the captcha image and every API call that
 * carries no valid session. The counts are kept in each instance's memory: with several
 * instances on one PostgreSQL an address may make up to N times the limit. That is accepted
 * because these limits guard against floods, the lockout (kept in the database) guards the
 * passwords, and a shared counter would cost a database write per anonymous request, turning a
 * flood into load on every instance.
 */

type Limiter = (
  req: FastifyRequest,
  opts?: { increment?: boolean },
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

interface Limiters {
  login: Limiter;
  captcha: Limiter;
  anonymous: Limiter;
}

const BY_APP = new WeakMap<AppContext, Limiters>();

const API_PREFIXES = ['/admin.php/', '/operations/', '/vue-element-admin/'];
/**
 * Links that are their own credential (a signed file link, a single-use download, an avatar's
 * unguessable name): pages load many of them at once without a session header.
 */
const SELF_AUTHORISED = [Paths.file, Paths.download, Paths.avatar].map((p) => p.toLowerCase());
const LOGIN = Paths.login.toLowerCase();
const CAPTCHA = Paths.captcha.toLowerCase();

function pathOf(req: FastifyRequest): string {
  return req.url.split('?')[0]!.toLowerCase().replace(/\/+$/, '');
}

export function hasCredential(req: FastifyRequest): boolean {
  return Boolean(req.headers[Headers.token.toLowerCase()] || req.headers[Headers.developerKey.toLowerCase()]);
}

/** The limit a request counts against, or null (signed-in calls, terminals, the console's files). */
function groupOf(req: FastifyRequest): keyof Limiters | null {
  const path = pathOf(req);
  if (path === LOGIN) return 'login';
  if (path === CAPTCHA) return 'captcha';
  if (!API_PREFIXES.some((p) => path.startsWith(p))) return null;
  if (SELF_AUTHORISED.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  return 'anonymous';
}

/** The 429 envelope: the wait in the message (the caller's language) and in `data.retry_after`. */
export function rateLimitedEnvelope(req: FastifyRequest, seconds: number) {
  const wait = Math.max(1, Math.ceil(seconds));
  return {
    code: Code.rateLimited,
    msg: say(requestLang(req), 'http.tooManyRequestsAddress', { wait }),
    data: { retry_after: wait },
  };
}

function refuse(app: AppContext, req: FastifyRequest, reply: FastifyReply, seconds: number): FastifyReply {
  const envelope = rateLimitedEnvelope(req, seconds);
  countAnonymousRefusal(app, requestIp(req), req.url, Code.rateLimited);
  return reply
    .code(200)
    .header('retry-after', String(envelope.data.retry_after))
    .header('connection', 'close')
    .type('application/json; charset=utf-8')
    .send(envelope);
}

export async function registerRateLimits(fastify: FastifyInstance, app: AppContext): Promise<void> {
  const settings = edgeSettings(app);
  await fastify.register(rateLimit, { global: false });
  // The key is the caller's address as requestIp gives it (X-Forwarded-For only behind TRUST_PROXY).
  // IPv6 by its /64 (auth/address-key.ts), so a client cannot rotate addresses within its network.
  const keyGenerator = (req: FastifyRequest) => addressKey(requestIp(req));
  const limiter = (max: number, group: string) =>
    fastify.createRateLimit({
      max,
      timeWindow: 60_000,
      keyGenerator: (r) => `${group}|${keyGenerator(r)}`,
    }) as Limiter;
  const limiters: Limiters = {
    login: limiter(settings.loginPerMin, 'login'),
    captcha: limiter(settings.captchaPerMin, 'captcha'),
    anonymous: limiter(settings.anonymousPerMin, 'anonymous'),
  };
  BY_APP.set(app, limiters);

  fastify.addHook('onRequest', async (req, reply) => {
    const group = groupOf(req);
    if (!group) return;
    // A call with a session header is not held back here: it is counted only once the session
    // proves invalid (noteAnonymousCall). Otherwise one guest flooding public calls from a shared
    // address (NAT, a proxy) would lock out every signed-in operator behind it.
    if (group === 'anonymous' && hasCredential(req)) return;
    const state = await limiters[group](req);
    if (!state.isAllowed && state.isExceeded) return refuse(app, req, reply, state.ttlInSeconds ?? 60);
  });
}

/**
 * Counts a call whose session header turned out not to be valid against its address's anonymous
 * limit (the onRequest hook let it through unchecked). Returns the seconds to wait when the address
 * is over the limit, so that the refusal says 429 like any other anonymous call; else null.
 */
export async function noteAnonymousCall(app: AppContext, req: FastifyRequest): Promise<number | null> {
  const limiters = BY_APP.get(app);
  if (!limiters || !hasCredential(req) || groupOf(req) !== 'anonymous') return null;
  const state = await limiters.anonymous(req).catch(() => null);
  return state && !state.isAllowed && state.isExceeded ? (state.ttlInSeconds ?? 60) : null;
}
