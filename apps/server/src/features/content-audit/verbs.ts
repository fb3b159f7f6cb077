import { say } from '@igs/contract';
import type { Conn } from '../../platform/db/schema.ts';
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { auditedByType } from './audited.ts';
import { AUDIT_TABLE } from './items.ts';

/**
 * DOMAIN 2.9 system/ResourceAudit verbs: `approve` (the selected items) and `reject` (one item,
 * with a reason) set the item's verdict, reviewer and time, and the audited record's
 * `audit_state`, in one transaction. Items the demo made without a record only change themselves.
 */

async function decide(
  db: Conn,
  records: Record<string, unknown>[],
  state: 'approved' | 'rejected',
  reviewer: string | null,
  now: number,
  reason: string | null,
): Promise<number> {
  const ids = records.map((r) => Number(r.id));
  await db
    .updateTable(AUDIT_TABLE)
    .set({ state, reviewer, reviewed_at: formatDateTime(now), reason, updated_at: now })
    .where('id', 'in', ids)
    .execute();
  for (const r of records) {
    const audited = auditedByType(r.resource_type);
    if (!audited || r.resource_id === null || r.resource_id === undefined) continue;
    await untyped(db)
      .updateTable(audited.def.table)
      .set({ audit_state: state, updated_at: now })
      .where('id', '=', Number(r.resource_id))
      .execute();
  }
  return ids.length;
}

const indexApproveVerb = resourceVerb('resources:index', 'approve', async ({ ctx, db, records }) => {
  const n = await decide(db, records, 'approved', ctx.caller?.user.username ?? null, ctx.app.now(), null);
  return { approved: n };
});

const indexRejectVerb = resourceVerb('resources:index', 'reject', async ({ ctx, db, records, input }) => {
  // The field is required, but a reason of spaces only is none either.
  const reason = String(input.reason ?? '').trim();
  if (!reason) throw invalidField('reason', say(ctx.lang, 'audit.rejectionNeedsReason'));
  const n = await decide(db, records, 'rejected', ctx.caller?.user.username ?? null, ctx.app.now(), reason);
  ctx.logDetail = `resources:index reject #${records.map((r) => r.id).join(', #')}: ${reason}`;
  return { rejected: n };
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const contentAuditVerbs: readonly Registration[] = [indexApproveVerb, indexRejectVerb];
