/**
 * Whether an error means the database cannot be reached right now (stopped, restarting, failing
 * over, refusing connections), rather than a fault of the call or of the server: such a call is
 * answered 503 "database unavailable" (http/dispatch.ts) and may be tried again; the pool opens
 * new connections by itself once PostgreSQL answers again.
 */

/**
 * SQLSTATE classes and codes of a lost or refused connection: 08 connection exception, 57P01
 * admin shutdown (pg_terminate_backend, a fast stop), 57P02 crash shutdown, 57P03 cannot connect
 * now (starting up, recovering), 53300 too many connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Network errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres and pg-pool say when a connection ends or cannot be had in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Connection terminated due to connection timeout/,
];

export function databaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  // Kysely and callers may wrap the driver's error in `cause`.
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
      // A network error only as the error itself: as the cause of another (a failed fetch to a
      // peer, say) it is not the database's.
      if (depth === 0 && NETWORK_CODES.has(code)) return true;
    }
    const errors = (e as { errors?: unknown }).errors;
    // Node's AggregateError: connecting to every address of the host failed.
    if (Array.isArray(errors) && errors.some((x) => databaseUnavailable(x))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((m) => m.test(message))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
