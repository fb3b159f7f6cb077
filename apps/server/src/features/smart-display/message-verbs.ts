import { type Registration, resourceVerb } from '../../platform/feature.ts';
import { formatDateTime } from '../../platform/lib/time.ts';

/**
 * DOMAIN 2.8 smart/MessageBoard verbs: `reply` {reply} stores the answer with who gave it and
 * when (the terminal shows it on its next heartbeat, once that API exists), `close` ends the
 * thread, `read` marks unread messages read. Which states each applies to is the contract's `when`.
 */
const TABLE = 'smart_message';

const messageBoardReplyVerb = resourceVerb(
  'smart:message_board',
  'reply',
  async ({ ctx, db, records, input }) => {
    const now = ctx.app.now();
    const repliedAt = formatDateTime(now);
    await db
      .updateTable(TABLE)
      .set({
        reply: String(input.reply),
        replied_by: ctx.caller.user.username,
        replied_at: repliedAt,
        state: 'replied',
        updated_at: now,
      })
      .where('id', '=', Number(records[0]!.id))
      .execute();
    return { state: 'replied', replied_at: repliedAt };
  },
);

const messageBoardCloseVerb = resourceVerb('smart:message_board', 'close', async ({ ctx, db, records }) => {
  await db
    .updateTable(TABLE)
    .set({ state: 'closed', updated_at: ctx.app.now() })
    .where('id', '=', Number(records[0]!.id))
    .execute();
  return { state: 'closed' };
});

const messageBoardReadVerb = resourceVerb('smart:message_board', 'read', async ({ ctx, db, records }) => {
  const r = await db
    .updateTable(TABLE)
    .set({ state: 'read', updated_at: ctx.app.now() })
    .where(
      'id',
      'in',
      records.map((x) => Number(x.id)),
    )
    .executeTakeFirst();
  return { updated: Number(r.numUpdatedRows) };
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const messageVerbs: readonly Registration[] = [
  messageBoardReplyVerb,
  messageBoardCloseVerb,
  messageBoardReadVerb,
];
