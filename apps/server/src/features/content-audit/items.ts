import { resourceByName } from '@igs/contract/resources';
import type { ActionContext, AnyAction } from '../../platform/http/action.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { aroundResourceWrites } from '../../platform/resources/after-writes.ts';
import { type AnyDb, untyped } from '../../platform/resources/queries.ts';
import { inCallTransaction } from '../../platform/resources/transaction.ts';
import { signedFileUrl } from '../../platform/uploads/routes.ts';
import { uploadsOfOtherSites } from '../../platform/uploads/site.ts';
import { AUDITED, type Audited } from './audited.ts';

/**
 * The audit list (DOMAIN 2.9 system/ResourceAudit) kept in step with the audited records: after
 * each add, edit or import of a film, post or ad material (in the same transaction as the write),
 * every record the call left pending has a pending item, re-opened if it had been reviewed; after
 * a delete, the items of records that are gone go too. The items live in the gateway's site (0),
 * where the audit page is, whichever site the record belongs to.
 */

export const AUDIT_TABLE = resourceByName('resources:index').table;

const UUID = /^[0-9a-f-]{36}$/;

/** mime, size and a preview link of the record's uploads, where they are uploads. */
async function fileFacts(
  ctx: ActionContext,
  db: AnyDb,
  audited: Audited,
  row: Record<string, unknown>,
): Promise<{ mime: string | null; size: number | null; preview_url: string | null }> {
  const first = (fields: readonly string[]) =>
    fields.map((f) => row[f]).find((v): v is string => typeof v === 'string' && UUID.test(v));
  const fileId = first(audited.fileFields);
  const upload = fileId
    ? await db.selectFrom('uploads').select(['mime', 'size']).where('id', '=', fileId).executeTakeFirst()
    : undefined;
  const previewId = first(audited.previewFields);
  // No link to an upload out of the record's reach (uploads/site.ts): one of another site, named
  // before writes refused it, which an edit leaving that field alone carries on.
  const inReach =
    previewId !== undefined && !(await uploadsOfOtherSites(db, [previewId], Number(row.site_id ?? 0))).length;
  return {
    mime: upload ? String(upload.mime) : null,
    size: upload ? Number(upload.size) : null,
    preview_url: previewId && inReach ? await signedFileUrl(ctx.app, previewId) : null,
  };
}

/** Brings the items of `audited` in line with the records written since `since` (ms). */
export async function syncAuditItems(ctx: ActionContext, audited: Audited, since: number): Promise<void> {
  const db = ctx.app.db.kysely;
  const now = ctx.app.now();
  const rows = await untyped(db)
    .selectFrom(audited.def.table)
    .selectAll()
    .where('updated_at', '>=', since)
    .execute();
  for (const row of rows) {
    const item = await db
      .selectFrom(AUDIT_TABLE)
      .selectAll()
      .where('resource_type', '=', audited.type)
      .where('resource_id', '=', row.id as number)
      .executeTakeFirst();
    const name = String(row[audited.nameField] ?? `#${row.id}`).slice(0, 255);
    const pending = row.audit_state == null || row.audit_state === 'pending';
    if (!pending) {
      if (item && item.name !== name)
        await db.updateTable(AUDIT_TABLE).set({ name, updated_at: now }).where('id', '=', item.id).execute();
      continue;
    }
    if (row.audit_state == null)
      await untyped(db)
        .updateTable(audited.def.table)
        .set({ audit_state: 'pending' })
        .where('id', '=', row.id as number)
        .execute();
    const facts = await fileFacts(ctx, db, audited, row);
    const submitted = {
      state: 'pending',
      submitted_at: formatDateTime(now),
      uploader: ctx.caller?.user.username ?? null,
      reviewer: null,
      reviewed_at: null,
      reason: null,
    };
    if (!item) {
      await db
        .insertInto(AUDIT_TABLE)
        .values({
          resource_type: audited.type,
          resource_id: row.id,
          name,
          ...facts,
          ...submitted,
          site_id: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } else {
      // A reviewed item opens again for the changed record; a pending one keeps its place in the queue.
      await db
        .updateTable(AUDIT_TABLE)
        .set({ name, ...facts, ...(item.state === 'pending' ? {} : submitted), updated_at: now })
        .where('id', '=', item.id)
        .execute();
    }
  }
  await db
    .deleteFrom(AUDIT_TABLE)
    .where('resource_type', '=', audited.type)
    .where('resource_id', 'is not', null)
    .where('resource_id', 'not in', untyped(db).selectFrom(audited.def.table).select('id'))
    .execute();
}

/** Calls that change no audited content: left as they are (sort opens a transaction of its own). */
const UNAUDITED_METHODS = new Set(['sort', 'state']);

/** Wraps the write calls of every audited resource (both modes) so the audit list follows them. */
export function withContentAudit(actions: readonly AnyAction[]): AnyAction[] {
  let out = [...actions];
  for (const audited of AUDITED) {
    const endpoints = [audited.def.endpoint, ...(audited.def.opsEndpoint ? [audited.def.opsEndpoint] : [])];
    out = aroundResourceWrites(out, endpoints, (ctx, write, action) => {
      if (UNAUDITED_METHODS.has(action.method ?? '')) return write(ctx);
      return inCallTransaction(ctx, async (tctx) => {
        const since = tctx.app.now();
        const reply = await write(tctx);
        await syncAuditItems(tctx, audited, since);
        return reply;
      });
    });
  }
  return out;
}
