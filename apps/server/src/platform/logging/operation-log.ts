import { Code } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Caller } from '../http/action.ts';
import { userAgent } from '../http/request-info.ts';
import { forgetLogListCache } from './list-cache.ts';

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

/** One row per mutating call and per sign-in attempt: who, when, from where, what, outcome. */
export async function writeOperationLog(app: AppContext, entry: LogInput): Promise<void> {
  forgetLogListCache(app);
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

/**
 * One row that stands for many refused anonymous calls from one address (http/refusal-summary.ts):
 * a flood of refusals costs a row a minute instead of a row a call.
 */
export async function writeRefusalSummary(
  app: AppContext,
  entry: { at: number; ip: string; path: string; code: number; detail: string },
): Promise<void> {
  forgetLogListCache(app);
  await app.db.kysely
    .insertInto('operation_log')
    .values({
      at: entry.at,
      user_id: null,
      username: '',
      ip: entry.ip,
      module: 'anonymous',
      action: 'refused',
      path: entry.path.slice(0, 255),
      http_method: '',
      result: 'fail',
      code: entry.code,
      detail: entry.detail.slice(0, 2000),
      user_agent: '',
    })
    .execute();
}
