import { type Registration, resourceVerb } from '../../platform/feature.ts';

/**
 * DOMAIN smart/TerminalRecord verbs: `read` marks the chosen records read, `read_all` every
 * unread record of the caller's site. The unread count is the hint poll's `tip`.
 */
const TABLE = 'smart_terminal_event';

const terminalRecordReadVerb = resourceVerb('smart:terminal_record', 'read', async ({ ctx, db, records }) => {
  const r = await db
    .updateTable(TABLE)
    .set({ read: 1, updated_at: ctx.app.now() })
    .where(
      'id',
      'in',
      records.map((x) => Number(x.id)),
    )
    .where('read', '=', 0)
    .executeTakeFirst();
  return { updated: Number(r.numUpdatedRows) };
});

const terminalRecordReadAllVerb = resourceVerb(
  'smart:terminal_record',
  'read_all',
  async ({ ctx, db, site }) => {
    const r = await db
      .updateTable(TABLE)
      .set({ read: 1, updated_at: ctx.app.now() })
      .where('site_id', '=', site)
      .where('read', '=', 0)
      .executeTakeFirst();
    ctx.logDetail = `smart:terminal_record read_all (${Number(r.numUpdatedRows)})`;
    return { updated: Number(r.numUpdatedRows) };
  },
);

/** What this module registers on the generic resource calls (listed by its feature). */
export const terminalRecordVerbs: readonly Registration[] = [
  terminalRecordReadVerb,
  terminalRecordReadAllVerb,
];
