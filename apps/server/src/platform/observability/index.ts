import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { accessLine } from './access-log.ts';
import { codeLabel, methodLabel, metricsOf } from './metrics.ts';
import { registerMetricsRoute } from './metrics-route.ts';
import { echoRequestId } from './request-id.ts';

export { noteCallContext } from './access-log.ts';
export { countCwmp, countSchedulerRun } from './metrics.ts';
export { requestIdOptions } from './request-id.ts';

/** The route label of a request no route took (Fastify's not-found handler). */
const UNMATCHED = '(unmatched)';

/**
 * What the server tells its operators about each request (docs/deployment/metrics.md): the
 * request id header, the request metrics, the access log line, and GET /metrics. Registered before
 * the other hooks, so a request refused early (rate limit) is still counted, logged and named.
 */
export function observeRequests(fastify: FastifyInstance, app: AppContext): void {
  const metrics = metricsOf(app);
  // The envelope's code as the reply is serialised: the business outcome, which HTTP does not
  // carry (a refused call is HTTP 200 with code 1002, 403, 422…; see the API spec section 7).
  const codes = new WeakMap<FastifyRequest, number>();
  echoRequestId(fastify);
  fastify.addHook('preSerialization', async (req, _reply, payload) => {
    const code = (payload as { code?: unknown } | null)?.code;
    if (typeof code === 'number' && 'msg' in (payload as object)) codes.set(req, code);
    return payload;
  });
  fastify.addHook('onResponse', async (req, reply) => {
    const code = codes.get(req) ?? null;
    const method = methodLabel(req.method);
    const route = req.routeOptions.url ?? UNMATCHED;
    metrics.requests.inc({ method, route, status: String(reply.statusCode) });
    metrics.duration.observe({ method, route }, reply.elapsedTime / 1000);
    if (code !== null) metrics.envelopeCodes.inc({ code: codeLabel(code) });
    const line = accessLine(req, reply, code);
    req.log[line.level](line.fields, 'request');
  });
  registerMetricsRoute(fastify, app, { token: app.config.metricsToken, allow: app.config.metricsAllow });
}
