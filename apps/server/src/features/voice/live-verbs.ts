import type { Lang } from '@igs/contract';
import { texts } from '@igs/contract';
import type { Conn } from '../../platform/db/schema.ts';
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import type { AmiFields } from './ami.ts';
import { dialText } from './config/conf-text.ts';
import { withManager } from './manager.ts';
import {
  areasUnder,
  conflict,
  type ExtensionRow,
  extensionById,
  extensionByNumber,
  listOf,
  refuse,
} from './verb-support.ts';

/**
 * The voice verbs that act on calls in progress (DOMAIN section 2.2): meeting rooms
 * (ConfbridgeKick/Mute/Unmute/Lock/Unlock, invite by Originate into the room's ConfBridge), the
 * dispatch console (Originate with ChanSpy or Page, Hangup, Redirect) and queue agents (QueueAdd,
 * QueueRemove), all through Asterisk's manager interface: 503 naming it when it cannot be
 * reached, 409 with Asterisk's reason when it refuses. Every call is in the operation log.
 */

/** Sends one action; the reply's message is what the console shows as done. */
async function act(
  lang: Lang,
  fields: AmiFields & { Action: string },
): Promise<{ done: 1; asterisk: string }> {
  const reply = await withManager(lang, (ami) => ami.send(fields));
  return { done: 1, asterisk: reply.response.Message ?? reply.response.Response ?? '' };
}

// --- voice/MeetingRoom ---

const conferenceInviteVerb = resourceVerb('voice:conference', 'invite', async ({ ctx, records, input }) => {
  const room = records[0]!;
  const number = String(input.number);
  ctx.logDetail = `voice:conference invite ${number} into ${room.number}`;
  return act(ctx.lang, {
    Action: 'Originate',
    // Dialled as an extension with every permission would dial it (the console's own call).
    Channel: `Local/${number}@from-internal-international`,
    Application: 'ConfBridge',
    Data: `${room.number},igs-bridge-${room.id},igs-user-${room.id},igs-user-menu`,
    CallerID: `"${dialText(String(room.name), 40)}" <${room.number}>`,
    Timeout: 30000,
    Async: 'true',
  });
});

const conferenceMemberVerbs = (
  [
    ['kick', 'ConfbridgeKick'],
    ['mute', 'ConfbridgeMute'],
    ['unmute', 'ConfbridgeUnmute'],
  ] as const
).map(([verb, action]) =>
  resourceVerb('voice:conference', verb, async ({ ctx, records, input }) => {
    const room = records[0]!;
    ctx.logDetail = `voice:conference ${verb} ${String(input.channel)} in ${room.number}`;
    return act(ctx.lang, { Action: action, Conference: String(room.number), Channel: String(input.channel) });
  }),
);

const conferenceRoomVerbs = (
  [
    ['lock', 'ConfbridgeLock'],
    ['unlock', 'ConfbridgeUnlock'],
  ] as const
).map(([verb, action]) =>
  resourceVerb('voice:conference', verb, async ({ ctx, records }) => {
    const room = records[0]!;
    ctx.logDetail = `voice:conference ${verb} ${room.number}`;
    return act(ctx.lang, { Action: action, Conference: String(room.number) });
  }),
);

// --- voice/CommunicationControl ---

async function operatorOf(db: Conn, lang: Lang, console_: Record<string, unknown>): Promise<ExtensionRow> {
  const op = await extensionById(db, Number(console_.operator_ext));
  if (!op) throw conflict(lang, texts('voice.operatorExtensionConsoleNo'));
  return op;
}

/** An extension the console watches, by its number (its own or in one of its areas). */
async function monitored(
  db: Conn,
  lang: Lang,
  console_: Record<string, unknown>,
  number: string,
): Promise<ExtensionRow> {
  const ext = await extensionByNumber(db, Number(console_.site_id ?? 0), number);
  if (!ext) throw refuse('extension', lang, texts('voice.noExtensionNumber', { number }));
  const ids = new Set(listOf(console_.monitored_extension_ids).map(Number));
  const areas = await areasUnder(db, listOf(console_.monitored_area_ids).map(Number));
  if (!ids.has(ext.id) && !(ext.area_id !== null && areas.has(ext.area_id)))
    throw refuse('extension', lang, texts('voice.extensionNotMonitoredConsole', { number }));
  return ext;
}

const dispatchCallVerb = resourceVerb('voice:dispatch', 'call', async ({ ctx, db, records, input }) => {
  const op = await operatorOf(db, ctx.lang, records[0]!);
  const number = String(input.number);
  ctx.logDetail = `voice:dispatch call ${number} from ${op.extension}`;
  return act(ctx.lang, {
    Action: 'Originate',
    Channel: `PJSIP/${op.extension}`,
    Context: `from-internal-${op.call_permission}`,
    Exten: number,
    Priority: 1,
    CallerID: `"${dialText(String(records[0]!.name), 40)}" <${number}>`,
    Timeout: 30000,
    Async: 'true',
  });
});

const dispatchHangupVerb = resourceVerb('voice:dispatch', 'hangup', async ({ ctx, records, input }) => {
  ctx.logDetail = `voice:dispatch hangup ${String(input.channel)} (console #${records[0]!.id})`;
  return act(ctx.lang, { Action: 'Hangup', Channel: String(input.channel) });
});

// ChanSpy options: q quiet; w whisper to the watched extension; B barge (talk to both sides).
const dispatchListenVerbs = (
  [
    ['spy', 'q'],
    ['whisper', 'qw'],
    ['barge', 'qB'],
  ] as const
).map(([verb, options]) =>
  resourceVerb('voice:dispatch', verb, async ({ ctx, db, records, input }) => {
    const op = await operatorOf(db, ctx.lang, records[0]!);
    const target = await monitored(db, ctx.lang, records[0]!, String(input.extension));
    ctx.logDetail = `voice:dispatch ${verb} ${target.extension} from ${op.extension}`;
    return act(ctx.lang, {
      Action: 'Originate',
      Channel: `PJSIP/${op.extension}`,
      Application: 'ChanSpy',
      Data: `PJSIP/${target.extension}-,${options}`,
      CallerID: `"${verb}" <${target.extension}>`,
      Timeout: 30000,
      Async: 'true',
    });
  }),
);

const dispatchTransferVerb = resourceVerb(
  'voice:dispatch',
  'transfer',
  async ({ ctx, db, records, input }) => {
    const op = await operatorOf(db, ctx.lang, records[0]!);
    ctx.logDetail = `voice:dispatch transfer ${String(input.channel)} to ${String(input.to)}`;
    return act(ctx.lang, {
      Action: 'Redirect',
      Channel: String(input.channel),
      Context: `from-internal-${op.call_permission}`,
      Exten: String(input.to),
      Priority: 1,
    });
  },
);

// Two-way paging of one extension, answered by the phone itself (the paging auto-answer header).
const dispatchIntercomVerb = resourceVerb(
  'voice:dispatch',
  'intercom',
  async ({ ctx, db, records, input }) => {
    const op = await operatorOf(db, ctx.lang, records[0]!);
    const target = await monitored(db, ctx.lang, records[0]!, String(input.extension));
    ctx.logDetail = `voice:dispatch intercom ${target.extension} from ${op.extension}`;
    return act(ctx.lang, {
      Action: 'Originate',
      Channel: `PJSIP/${op.extension}`,
      Application: 'Page',
      Data: `PJSIP/${target.extension},dib(igs-page-autoanswer^s^1)`,
      CallerID: `"intercom" <${target.extension}>`,
      Timeout: 30000,
      Async: 'true',
    });
  },
);

// --- voice/CallCenter ---

const queueAgentVerbs = (
  [
    ['agent_login', 'QueueAdd'],
    ['agent_logout', 'QueueRemove'],
  ] as const
).map(([verb, action]) =>
  resourceVerb('voice:queue', verb, async ({ ctx, db, records, input }) => {
    const queue = records[0]!;
    const number = String(input.extension);
    const ext = await extensionByNumber(db, Number(queue.site_id ?? 0), number);
    if (!ext) throw refuse('extension', ctx.lang, texts('voice.noExtensionNumber', { number }));
    ctx.logDetail = `voice:queue ${verb} ${ext.extension} ${verb === 'agent_login' ? 'into' : 'from'} ${queue.number}`;
    const iface = `PJSIP/${ext.extension}`;
    return act(
      ctx.lang,
      action === 'QueueAdd'
        ? {
            Action: action,
            Queue: String(queue.number),
            Interface: iface,
            MemberName: dialText(ext.name, 40) || ext.extension,
            StateInterface: iface,
            Penalty: 0,
          }
        : { Action: action, Queue: String(queue.number), Interface: iface },
    );
  }),
);

/** What this module registers on the generic resource calls (listed by its feature). */
export const liveVerbs: readonly Registration[] = [
  conferenceInviteVerb,
  dispatchCallVerb,
  dispatchHangupVerb,
  dispatchTransferVerb,
  dispatchIntercomVerb,
  ...conferenceMemberVerbs,
  ...conferenceRoomVerbs,
  ...dispatchListenVerbs,
  ...queueAgentVerbs,
];
