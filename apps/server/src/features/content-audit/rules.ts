import { type Registration, writeRule } from '../../platform/feature.ts';
import { storedRow } from '../../platform/resources/after-write-values.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { AUDITED, auditedByResource } from './audited.ts';

/**
 * Sets `audit_state` on the writes of audited records: a new record (added or imported) starts
 * pending unless the system wrote a verdict itself (the demo data); an edit of a field the reviewer
 * looked at makes it pending again. The audit list follows in items.ts.
 */
async function auditStateRule({ conn, def, values, selfId }: WriteHookArgs): Promise<void> {
  const audited = auditedByResource(def.name)!;
  if (selfId === undefined) {
    if (values.audit_state == null) values.audit_state = 'pending';
    return;
  }
  const row = await storedRow(conn, def, selfId);
  if (!row) return;
  const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null) || String(a) === String(b);
  if (audited.watched.some((f) => f in values && !same(values[f], row[f]))) values.audit_state = 'pending';
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const auditStateRules: readonly Registration[] = AUDITED.map((a) =>
  writeRule(a.def.name, auditStateRule),
);
