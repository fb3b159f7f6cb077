import { Code } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { Caller } from '../../http/action.ts';
import { userAgent } from '../../http/request-info.ts';

export interface LogInput {
  req: FastifyRequest;
  ip: string;
  caller: Caller | undefined;
  /** Overrides the caller's name (login attempts name the account tried). */
  username?: string;
  module: string;
  action: string;
  code: number;
  detail: string;
}

/**
 * Counting a filtered log of 100,000 rows for every page view is the list's main cost: totals are
 * kept per filter for a moment, and dropped whenever this instance writes to the log. Other
 * instances on the same PostgreSQL see a total at most COUNT_TTL_MS old.
 */
const COUNT_TTL_MS = 2000;

interface CountCache {
  totals: Map<string, { total: number; at: number }>;
  clear(): void;
}

function countCache(app: AppContext): CountCache {
  let c = app.caches.get('log-count') as CountCache | undefined;
  if (!c) {
    const totals = new Map<string, { total: number; at: number }>();
    c = { totals, clear: () => totals.clear() };
    app.caches.set('log-count', c);
  }
  return c;
}

export async function cachedLogCount(
  app: AppContext,
  key: string,
  count: () => Promise<number>,
): Promise<number> {
  const cache = countCache(app);
  const hit = cache.totals.get(key);
  if (hit && app.now() - hit.at < COUNT_TTL_MS) return hit.total;
  const total = await count();
  if (cache.totals.size > 500) cache.totals.clear();
  cache.totals.set(key, { total, at: app.now() });
  return total;
}

export function forgetLogCounts(app: AppContext): void {
  countCache(app).clear();
}

/** One row per mutating call and per sign-in attempt: who, when, from where, what, outcome. */
export async function writeOperationLog(app: AppContext, entry: LogInput): Promise<void> {
  forgetLogCounts(app);
  await app.db.kysely
    .insertInto('operation_log')
    .values({
      at: app.now(),
      user_id: entry.caller?.user.id ?? null,
      username: entry.username ?? entry.caller?.user.username ?? '',
      ip: entry.ip,
      module: entry.module,
      action: entry.action,
      path: entry.req.url.split('?')[0]!.slice(0, 255),
      http_method: entry.req.method,
      result: entry.code === Code.ok ? 'success' : 'fail',
      code: entry.code,
      detail: entry.detail.slice(0, 2000),
      user_agent: userAgent(entry.req),
    })
    .execute();
}
