import { Code, type Localized, texts } from '@igs/contract';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/app-context.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { newToken, tokenId } from '../../platform/lib/tokens.ts';
import { RateLimiter } from './rate-limit.ts';
import { kdb, TABLES, type TerminalRow, toTerminal } from './records.ts';

/**
 * Who is calling the terminal API. A terminal registers with its MAC and gets a register key once;
 * after an operator authorises it, its next register (showing that key) gets its token, sent as
 * `Authorization: Bearer <token>` on every other call. Both are 256-bit random values stored
 * only as SHA-256 hashes (lib/tokens.ts, as sessions). A new token replaces the previous one.
 */

export const TOKEN_HEADER = 'authorization';

/** Calls per minute: registers without a valid key per address, every other call per terminal. */
const REGISTER_PER_MIN = 30;
const CALLS_PER_MIN = 120;

const limiters = new WeakMap<AppContext, { register: RateLimiter; calls: RateLimiter }>();
export function limiterOf(app: AppContext) {
  let l = limiters.get(app);
  if (!l) {
    l = {
      register: new RateLimiter(REGISTER_PER_MIN, 60_000),
      calls: new RateLimiter(CALLS_PER_MIN, 60_000),
    };
    limiters.set(app, l);
  }
  return l;
}

export interface Credentials {
  terminal_id: number;
  register_hash: string;
  token_hash: string | null;
}

export async function credentialsOf(app: AppContext, terminalId: number): Promise<Credentials | null> {
  const row = await app.db.kysely
    .selectFrom('terminal_credentials')
    .select(['terminal_id', 'register_hash', 'token_hash'])
    .where('terminal_id', '=', terminalId)
    .executeTakeFirst();
  return row ?? null;
}

/** Hands out a new register key for the terminal (first register, or a row an operator added). */
export async function issueRegisterKey(app: AppContext, t: TerminalRow): Promise<string> {
  const key = newToken();
  const now = app.now();
  const values = {
    site_id: t.site_id,
    mac: t.mac,
    register_hash: tokenId(key),
    token_hash: null,
    token_issued_at: null,
    updated_at: now,
  };
  await app.db.kysely
    .insertInto('terminal_credentials')
    .values({ terminal_id: t.id, created_at: now, ...values })
    .onConflict((oc) => oc.column('terminal_id').doUpdateSet(values))
    .execute();
  return key;
}

/** A fresh token for an authorised terminal; the previous one stops working. */
export async function issueToken(app: AppContext, terminalId: number): Promise<string> {
  const token = newToken();
  const now = app.now();
  await app.db.kysely
    .updateTable('terminal_credentials')
    .set({ token_hash: tokenId(token), token_issued_at: now, updated_at: now })
    .where('terminal_id', '=', terminalId)
    .execute();
  return token;
}

export const keyMatches = (c: Credentials, key: string) => key !== '' && tokenId(key) === c.register_hash;

/** The bearer token of the request (`Authorization: Bearer <token>`), or ''. */
export function bearerToken(req: FastifyRequest): string {
  const raw = req.headers[TOKEN_HEADER];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(v);
  return m ? m[1]! : '';
}

/** Why an existing terminal may not use the API, or null when it may. */
export function refusal(t: TerminalRow, today: string): { state: string; text: Localized } | null {
  if (t.state === 'rejected') return { state: 'rejected', text: texts('terminal.rejected') };
  if (t.state === 'disabled') return { state: 'disabled', text: texts('terminal.disabled') };
  if (t.state === 'authorized' && t.expire_at && t.expire_at < today)
    return { state: 'expired', text: texts('terminal.expired', { date: t.expire_at }) };
  return null;
}

export function refuse(r: { state: string; text: Localized }): ApiError {
  return new ApiError(Code.forbidden, r.text, { state: r.state });
}

/**
 * The authorised terminal behind the request's token. No token or an unknown one: 1002. A terminal
 * no longer authorised (rejected, disabled, expired, or set back to pending): 403 with its state.
 */
export async function requireTerminal(app: AppContext, req: FastifyRequest): Promise<TerminalRow> {
  const token = bearerToken(req);
  if (!token)
    throw new ApiError(
      Code.tokenInvalid,
      texts('terminal.tokenMissing', { header: 'Authorization: Bearer <token>' }),
    );
  const row = await kdb(app)
    .selectFrom('terminal_credentials as c')
    .innerJoin(`${TABLES.terminal} as t`, (j) =>
      j.onRef('t.id', '=', 'c.terminal_id').onRef('t.mac', '=', 'c.mac'),
    )
    .selectAll('t')
    .where('c.token_hash', '=', tokenId(token))
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.tokenInvalid, texts('terminal.tokenInvalid'));
  const t = toTerminal(row);
  limiterOf(app).calls.take(`t${t.id}`, app.now(), 'terminal');
  const r = refusal(t, formatDateTime(app.now()).slice(0, 10));
  if (r) throw refuse(r);
  if (t.state !== 'authorized')
    throw new ApiError(Code.forbidden, texts('terminal.notAuthorised'), {
      state: t.state,
    });
  return t;
}
