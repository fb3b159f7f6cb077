import type { Lang } from '@igs/contract';
import { texts } from '@igs/contract';
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import {
  AmiError,
  type AmiSession,
  conflict,
  dialText,
  extensionById,
  listOf,
  refuse,
  withManager,
} from '../voice/index.ts';

/**
 * The aiso verbs (DOMAIN section 2.2). AlarmEvent ack and close are state changes that record
 * who handled the event. A multi-party call is an ad-hoc ConfBridge `igs-mp-<id>`: start calls the
 * moderator and every participant into it, mute and kick find the participant's channel in
 * ConfbridgeList, end removes everyone; all through Asterisk's manager interface (503 when it
 * cannot be reached, and then nothing is stored).
 */

// --- aiso/AlarmLinkage: AlarmEvent ---

const alarmEventAckVerb = resourceVerb('aiso:alarm_event', 'ack', async ({ ctx, db, def, records }) => {
  const r = records[0]!;
  await db
    .updateTable(def.table)
    .set({ state: 'acknowledged', handled_by: ctx.caller?.user.username ?? '', updated_at: ctx.app.now() })
    .where('id', '=', Number(r.id))
    .execute();
  return { state: 'acknowledged' };
});

const alarmEventCloseVerb = resourceVerb(
  'aiso:alarm_event',
  'close',
  async ({ ctx, db, def, records, input }) => {
    const r = records[0]!;
    const note =
      input.note === null || input.note === undefined || input.note === '' ? undefined : String(input.note);
    await db
      .updateTable(def.table)
      .set({
        state: 'closed',
        handled_by: ctx.caller?.user.username ?? '',
        ...(note === undefined ? {} : { note }),
        updated_at: ctx.app.now(),
      })
      .where('id', '=', Number(r.id))
      .execute();
    return { state: 'closed' };
  },
);

// --- aiso/MultiPartyCall ---

const bridgeOf = (session: Record<string, unknown>) => `igs-mp-${session.id}`;

/** The moderator first, then the participants, each once. */
async function callees(db: Parameters<typeof extensionById>[0], lang: Lang, s: Record<string, unknown>) {
  const moderator = await extensionById(db, Number(s.moderator_ext));
  if (!moderator) throw conflict(lang, texts('aiso.moderatorExtensionCallNo'));
  const others = listOf(s.participants).map((p) => String(p));
  return { moderator: moderator.extension, all: [...new Set([moderator.extension, ...others])] };
}

const multiPartyStartVerb = resourceVerb('aiso:multi_party', 'start', async ({ ctx, db, def, records }) => {
  const s = records[0]!;
  const lang = ctx.lang;
  if (s.state === 'active') throw conflict(lang, texts('aiso.multiPartyCallAlready', { id: String(s.id) }));
  const { moderator, all } = await callees(db, lang, s);
  const bridge = bridgeOf(s);
  await withManager(lang, async (ami) => {
    for (const number of all)
      await ami.send({
        Action: 'Originate',
        Channel: `Local/${number}@from-internal-international`,
        Application: 'ConfBridge',
        Data: bridge,
        CallerID: `"${dialText(String(s.name ?? ''), 40) || 'Multi-party'}" <${moderator}>`,
        Timeout: 30000,
        Async: 'true',
        // The ad-hoc bridge's recording, as a dialplan function on the called channel.
        Variable: s.record ? 'CONFBRIDGE(bridge,record_conference)=yes' : undefined,
      });
  });
  const now = formatDateTime(ctx.app.now());
  await db
    .updateTable(def.table)
    .set({ state: 'active', started_at: now, ended_at: null, updated_at: ctx.app.now() })
    .where('id', '=', Number(s.id))
    .execute();
  ctx.logDetail = `aiso:multi_party start #${s.id}: ${all.join(', ')} into ${bridge}`;
  return { called: all.length, bridge };
});

/** The channel of a participant in the bridge, from ConfbridgeList (by caller number or dialled name). */
async function channelOf(ami: AmiSession, bridge: string, number: string): Promise<string | null> {
  try {
    const list = await ami.send({ Action: 'ConfbridgeList', Conference: bridge });
    const hit = list.events.find(
      (e) =>
        e.CallerIDNum === number ||
        String(e.Channel ?? '').startsWith(`Local/${number}@`) ||
        String(e.Channel ?? '').startsWith(`PJSIP/${number}-`),
    );
    return hit?.Channel ?? null;
  } catch (e) {
    // An empty or finished bridge answers with an error: nobody to find.
    if (e instanceof AmiError && e.kind === 'action') return null;
    throw e;
  }
}

const multiPartyMemberVerbs = (
  [
    ['mute', 'ConfbridgeMute'],
    ['kick', 'ConfbridgeKick'],
  ] as const
).map(([verb, action]) =>
  resourceVerb('aiso:multi_party', verb, async ({ ctx, db, records, input }) => {
    const s = records[0]!;
    const lang = ctx.lang;
    const number = String(input.participant);
    const { all } = await callees(db, lang, s);
    if (!all.includes(number))
      throw refuse('participant', lang, texts('aiso.notParticipantCall', { number }));
    const bridge = bridgeOf(s);
    const reply = await withManager(lang, async (ami) => {
      const channel = await channelOf(ami, bridge, number);
      if (!channel) throw conflict(lang, texts('aiso.notCallNow', { number }));
      return ami.send({ Action: action, Conference: bridge, Channel: channel });
    });
    ctx.logDetail = `aiso:multi_party ${verb} ${number} in ${bridge}`;
    return { done: 1, asterisk: reply.response.Message ?? '' };
  }),
);

const multiPartyEndVerb = resourceVerb('aiso:multi_party', 'end', async ({ ctx, db, def, records }) => {
  const s = records[0]!;
  const bridge = bridgeOf(s);
  const gone = await withManager(ctx.lang, async (ami) => {
    try {
      await ami.send({ Action: 'ConfbridgeKick', Conference: bridge, Channel: 'all' });
      return false;
    } catch (e) {
      // Everybody has hung up already: the bridge is gone, the call is over.
      if (e instanceof AmiError && e.kind === 'action') return true;
      throw e;
    }
  });
  await db
    .updateTable(def.table)
    .set({ state: 'ended', ended_at: formatDateTime(ctx.app.now()), updated_at: ctx.app.now() })
    .where('id', '=', Number(s.id))
    .execute();
  ctx.logDetail = `aiso:multi_party end #${s.id}${gone ? ' (the bridge had already closed)' : ''}`;
  return { state: 'ended' };
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const aisoVerbs: readonly Registration[] = [
  alarmEventAckVerb,
  alarmEventCloseVerb,
  multiPartyStartVerb,
  multiPartyEndVerb,
  ...multiPartyMemberVerbs,
];
