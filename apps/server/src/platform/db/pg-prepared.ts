import type pg from 'pg';
import { preparedName } from './compiled-once.ts';

/**
 * PostgreSQL parses and plans every query text it is sent. The queries compiled once
 * (compiled-once.ts) run on every request, so they go as named prepared statements: each
 * connection parses and plans them once, then only binds the new parameters. Every other query
 * is sent as before. Each checkout is timed for the pool-wait metric.
 */
export function preparingPool(pool: pg.Pool, onAcquired?: (waitedMs: number) => void): pg.Pool {
  const clients = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const prepare = (client: pg.PoolClient): pg.PoolClient => {
    let wrapped = clients.get(client);
    if (!wrapped) {
      wrapped = new Proxy(client, {
        get(target, prop) {
          if (prop === 'query')
            return (text: unknown, values?: unknown[]) => {
              const name = typeof text === 'string' ? preparedName(text) : undefined;
              // Kysely sends a text and its values; anything else (a cursor) goes through unchanged.
              if (!name) return (target.query as (...args: unknown[]) => unknown)(text, values);
              return target.query({ name, text: text as string, values });
            };
          const value = Reflect.get(target, prop, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      clients.set(client, wrapped);
    }
    return wrapped;
  };
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === 'connect')
        return async () => {
          // How long the call waited for a connection (a free one, a new one, or a timeout):
          // reported to GET /metrics as igs_db_pool_wait_seconds (platform/observability).
          const asked = performance.now();
          try {
            return prepare(await target.connect());
          } finally {
            onAcquired?.(performance.now() - asked);
          }
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
