import {
  BUILTIN_ADMIN_ROLE,
  Code,
  isAdminOnlyButton,
  keepText,
  type Lang,
  listText,
  roleInputSchema,
  say,
  storedText,
  texts,
} from '@igs/contract';
import { type RoleRecord, roleCalls } from '@igs/contract/calls';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema.ts';
import { defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { validationError } from '../../platform/http/dispatch.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { getSettings } from '../../platform/settings/settings.ts';
import { checkGrantSites, readGrants, writeGrant } from '../../platform/sites/grants.ts';
import { fleetOptions } from '../../platform/sites/registry.ts';
import {
  adminRoleIds,
  definedFields,
  forgetGrants,
  grantsMakeAdmin,
  guardAdministrators,
  withAdminLock,
} from './admin-rules.ts';

/**
 * Roles (DOMAIN system/PermissionManagement, endpoint `authority`): name, mode, the menus and
 * button keys they grant, the sites of operations roles, enabled. The permission tree itself is
 * `system_menu` (features/menus). Grants are read from the database on every module call, so a
 * change is in force from the account's next call; the cached auth_menu tree is dropped too.
 */

type RoleValues = z.output<ReturnType<typeof roleInputSchema>>;

function parseRole(body: unknown, lang: Lang): RoleValues {
  const parsed = roleInputSchema(lang).safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, lang);
  return parsed.data;
}

/** Roles as the page shows them, with their grants and how many accounts use them. */
async function roleRecords(db: Kysely<Database>, ids?: number[], lang: Lang = 'en'): Promise<RoleRecord[]> {
  let q = db.selectFrom('roles').selectAll().orderBy('id');
  if (ids) q = q.where('id', 'in', ids.length ? ids : [0]);
  const roles = await q.execute();
  if (!roles.length) return [];
  const roleIds = roles.map((r) => r.id);
  const sites = await readGrants(
    db,
    'role',
    roles.filter((r) => r.mode === 'operations' && !r.all_sites).map((r) => r.id),
  );
  const [menus, buttons, users, admins] = await Promise.all([
    db.selectFrom('role_menus').select(['role_id', 'menu_id']).where('role_id', 'in', roleIds).execute(),
    db.selectFrom('role_buttons').select(['role_id', 'key']).where('role_id', 'in', roleIds).execute(),
    db
      .selectFrom('users')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('role_id', 'in', roleIds)
      .groupBy('role_id')
      .execute(),
    adminRoleIds(db),
  ]);
  return roles.map((r) => ({
    id: r.id,
    name: r.name,
    // A built-in role's description is kept as a catalogue key: read in the reader's language.
    description: storedText(r.description, lang),
    mode: r.mode === 'operations' ? 'operations' : 'full',
    menu_ids: menus.filter((m) => m.role_id === r.id).map((m) => m.menu_id),
    button_keys: buttons
      .filter((b) => b.role_id === r.id)
      .map((b) => b.key)
      .sort(),
    site_ids: sites.get(r.id) ?? [],
    all_sites: r.mode === 'operations' && r.all_sites ? 1 : 0,
    enabled: r.enabled ? 1 : 0,
    builtin: r.name === BUILTIN_ADMIN_ROLE ? 1 : 0,
    is_admin: admins.has(r.id) ? 1 : 0,
    user_count: Number(users.find((u) => u.role_id === r.id)?.n ?? 0),
    created_at: formatDateTime(r.created_at),
  }));
}

async function findRole(ctx: SignedInContext, db: Kysely<Database>, id: number) {
  const role = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  if (!role) throw new ApiError(Code.notFound, say(ctx.lang, 'authority.roleNotFound', { id }));
  return role;
}

/**
 * Menus must exist in the role's own mode tree, and each button key must be offered by one of the
 * granted menus (a button without its menu could never be reached). Sites belong to operations
 * roles only.
 */
async function checkGrants(ctx: SignedInContext, db: Kysely<Database>, v: RoleValues): Promise<void> {
  const menuIds = [...new Set(v.menu_ids)];
  const found = menuIds.length
    ? await db
        .selectFrom('menus')
        .select('id')
        .where('mode', '=', v.mode)
        .where('id', 'in', menuIds)
        .execute()
    : [];
  const missing = menuIds.filter((id) => !found.some((m) => m.id === id));
  if (missing.length) {
    throw invalidField(
      'menu_ids',
      say(ctx.lang, 'authority.menuNotInTree', {
        ids: missing.join(', #'),
        mode: v.mode === 'full' ? texts('authority.modeFull') : texts('authority.modeOperations'),
      }),
    );
  }
  const keys = [...new Set(v.button_keys)];
  if (keys.length) {
    const offered = menuIds.length
      ? await db.selectFrom('menu_buttons').select('key').where('menu_id', 'in', menuIds).execute()
      : [];
    const offeredKeys = new Set(offered.map((b) => b.key));
    const stray = keys.filter((k) => !offeredKeys.has(k));
    if (stray.length) {
      const known = await db.selectFrom('menu_buttons').select('key').where('key', 'in', stray).execute();
      const unknown = stray.filter((k) => !known.some((b) => b.key === k));
      throw invalidField(
        'button_keys',
        unknown.length
          ? say(ctx.lang, 'authority.buttonKeysUnknownKey', { unknown: unknown.join(', ') })
          : say(ctx.lang, 'authority.buttonKeysBelongsNo', { stray: stray.join(', ') }),
      );
    }
  }
  const adminOnly = keys.filter(isAdminOnlyButton);
  if (adminOnly.length && !(await grantsMakeAdmin(db, v))) {
    throw invalidField(
      'button_keys',
      say(ctx.lang, 'authority.buttonKeysCanHeld', { adminOnly: listText(adminOnly) }),
    );
  }
  if (v.mode === 'full' && v.site_ids.length) {
    throw invalidField('site_ids', say(ctx.lang, 'authority.siteIdsSitesApply'));
  }
  await checkGrantSites(db, ctx.lang, v.site_ids);
}

async function checkNameFree(ctx: SignedInContext, db: Kysely<Database>, name: string, selfId?: number) {
  let q = db.selectFrom('roles').select('id').where('name', '=', name);
  if (selfId) q = q.where('id', '!=', selfId);
  if (await q.executeTakeFirst()) {
    const msg = say(ctx.lang, 'authority.roleNameAlreadyExists', { name });
    throw new ApiError(Code.conflict, msg, { errors: [{ field: 'name', msg }] });
  }
}

function builtinRefused(lang: Lang): ApiError {
  return new ApiError(
    Code.conflict,
    say(lang, 'authority.builtRoleAlwaysHolds', { role: BUILTIN_ADMIN_ROLE }),
  );
}

async function writeGrants(db: Kysely<Database>, roleId: number, v: RoleValues): Promise<void> {
  await db.deleteFrom('role_menus').where('role_id', '=', roleId).execute();
  await db.deleteFrom('role_buttons').where('role_id', '=', roleId).execute();
  const menuIds = [...new Set(v.menu_ids)];
  const keys = [...new Set(v.button_keys)];
  if (menuIds.length)
    await db
      .insertInto('role_menus')
      .values(menuIds.map((menu_id) => ({ role_id: roleId, menu_id })))
      .execute();
  if (keys.length)
    await db
      .insertInto('role_buttons')
      .values(keys.map((key) => ({ role_id: roleId, key })))
      .execute();
  await writeGrant(db, 'role', roleId, v.mode === 'operations' && v.all_sites !== 1 ? v.site_ids : []);
}

export const authorityActions = [
  defineCallAction(roleCalls.list, {
    summary: 'Roles with their menus, button keys, sites and number of accounts',
    access: 'module',
    async handler({ app, lang }, input) {
      let all = await roleRecords(app.db.kysely, undefined, lang);
      if (input.keyword) {
        const k = input.keyword.toLowerCase();
        all = all.filter((r) => r.name.toLowerCase().includes(k) || r.description.toLowerCase().includes(k));
      }
      if (input.filter.mode) all = all.filter((r) => r.mode === input.filter.mode);
      const start = (input.page - 1) * input.limit;
      return { total: all.length, list: all.slice(start, start + input.limit) };
    },
  }),

  defineCallAction(roleCalls.detail, {
    summary: 'One role with its grants',
    access: 'module',
    async handler(ctx, input) {
      const [role] = await roleRecords(ctx.app.db.kysely, [input.id], ctx.lang);
      if (!role) throw new ApiError(Code.notFound, say(ctx.lang, 'authority.roleNotFound', { id: input.id }));
      return role;
    },
  }),

  defineCallAction(roleCalls.options, {
    summary: 'Roles for selects: [{value, label, mode}], enabled ones only',
    access: 'module',
    async handler({ app }, input) {
      let q = app.db.kysely
        .selectFrom('roles')
        .select(['id', 'name', 'mode'])
        .where('enabled', '=', 1)
        .orderBy('id');
      if (input.mode) q = q.where('mode', '=', input.mode);
      const rows = await q.execute();
      return rows
        .filter((r) => !input.keyword || r.name.toLowerCase().includes(input.keyword.toLowerCase()))
        .map((r) => ({
          value: r.id,
          label: r.name,
          mode: r.mode === 'operations' ? ('operations' as const) : ('full' as const),
        }));
    },
  }),

  defineCallAction(roleCalls.siteOptions, {
    summary: "Registered sites, for the role form's picker (this page's own call)",
    access: 'module',
    mutates: false,
    async handler({ app }) {
      return fleetOptions(app);
    },
  }),

  defineCallAction(roleCalls.add, {
    summary: 'Creates a role: name (unique), description, mode, menu_ids, button_keys, site_ids, enabled',
    access: 'module',
    async handler(ctx, body) {
      const v = parseRole(body, ctx.lang);
      const id = await withAdminLock(ctx.app, async (db) => {
        await checkNameFree(ctx, db, v.name);
        await checkGrants(ctx, db, v);
        const now = ctx.app.now();
        const row = await db
          .insertInto('roles')
          .values({
            name: v.name,
            description: v.description,
            mode: v.mode,
            // Sites narrow operations roles only; all_sites grants them all (auth/sites.ts).
            all_sites: v.mode === 'operations' && v.all_sites === 1 ? 1 : 0,
            enabled: v.enabled,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeGrants(db, row.id, v);
        return row.id;
      });
      forgetGrants(ctx.app);
      ctx.logDetail = keepText('log.roleSaved', {
        id,
        name: v.name,
        menus: v.menu_ids.length,
        buttons: v.button_keys.length,
      });
      return { id };
    },
  }),

  defineCallAction(roleCalls.edit, {
    summary:
      "Changes a role; refused (409) when it would take the caller's own administrator rights or leave no administrator",
    access: 'module',
    async handler(ctx, body) {
      const v = await withAdminLock(ctx.app, async (db) => {
        const role = await findRole(ctx, db, body.id);
        const current = (await roleRecords(db, [role.id], ctx.lang))[0]!;
        // Omitted fields keep their stored values (DOMAIN 3.2 edit).
        const v = parseRole({ ...current, ...definedFields(body) }, ctx.lang);
        // The description as shown, sent back unchanged, keeps what is stored (a kept text reads in
        // either language); a changed one is the operator's own words.
        const description = v.description === current.description ? role.description : v.description;
        if (role.name === BUILTIN_ADMIN_ROLE) {
          const same = (a: unknown[], b: unknown[]) =>
            a.length === b.length && [...a].sort().join() === [...b].sort().join();
          // The console sends the whole record; only a changed description is accepted.
          if (
            v.name !== role.name ||
            v.mode !== current.mode ||
            v.enabled !== 1 ||
            !same(v.menu_ids, current.menu_ids) ||
            !same(v.button_keys, current.button_keys) ||
            v.site_ids.length
          )
            throw builtinRefused(ctx.lang);
          await db
            .updateTable('roles')
            .set({ description, updated_at: ctx.app.now() })
            .where('id', '=', role.id)
            .execute();
          return v;
        }
        await checkNameFree(ctx, db, v.name, role.id);
        await checkGrants(ctx, db, v);
        await guardAdministrators(db, ctx.caller, ctx.lang, {
          roles: new Map([
            [role.id, { enabled: v.enabled, mode: v.mode, menuIds: v.menu_ids, buttonKeys: v.button_keys }],
          ]),
        });
        await db
          .updateTable('roles')
          .set({
            name: v.name,
            description,
            mode: v.mode,
            // Sites narrow operations roles only; all_sites grants them all (auth/sites.ts).
            all_sites: v.mode === 'operations' && v.all_sites === 1 ? 1 : 0,
            enabled: v.enabled,
            updated_at: ctx.app.now(),
          })
          .where('id', '=', role.id)
          .execute();
        await writeGrants(db, role.id, v);
        return v;
      });
      forgetGrants(ctx.app);
      ctx.logDetail = `role #${body.id} ${v.name}: ${v.menu_ids.length} menus, ${v.button_keys.length} buttons, enabled=${v.enabled}`;
      return { id: body.id };
    },
  }),

  defineCallAction(roleCalls.state, {
    summary: 'Enables or disables roles (a disabled role grants nothing); same administrator rules as edit',
    access: 'module',
    async handler(ctx, input) {
      const updated = await withAdminLock(ctx.app, async (db) => {
        const roles = await db
          .selectFrom('roles')
          .select(['id', 'name'])
          .where('id', 'in', input.ids)
          .execute();
        if (roles.length !== new Set(input.ids).size) {
          const missing = input.ids.filter((id) => !roles.some((r) => r.id === id));
          throw new ApiError(
            Code.notFound,
            say(ctx.lang, 'authority.rolesNotFound', { missing: missing.join(', #') }),
          );
        }
        if (roles.some((r) => r.name === BUILTIN_ADMIN_ROLE) && input.enabled === 0)
          throw builtinRefused(ctx.lang);
        await guardAdministrators(db, ctx.caller, ctx.lang, {
          roles: new Map(roles.map((r) => [r.id, { enabled: input.enabled }])),
        });
        const r = await db
          .updateTable('roles')
          .set({ enabled: input.enabled, updated_at: ctx.app.now() })
          .where('id', 'in', input.ids)
          .executeTakeFirst();
        return Number(r.numUpdatedRows);
      });
      forgetGrants(ctx.app);
      ctx.logDetail = `role #${input.ids.join(', #')} enabled=${input.enabled}`;
      return { updated };
    },
  }),

  defineCallAction(roleCalls.del, {
    summary: 'Deletes roles; 409 with {refs} while accounts or self-registration still use them',
    access: 'module',
    async handler(ctx, input) {
      const settings = await getSettings(ctx.app);
      const deleted = await withAdminLock(ctx.app, async (db) => {
        const roles = await db
          .selectFrom('roles')
          .select(['id', 'name'])
          .where('id', 'in', input.ids)
          .execute();
        if (roles.length !== new Set(input.ids).size) {
          const missing = input.ids.filter((id) => !roles.some((r) => r.id === id));
          throw new ApiError(
            Code.notFound,
            say(ctx.lang, 'authority.rolesNotFound', { missing: missing.join(', #') }),
          );
        }
        if (roles.some((r) => r.name === BUILTIN_ADMIN_ROLE)) throw builtinRefused(ctx.lang);
        const used = await db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('role_id', 'in', input.ids)
          .executeTakeFirstOrThrow();
        const refs: { entity: string; count: number }[] = [];
        if (Number(used.n)) refs.push({ entity: say(ctx.lang, 'authority.accounts'), count: Number(used.n) });
        if (roles.some((r) => r.name === settings.register_role))
          refs.push({ entity: say(ctx.lang, 'authority.selfRegistration'), count: 1 });
        if (refs.length) {
          const list = refs.map((r) => `${r.count} ${r.entity}`).join(', ');
          throw new ApiError(Code.conflict, say(ctx.lang, 'authority.cannotDeleteStillUsed', { list }), {
            refs,
          });
        }
        const r = await db.deleteFrom('roles').where('id', 'in', input.ids).executeTakeFirst();
        return Number(r.numDeletedRows);
      });
      forgetGrants(ctx.app);
      ctx.logDetail = `role #${input.ids.join(', #')}`;
      return { deleted };
    },
  }),
];
