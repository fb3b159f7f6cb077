import { Code, texts } from '@igs/contract';
import type { AppContext } from '../app-context.ts';
import type { Caller } from '../http/action.ts';
import { LocalizedError } from '../http/body-errors.ts';
import { KIND_USERS, type UploadKind } from './kinds.ts';

/** The endpoint paths of the caller's menus in its mode, without the mode prefix, lower case. */
async function menuPaths(app: AppContext, caller: Caller): Promise<string[]> {
  const rows = await app.db.kysely
    .selectFrom('role_menus')
    .innerJoin('menu_endpoints', 'menu_endpoints.menu_id', 'role_menus.menu_id')
    .innerJoin('menus', 'menus.id', 'role_menus.menu_id')
    .innerJoin('roles', 'roles.id', 'role_menus.role_id')
    .select('menu_endpoints.path')
    .where('role_menus.role_id', '=', caller.user.role_id)
    .where('roles.enabled', '=', 1)
    .where('menus.mode', '=', caller.isOperations ? 'operations' : 'full')
    .execute();
  return rows.map((r) => r.path.toLowerCase().replace(/^\/(admin\.php|operations)\//, ''));
}

/** Whether the caller's role holds a menu of a page that uses files of this kind. */
export async function mayUseKind(app: AppContext, caller: Caller, kind: UploadKind): Promise<boolean> {
  const users = KIND_USERS[kind];
  if (users === null) return true;
  const paths = await menuPaths(app, caller);
  return paths.some((p) => users.some((u) => (u.endsWith('/') ? p.startsWith(u) : p === u)));
}

/** Refuses (403, naming the kind) an upload of a kind no page of the caller's uses. */
export async function requireKind(app: AppContext, caller: Caller, kind: UploadKind): Promise<void> {
  if (await mayUseKind(app, caller, kind)) return;
  throw new LocalizedError(Code.forbidden, texts('uploads.doNotAccessPage', { kind }));
}

/** Bytes held by the account's uploads (files handed over to backups or upgrades no longer count). */
export async function bytesUploadedBy(app: AppContext, userId: number): Promise<number> {
  const row = await app.db.kysely
    .selectFrom('uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

function sizeText(bytes: number): string {
  const MB = 1024 * 1024;
  return bytes >= 1024 * MB ? `${(bytes / (1024 * MB)).toFixed(1)} GB` : `${(bytes / MB).toFixed(1)} MB`;
}

/** 422 on `file`: the account's uploads would exceed its quota; says how much is used and allowed. */
export function quotaExceeded(used: number, quota: number): LocalizedError {
  const text = texts('uploads.quotaExceeded', { used: sizeText(used), quota: sizeText(quota) });
  return new LocalizedError(Code.invalid, text, {
    errors: [{ field: 'file', msg: text.en }],
    used_bytes: used,
    quota_bytes: quota,
  });
}
