import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Request ids that mean one request across the whole fleet. Fastify's own ids count from 1 in
 * every process ("req-1", "req-2"…), so two instances behind one load balancer hand out the same
 * ids and a log line, an error reply's "request …" or a user's report cannot be traced to one
 * request. Each request gets a random UUID instead, unless a proxy in front already gave it an id
 * (X-Request-Id) that is well-formed and short: then that one is kept, so the proxy's log and ours
 * name the request alike. Anything else a client sends there (long, spaces, control or markup
 * characters) is ignored, so it can neither forge log lines nor bloat them.
 */

export const REQUEST_ID_HEADER = 'x-request-id';

/** Letters, digits and `._:-`, 8 to 64 of them: UUIDs, nginx's $request_id, AWS and Heroku ids. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when well-formed, else a new random UUID. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  const value = Array.isArray(given) ? given[0] : given;
  return value && WELL_FORMED.test(value) ? value : randomUUID();
}

/** The Fastify options that make `req.id` the fleet-wide id (spread into the server's options). */
export const requestIdOptions = {
  genReqId: requestId,
  // Fastify would otherwise take the header as it comes, unchecked, before genReqId is asked.
  requestIdHeader: false,
  // The log lines name it `reqId`, Fastify's default label (setting it here is deprecated in Fastify 5).
} as const;

/** Every reply names its request (X-Request-Id), refusals and errors included. */
export function echoRequestId(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
  });
}
