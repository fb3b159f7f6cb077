import type { HomeUnknownReason } from '@igs/contract';
import { resourceByName } from '@igs/contract/resources';
import type { AppContext } from '../../platform/app-context.ts';
import {
  type AsteriskInfo,
  activeCalls,
  asteriskInfo,
  consoleAnswered,
  parseConciseChannels,
  parseContacts,
  runConsole,
} from '../voice/index.ts';

/**
 * The dashboard's live voice figures (DOMAIN 2.1: "AMI" state), asked of Asterisk's console as
 * voice/VoiceManagement and voice/VoiceCalls ask it: extensions registered are the gateway's
 * extensions with a reachable contact (`pjsip show contacts`), active calls the calling channels
 * (`core show channels concise`, dialled legs belong to their call). Where Asterisk cannot be asked
 * (not installed, stopped, console closed) both are unknown: null with the reason, never 0 and
 * never the stored registration column.
 */

const EXTENSIONS = resourceByName('voice:extension').table;

export interface VoiceLive {
  registered: number | null;
  extensions: number;
  calls: number | null;
  unknown?: HomeUnknownReason;
}

function unknownReason(info: AsteriskInfo): HomeUnknownReason | undefined {
  if (info.state === 'not_installed' || !info.binary) return 'asterisk_not_installed';
  if (info.state === 'stopped') return 'asterisk_stopped';
  if (info.console_error) return 'asterisk_console';
  return undefined;
}

export async function voiceLive(
  app: AppContext,
  want: { registered: boolean; calls: boolean },
): Promise<VoiceLive> {
  const [info, numbers] = await Promise.all([
    asteriskInfo(),
    app.db.kysely.selectFrom(EXTENSIONS).select('extension').where('site_id', '=', 0).execute(),
  ]);
  const out: VoiceLive = { registered: null, extensions: numbers.length, calls: null };
  const reason = unknownReason(info);
  if (reason) return { ...out, unknown: reason };
  const bin = info.binary!;
  const [contacts, channels] = await Promise.all([
    want.registered ? runConsole(bin, 'pjsip show contacts') : null,
    want.calls ? runConsole(bin, 'core show channels concise') : null,
  ]);
  if (contacts && consoleAnswered(contacts)) {
    const ours = new Set(numbers.map((n) => String(n.extension)));
    out.registered = new Set(
      parseContacts(contacts.stdout)
        .filter((c) => ours.has(c.aor) && c.status !== 'Unavail')
        .map((c) => c.aor),
    ).size;
  }
  if (channels && consoleAnswered(channels))
    out.calls = activeCalls(parseConciseChannels(channels.stdout), app.now()).length;
  // Asked but not answered (the console went away between the two calls): unknown, not 0.
  if ((want.registered && out.registered === null) || (want.calls && out.calls === null))
    out.unknown = 'asterisk_console';
  return out;
}
