import {
  accountInputSchema,
  BUILTIN_ADMIN_ROLE,
  Code,
  keepText,
  type Lang,
  type Localized,
  say,
  texts,
} from '@igs/contract';
import { type AccountRecord, accountCalls } from '@igs/contract/calls';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { accountLockedUntil, unlockAccount } from '../../platform/auth/lockout.ts';
import { hashSecret } from '../../platform/auth/password-hash.ts';
import { endSessions } from '../../platform/auth/sessions.ts';
import type { Database } from '../../platform/db/schema.ts';
import { type ActionContext, defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { validationError } from '../../platform/http/dispatch.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { checkCustomer, checkGrantSites, readGrants, writeGrant } from '../../platform/sites/grants.ts';
import { fleetOptions } from '../../platform/sites/registry.ts';
import { administrators, definedFields, guardAdministrators, withAdminLock } from '../authority/index.ts';
import { webSettingsActions } from './web-settings.ts';

/**
 * Accounts (DOMAIN system/ManageSettings, endpoint `administrator`). Passwords arrive as the
 * client-side SHA-256, as at sign-in, and are stored with the same argon2id hashing; a password
 * set here is marked weak so its owner must change it at the next sign-in. Rules: at least one
 * administrator remains, nobody takes their own administrator rights, disables, deletes or kicks
 * themselves; disabling or deleting an account, or resetting its password, ends its sessions
 * (their tokens answer 1005) and its developer key at once.
 */

type AccountValues = z.output<ReturnType<typeof accountInputSchema>>;

function parseAccount(body: unknown, lang: Lang, mode: 'add' | 'edit'): AccountValues {
  const parsed = accountInputSchema(lang, mode).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, lang);
  return parsed.data;
}

function notFound(lang: Lang, ids: number[]): ApiError {
  return new ApiError(Code.notFound, say(lang, 'accounts.accountNotFound', { ids: ids.join(', #') }));
}

type UserRow = Awaited<ReturnType<typeof selectUsers>>[number];

async function accountRecords(
  db: Kysely<Database>,
  app: ActionContext['app'],
  rows: UserRow[],
): Promise<AccountRecord[]> {
  const admins = await administrators(db);
  const grants = await readGrants(
    db,
    'account',
    rows.filter((u) => u.can_operations && !u.all_sites).map((u) => u.id),
  );
  const locks = await Promise.all(rows.map((u) => accountLockedUntil(app, u.username)));
  return rows.map((u, i) => ({
    id: u.id,
    username: u.username,
    nickname: u.nickname,
    phone: u.phone,
    company_name: u.company_name,
    role_id: u.role_id,
    role_name: u.role_name ?? '',
    is_operations: u.can_operations ? 1 : 0,
    site_ids: grants.get(u.id) ?? [],
    all_sites: u.can_operations && u.all_sites ? 1 : 0,
    cid: u.cid,
    enabled: u.enabled ? 1 : 0,
    weak_psw: u.weak_psw ? 1 : 0,
    is_admin: admins.has(u.id) ? 1 : 0,
    last_login_at: formatDateTime(u.last_login_at),
    last_login_ip: u.last_login_ip,
    locked_until: locks[i] ? formatDateTime(locks[i]) : '',
    created_at: formatDateTime(u.created_at),
  }));
}

function selectUsers(db: Kysely<Database>) {
  return db
    .selectFrom('users')
    .leftJoin('roles', 'roles.id', 'users.role_id')
    .select([
      'users.id',
      'users.username',
      'users.nickname',
      'users.phone',
      'users.company_name',
      'users.role_id',
      'roles.name as role_name',
      'users.can_operations',
      'users.all_sites',
      'users.cid',
      'users.enabled',
      'users.weak_psw',
      'users.last_login_at',
      'users.last_login_ip',
      'users.created_at',
    ])
    .execute();
}

async function findUser(ctx: SignedInContext, db: Kysely<Database>, id: number) {
  const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  if (!user) throw notFound(ctx.lang, [id]);
  return user;
}

/**
 * The role must exist; an operations role works only in operations mode, and operations mode
 * needs a role that grants operations menus (an operations role, or the built-in admin role).
 * An account's sites must lie inside its role's sites when the role names any.
 */
async function checkRoleFit(ctx: SignedInContext, db: Kysely<Database>, v: AccountValues): Promise<void> {
  const role = await db.selectFrom('roles').selectAll().where('id', '=', v.role_id).executeTakeFirst();
  if (!role) throw invalidField('role_id', say(ctx.lang, 'accounts.roleIdRoleDoes', { role_id: v.role_id }));
  if (role.mode === 'operations' && !v.is_operations)
    throw invalidField(
      'is_operations',
      say(ctx.lang, 'accounts.operationsRoleOperationsRole', { name: role.name }),
    );
  if (v.is_operations && role.mode !== 'operations' && role.name !== BUILTIN_ADMIN_ROLE)
    throw invalidField(
      'is_operations',
      say(ctx.lang, 'accounts.operationsRoleGrantsNo', { name: role.name }),
    );
  if (!v.is_operations && v.site_ids.length)
    throw invalidField('site_ids', say(ctx.lang, 'accounts.siteIdsSitesApply'));
  await checkCustomer(db, ctx.lang, v.cid);
  await checkGrantSites(db, ctx.lang, v.site_ids, v.cid);
  // An operations role narrows its accounts to its sites (auth/sites.ts) unless it grants them all.
  const roleLimits = role.mode === 'operations' && !role.all_sites;
  const roleSites = roleLimits ? ((await readGrants(db, 'role', [role.id])).get(role.id) ?? []) : [];
  const inRole = new Set(roleSites);
  const outside = roleLimits ? v.site_ids.filter((s) => !inRole.has(s)) : [];
  if (outside.length)
    throw invalidField(
      'site_ids',
      say(ctx.lang, 'accounts.siteIdsSiteNot', {
        outside: outside.slice(0, 5).join(', '),
        name: role.name,
        roleSites: roleSites.length > 20 ? `${roleSites.slice(0, 20).join(', ')}, …` : roleSites.join(', '),
      }),
    );
}

/** The stored site grant: every site (operations accounts only), else the listed ones. */
function accountSites(v: AccountValues): { all: 0 | 1; ids: number[] } {
  if (v.is_operations !== 1) return { all: 0, ids: [] };
  if (v.all_sites === 1) return { all: 1, ids: [] };
  return { all: 0, ids: [...new Set(v.site_ids)].sort((a, b) => a - b) };
}

async function checkUsernameFree(
  ctx: SignedInContext,
  db: Kysely<Database>,
  username: string,
  selfId?: number,
) {
  let q = db.selectFrom('users').select('id').where('username', '=', username);
  if (selfId) q = q.where('id', '!=', selfId);
  if (await q.executeTakeFirst()) {
    const msg = say(ctx.lang, 'accounts.usernameAlreadyTaken', { username });
    throw new ApiError(Code.conflict, msg, { errors: [{ field: 'username', msg }] });
  }
}

function refuseSelf(ctx: SignedInContext, ids: number[], text: Localized): void {
  if (ids.includes(ctx.caller.user.id)) throw new ApiError(Code.conflict, text[ctx.lang]);
}

export const administratorActions = [
  defineCallAction(accountCalls.list, {
    summary: 'Accounts with role, mode rights, sites, state, last sign-in and lock-out',
    access: 'module',
    async handler({ app }, input) {
      const db = app.db.kysely;
      let rows = await selectUsers(db);
      if (input.keyword) {
        const k = input.keyword.toLowerCase();
        rows = rows.filter((u) =>
          [u.username, u.nickname, u.phone, u.company_name].some((t) => t.toLowerCase().includes(k)),
        );
      }
      const f = input.filter;
      if (f.role_id) rows = rows.filter((u) => u.role_id === f.role_id);
      if (f.enabled !== undefined) rows = rows.filter((u) => u.enabled === f.enabled);
      if (f.is_operations !== undefined) rows = rows.filter((u) => u.can_operations === f.is_operations);
      rows.sort((a, b) => a.id - b.id);
      const start = (input.page - 1) * input.limit;
      return {
        total: rows.length,
        list: await accountRecords(db, app, rows.slice(start, start + input.limit)),
      };
    },
  }),

  defineCallAction(accountCalls.roleOptions, {
    summary:
      "Roles an account may be given, for the account form: [{value, label, mode, site_ids, all_sites}] (this page's own call, so it needs no access to permission management)",
    access: 'module',
    mutates: false,
    async handler({ app }) {
      const rows = await app.db.kysely
        .selectFrom('roles')
        .select(['id', 'name', 'mode', 'all_sites'])
        .where('enabled', '=', 1)
        .orderBy('id')
        .execute();
      const grants = await readGrants(
        app.db.kysely,
        'role',
        rows.filter((r) => r.mode === 'operations' && !r.all_sites).map((r) => r.id),
      );
      return rows.map((r) => ({
        value: r.id,
        label: r.name,
        mode:
          r.name === BUILTIN_ADMIN_ROLE
            ? ('both' as const)
            : r.mode === 'operations'
              ? ('operations' as const)
              : ('full' as const),
        site_ids: grants.get(r.id) ?? [],
        all_sites: r.mode === 'operations' && r.all_sites ? 1 : 0,
      }));
    },
  }),

  defineCallAction(accountCalls.siteOptions, {
    summary:
      "Registered sites and customers, for the account form's pickers (this page's own call, so it needs no access to the Sites page)",
    access: 'module',
    mutates: false,
    async handler({ app }) {
      return fleetOptions(app);
    },
  }),

  defineCallAction(accountCalls.detail, {
    summary: 'One account (never its password)',
    access: 'module',
    async handler(ctx, input) {
      const db = ctx.app.db.kysely;
      const row = (await selectUsers(db)).find((u) => u.id === input.id);
      if (!row) throw notFound(ctx.lang, [input.id]);
      return (await accountRecords(db, ctx.app, [row]))[0]!;
    },
  }),

  defineCallAction(accountCalls.add, {
    summary:
      'Creates an account; the password is the client-side SHA-256 and is marked weak (changed at first sign-in)',
    access: 'module',
    async handler(ctx, body) {
      const v = parseAccount(body, ctx.lang, 'add');
      const db = ctx.app.db.kysely;
      await checkUsernameFree(ctx, db, v.username);
      await checkRoleFit(ctx, db, v);
      const now = ctx.app.now();
      const sites = accountSites(v);
      const row = await db
        .transaction()
        .execute(async (trx) => {
          const added = await trx
            .insertInto('users')
            .values({
              username: v.username,
              password_hash: await hashSecret(v.password!),
              weak_psw: 1,
              role_id: v.role_id,
              nickname: v.nickname,
              phone: v.phone,
              company_name: v.company_name,
              can_operations: v.is_operations,
              all_sites: sites.all,
              cid: v.cid,
              enabled: v.enabled,
              created_at: now,
              updated_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await writeGrant(trx, 'account', added.id, sites.ids);
          return added;
        })
        .catch((e: Error) => {
          // A racing add of the same name passed the check above: still a clear 409.
          if (!/UNIQUE constraint failed|duplicate key value/i.test(e.message)) throw e;
          const msg = say(ctx.lang, 'accounts.usernameAlreadyTaken', { username: v.username });
          throw new ApiError(Code.conflict, msg, { errors: [{ field: 'username', msg }] });
        });
      ctx.logDetail = `account #${row.id} ${v.username}, role #${v.role_id}`;
      return { id: row.id };
    },
  }),

  defineCallAction(accountCalls.edit, {
    summary:
      "Changes an account; omitted fields stay. Refused when it would remove the caller's own administrator rights, disable the caller, or leave no administrator",
    access: 'module',
    async handler(ctx, body) {
      const { app, caller } = ctx;
      const changed = await withAdminLock(app, async (db) => {
        const user = await findUser(ctx, db, body.id);
        const current = {
          username: user.username,
          nickname: user.nickname,
          phone: user.phone,
          company_name: user.company_name,
          role_id: user.role_id,
          is_operations: user.can_operations,
          site_ids: user.all_sites ? [] : ((await readGrants(db, 'account', [user.id])).get(user.id) ?? []),
          all_sites: user.all_sites ? 1 : 0,
          cid: user.cid,
          enabled: user.enabled,
        };
        const given = definedFields(body);
        // An empty password on edit keeps the stored one (DOMAIN `pwd`).
        if (given.password === '') delete given.password;
        const v = parseAccount({ ...current, ...given }, ctx.lang, 'edit');
        if (user.id === caller.user.id && !v.enabled)
          throw new ApiError(Code.conflict, say(ctx.lang, 'accounts.cannotDisableOwnAccount'));
        await checkUsernameFree(ctx, db, v.username, user.id);
        await checkRoleFit(ctx, db, v);
        await guardAdministrators(db, caller, ctx.lang, {
          users: new Map([[user.id, { role_id: v.role_id, enabled: v.enabled }]]),
        });
        await db
          .updateTable('users')
          .set({
            username: v.username,
            nickname: v.nickname,
            phone: v.phone,
            company_name: v.company_name,
            role_id: v.role_id,
            can_operations: v.is_operations,
            all_sites: accountSites(v).all,
            cid: v.cid,
            enabled: v.enabled,
            ...(v.password ? { password_hash: await hashSecret(v.password), weak_psw: 1 } : {}),
            updated_at: app.now(),
          })
          .where('id', '=', user.id)
          .execute();
        await writeGrant(db, 'account', user.id, accountSites(v).ids);
        // Disabled or given a new password: its sessions and developer key end. Losing
        // operations mode: its sessions end (they may be in that mode).
        const reason = !v.enabled ? 'disabled' : v.password ? 'password' : null;
        const keep = caller.session?.id ?? null;
        if (reason)
          await endSessions(
            app,
            { userIds: [user.id], exceptSessionId: keep, developerKeys: true },
            reason,
            db,
          );
        else if (!v.is_operations && user.can_operations)
          await endSessions(app, { userIds: [user.id], exceptSessionId: keep }, 'kicked', db);
        return Object.keys(given).filter((k) => k !== 'method' && k !== 'id' && k !== 'password');
      });
      ctx.logDetail = `account #${body.id}: ${changed.join(', ')}`;
      return { id: body.id };
    },
  }),

  defineCallAction(accountCalls.state, {
    summary:
      'Enables or disables accounts; disabling ends their sessions. Never the caller, never the last administrator',
    access: 'module',
    async handler(ctx, input) {
      if (!input.enabled) refuseSelf(ctx, input.ids, texts('accounts.cannotDisableOwnAccount'));
      const updated = await withAdminLock(ctx.app, async (db) => {
        const users = await db.selectFrom('users').select('id').where('id', 'in', input.ids).execute();
        if (users.length !== new Set(input.ids).size)
          throw notFound(
            ctx.lang,
            input.ids.filter((id) => !users.some((u) => u.id === id)),
          );
        await guardAdministrators(db, ctx.caller, ctx.lang, {
          users: new Map(input.ids.map((id) => [id, { enabled: input.enabled }])),
        });
        const r = await db
          .updateTable('users')
          .set({ enabled: input.enabled, updated_at: ctx.app.now() })
          .where('id', 'in', input.ids)
          .executeTakeFirst();
        if (!input.enabled)
          await endSessions(ctx.app, { userIds: input.ids, developerKeys: true }, 'disabled', db);
        return Number(r.numUpdatedRows);
      });
      ctx.logDetail = `account #${input.ids.join(', #')} enabled=${input.enabled}`;
      return { updated };
    },
  }),

  defineCallAction(accountCalls.del, {
    summary: 'Deletes accounts and their sessions. Never the caller, never the last administrator',
    access: 'module',
    async handler(ctx, input) {
      refuseSelf(ctx, input.ids, texts('accounts.cannotDeleteOwnAccount'));
      const deleted = await withAdminLock(ctx.app, async (db) => {
        const users = await db.selectFrom('users').select('id').where('id', 'in', input.ids).execute();
        if (users.length !== new Set(input.ids).size)
          throw notFound(
            ctx.lang,
            input.ids.filter((id) => !users.some((u) => u.id === id)),
          );
        await guardAdministrators(db, ctx.caller, ctx.lang, {
          users: new Map(input.ids.map((id) => [id, { deleted: true }])),
        });
        await endSessions(ctx.app, { userIds: input.ids, developerKeys: true }, 'deleted', db);
        const r = await db.deleteFrom('users').where('id', 'in', input.ids).executeTakeFirst();
        return Number(r.numDeletedRows);
      });
      ctx.logDetail = `account #${input.ids.join(', #')}`;
      return { deleted };
    },
  }),

  defineCallAction(accountCalls.reset_password, {
    summary:
      "Sets a new password (client-side SHA-256) and the weak-password flag, so it must be changed at the next sign-in; ends the account's sessions",
    access: 'module',
    async handler(ctx, input) {
      const db = ctx.app.db.kysely;
      const user = await findUser(ctx, db, input.id);
      await db
        .updateTable('users')
        .set({ password_hash: await hashSecret(input.password), weak_psw: 1, updated_at: ctx.app.now() })
        .where('id', '=', user.id)
        .execute();
      await endSessions(
        ctx.app,
        { userIds: [user.id], exceptSessionId: ctx.caller.session?.id ?? null, developerKeys: true },
        'password',
      );
      ctx.logDetail = keepText('log.passwordReset', { id: user.id, username: user.username });
      return { id: user.id };
    },
  }),

  defineCallAction(accountCalls.unlock, {
    summary: "Ends an account's sign-in lock-out (its failed attempts stop counting)",
    access: 'module',
    async handler(ctx, input) {
      const user = await findUser(ctx, ctx.app.db.kysely, input.id);
      await unlockAccount(ctx.app, user.username);
      ctx.logDetail = keepText('log.unlocked', { id: user.id, username: user.username });
      return { id: user.id };
    },
  }),

  defineCallAction(accountCalls.kick, {
    summary: "Ends every session of an account (it must sign in again); not the caller's own",
    access: 'module',
    async handler(ctx, input) {
      refuseSelf(ctx, [input.id], texts('accounts.cannotKickYourselfOut'));
      const db = ctx.app.db.kysely;
      const user = await findUser(ctx, db, input.id);
      const ended = await endSessions(ctx.app, { userIds: [user.id] }, 'kicked');
      ctx.logDetail = keepText('log.sessionsEnded', { id: user.id, username: user.username, n: ended });
      return { ended };
    },
  }),

  ...webSettingsActions,
];
