import { Code, keepText, say, texts } from '@igs/contract';
import { terminalApiCalls } from '@igs/contract/calls';
import type { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import type { ActionContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { siteExists } from '../../platform/sites/registry.ts';
import {
  credentialsOf,
  issueRegisterKey,
  issueToken,
  keyMatches,
  limiterOf,
  refusal,
  refuse,
} from './credentials.ts';
import { HEARTBEAT_S, markSeen } from './presence.ts';
import { kdb, TABLES, type TerminalRow, terminalById, toTerminal, writeEvent } from './records.ts';

/**
 * `register`: the first call of a terminal (DOMAIN 2.8: "the heartbeat API creates pending rows").
 * A new MAC becomes a pending Terminal, an `auth_request` TerminalEvent asks an operator to look at
 * it, and the answer carries a register key. The terminal then calls register again (every
 * `retry_s`) showing that key; once an operator has authorised it, the answer carries its token.
 * A MAC already registered answers only to its key, so knowing a MAC is not enough to take a
 * terminal's place.
 */

/** Pending terminals per site: beyond this, new MACs wait until an operator handles some. */
export const MAX_PENDING_PER_SITE = 500;

export const RegisterInput = terminalApiCalls.register.input;
type RegisterInput = z.output<typeof RegisterInput>;

/** The caller's address as the Terminal's `ip` column holds it. */
export function clientIp(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '').slice(0, 45);
}

function facts(input: RegisterInput, ip: string, now: number) {
  const set: Record<string, unknown> = { ip: ip || null, last_seen: formatDateTime(now), updated_at: now };
  if (input.model) set.model = input.model;
  if (input.app_version) set.app_version = input.app_version;
  if (input.firmware) set.os_version = input.firmware;
  if (input.sn) set.sn = input.sn;
  return set;
}

async function findTerminal(app: AppContext, site: number, mac: string): Promise<TerminalRow | null> {
  const row = await kdb(app)
    .selectFrom(TABLES.terminal)
    .selectAll()
    .where('site_id', '=', site)
    .where('mac', '=', mac)
    .executeTakeFirst();
  return row ? toTerminal(row) : null;
}

const isUniqueViolation = (e: unknown) =>
  /UNIQUE constraint failed|duplicate key value/i.test(String((e as Error)?.message));

async function createPending(
  ctx: ActionContext,
  input: RegisterInput,
  ip: string,
): Promise<TerminalRow | null> {
  const { app } = ctx;
  const db = kdb(app);
  const pending = await db
    .selectFrom(TABLES.terminal)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('site_id', '=', input.site_id)
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  if (Number(pending.n) >= MAX_PENDING_PER_SITE)
    throw new ApiError(
      Code.rateLimited,
      say(ctx.lang, 'terminal.terminalsAlreadyWaitingAuthorisation', { max: MAX_PENDING_PER_SITE }),
      { retry_after_s: 600 },
    );
  const now = app.now();
  try {
    const row = await db
      .insertInto(TABLES.terminal)
      .values({
        site_id: input.site_id,
        mac: input.mac,
        sn: input.sn || null,
        model: input.model || null,
        app_version: input.app_version || null,
        os_version: input.firmware || null,
        ip: ip || null,
        state: 'pending',
        online: 0,
        last_seen: formatDateTime(now),
        language: input.language ?? 'zh',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return terminalById(app, Number(row.id));
  } catch (e) {
    if (isUniqueViolation(e)) return null; // registered a moment ago by a parallel call
    throw e;
  }
}

export async function register(ctx: ActionContext, input: RegisterInput) {
  const { app } = ctx;
  const ip = clientIp(ctx.ip);
  // Calls that could create rows or guess keys count per address; a terminal polling with its
  // key counts as that terminal (as its other calls do), so many boxes behind one address poll freely.
  const fromAddress = () => limiterOf(app).register.take(`ip:${ip}`, app.now(), 'register');
  const pendingAnswer = (t: TerminalRow, key?: string) => ({
    state: 'pending' as const,
    terminal_id: t.id,
    ...(key ? { register_key: key } : {}),
    retry_s: HEARTBEAT_S,
  });

  let t = await findTerminal(app, input.site_id, input.mac);
  if (!t) {
    fromAddress();
    // A box names its site: only a registered one (site 0 is the gateway's own), so a typo or a
    // guess never makes a site of its own (docs/deployment/sites.md).
    if (input.site_id !== 0 && !(await siteExists(app.db.kysely, input.site_id)))
      throw new ApiError(Code.notFound, texts('sites.siteUnknown', { id: input.site_id }));
    const created = await createPending(ctx, input, ip);
    if (created) {
      const key = await issueRegisterKey(app, created);
      await writeEvent(
        app,
        created,
        null,
        'auth_request',
        keepText('terminal.event.authRequest', {
          mac: created.mac,
          model: input.model || '?',
          app: input.app_version || '?',
          ip: ip || '?',
        }),
      );
      ctx.msg = say(ctx.lang, 'terminal.registeredWaitingOperatorAuthorise');
      return pendingAnswer(created, key);
    }
    t = await findTerminal(app, input.site_id, input.mac);
    if (!t) throw new ApiError(Code.conflict, texts('terminal.notRegistered'));
  }

  // A MAC with a key answers only to that key; a row an operator added (no key yet) is claimed.
  const creds = await credentialsOf(app, t.id);
  let newKey: string | undefined;
  if (!creds || !keyMatches(creds, input.register_key)) fromAddress();
  else limiterOf(app).calls.take(`t${t.id}`, app.now(), 'terminal');
  if (creds && !keyMatches(creds, input.register_key))
    throw new ApiError(Code.conflict, say(ctx.lang, 'terminal.macAlreadyRegisteredSend'), {
      errors: [{ field: 'register_key', msg: 'register_key does not match' }],
    });
  if (!creds) newKey = await issueRegisterKey(app, t);

  const r = refusal(t, formatDateTime(app.now()).slice(0, 10));
  if (r) throw refuse(r);

  const set = facts(input, ip, app.now());
  if (t.state !== 'authorized') {
    await kdb(app).updateTable(TABLES.terminal).set(set).where('id', '=', t.id).execute();
    return pendingAnswer(t, newKey);
  }
  await markSeen(app, t, {
    ip,
    model: input.model,
    app_version: input.app_version,
    os_version: input.firmware,
  });
  if (input.sn)
    await kdb(app).updateTable(TABLES.terminal).set({ sn: input.sn }).where('id', '=', t.id).execute();
  const token = await issueToken(app, t.id);
  ctx.msg = say(ctx.lang, 'terminal.terminalAuthorised');
  return {
    state: 'authorized' as const,
    terminal_id: t.id,
    ...(newKey ? { register_key: newKey } : {}),
    token,
    heartbeat_s: HEARTBEAT_S,
  };
}
