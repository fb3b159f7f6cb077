import { type Lang, say } from '@igs/contract';
import type { ReadProblem, ReadProgramme } from './xmltv-read.ts';

/**
 * What of an XMLTV guide goes into the EPG: one policy for the file import and the source sync
 * (issue 15 item 3), so the same guide gives the same programmes either way. Valid programmes are
 * kept and every other one is left out with its reason, never the whole guide for a few:
 *
 * - a programme of a channel that is no live programme's XMLTV id here is left out (guides carry
 *   many channels a gateway does not show), reported once per channel;
 * - a programme without `stop` (the DTD makes it optional) ends where the next programme of its
 *   channel starts; the last one of its channel has nothing to end at and is left out;
 * - a zero-length programme (stop = start) or one stopping before it starts is left out;
 * - overlaps, in start order per channel: a programme starting before the previous one ends cuts
 *   the previous one at its start (the later listing is taken as the more precise one); when both
 *   start at the same time the later one in the file replaces the earlier;
 * - a clump (the DTD's `clumpidx`, e.g. News 0/2 and Weather 1/2) shares one slot: its programmes
 *   are all kept, side by side, and not taken for an overlap.
 *
 * Programmes overlapping one entered by hand are left out when written (epg-import.ts storeGuide):
 * what an operator typed wins over a guide.
 */

export type NoteReason =
  | ReadProblem['reason']
  | 'unknownChannel'
  | 'noTitle'
  | 'zeroLength'
  | 'endsBeforeStart'
  | 'noStop'
  | 'sameSlot'
  | 'overlapsManual'
  /** Kept, with its stop moved to the next programme's start. */
  | 'cut';

/** Something the policy did to one programme of the guide (or, for unknownChannel, to a channel's). */
export interface GuideNote {
  line: number;
  channel: string;
  title: string;
  reason: NoteReason;
  start?: string;
  stop?: string;
  /** badStart/badStop: the time as written; unknownChannel: how many programmes. */
  value?: string;
}

export interface PlannedProgramme extends ReadProgramme {
  stop: string;
  programId: number;
}

const byStart = (a: ReadProgramme, b: ReadProgramme) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0);

const note = (p: ReadProgramme, reason: NoteReason, extra: Partial<GuideNote> = {}): GuideNote => ({
  line: p.line,
  channel: p.channel,
  title: p.title,
  reason,
  start: p.start,
  ...(p.stop ? { stop: p.stop } : {}),
  ...extra,
});

/** The start of the first programme after `list[i]` that starts later (clump mates start together). */
function nextStart(list: readonly ReadProgramme[], i: number): string | null {
  for (let j = i + 1; j < list.length; j++) if (list[j]!.start > list[i]!.start) return list[j]!.start;
  return null;
}

/** The programmes of one channel with a stop each: stop-less ones end at the next later start. */
function withStops(
  list: readonly ReadProgramme[],
  programId: number,
  notes: GuideNote[],
): PlannedProgramme[] {
  const out: PlannedProgramme[] = [];
  for (const [i, p] of list.entries()) {
    if (!p.title) {
      notes.push(note(p, 'noTitle'));
      continue;
    }
    const stop = p.stop ?? nextStart(list, i);
    if (stop === null) notes.push(note(p, 'noStop'));
    else if (stop === p.start) notes.push(note(p, 'zeroLength', { stop }));
    else if (stop < p.start) notes.push(note(p, 'endsBeforeStart', { stop }));
    else out.push({ ...p, stop, programId });
  }
  return out;
}

/** Members of one clump: both carry a clumpidx of the same size and start together. */
function sameClump(a: PlannedProgramme, b: PlannedProgramme): boolean {
  const size = (p: PlannedProgramme) => p.clump.split('/')[1];
  return Boolean(a.clump && b.clump) && size(a) === size(b) && a.start === b.start;
}

/** One channel's programmes (in start order, file order within a start) without overlaps. */
function withoutOverlaps(list: readonly PlannedProgramme[], notes: GuideNote[]): PlannedProgramme[] {
  const kept: PlannedProgramme[] = [];
  // The programmes of the latest slot: one, or the members of a clump.
  let slot: PlannedProgramme[] = [];
  for (const p of list) {
    const head = slot[0];
    if (head && sameClump(head, p)) {
      slot.push(p);
      kept.push(p);
      continue;
    }
    for (const s of slot) {
      if (p.start === s.start) {
        notes.push(note(s, 'sameSlot'));
        kept.splice(kept.indexOf(s), 1);
      } else if (p.start < s.stop) {
        s.stop = p.start;
        notes.push(note(s, 'cut', { stop: p.start }));
      }
    }
    slot = [p];
    kept.push(p);
  }
  return kept;
}

/**
 * The guide's programmes to write, each with its live programme, and what was done to the others.
 * `ids`: XMLTV channel id → live programme id (epg-import.ts programmesByXmltvId).
 */
export function planGuide(
  read: { programmes: readonly ReadProgramme[]; problems: readonly ReadProblem[] },
  ids: ReadonlyMap<string, number>,
): { kept: PlannedProgramme[]; notes: GuideNote[]; channels: number } {
  const notes: GuideNote[] = read.problems.map((p) => ({ ...p }));
  const byChannel = new Map<string, ReadProgramme[]>();
  for (const p of read.programmes) {
    const list = byChannel.get(p.channel);
    if (list) list.push(p);
    else byChannel.set(p.channel, [p]);
  }
  const kept: PlannedProgramme[] = [];
  let channels = 0;
  for (const [channel, list] of byChannel) {
    const programId = ids.get(channel);
    if (programId === undefined) {
      notes.push({
        line: list[0]!.line,
        channel,
        title: '',
        reason: 'unknownChannel',
        value: String(list.length),
      });
      continue;
    }
    channels++;
    // Array sort is stable: programmes starting together stay in file order.
    const timed = withStops([...list].sort(byStart), programId, notes);
    kept.push(...withoutOverlaps(timed, notes));
  }
  notes.sort((a, b) => a.line - b.line);
  return { kept, notes, channels };
}

/** Notes that left a programme out (a cut one is kept). */
export const leftOut = (notes: readonly GuideNote[]) =>
  notes.filter((n) => n.reason !== 'cut' && n.reason !== 'unknownChannel').length +
  notes.filter((n) => n.reason === 'unknownChannel').reduce((sum, n) => sum + Number(n.value), 0);

/** The field of the EPG record a note is about, for the import's report. */
const FIELD: Record<NoteReason, string> = {
  noChannel: 'program_id',
  unknownChannel: 'program_id',
  badStart: 'start',
  badStop: 'stop',
  noTitle: 'title',
  zeroLength: 'stop',
  endsBeforeStart: 'stop',
  noStop: 'stop',
  sameSlot: 'start',
  overlapsManual: 'start',
  cut: 'stop',
};

/** A note as the import reports it: the `<programme>`'s line, the field, why in the reader's words. */
export function wordNote(n: GuideNote, lang: Lang): { line: number; field: string; msg: string } {
  const p = {
    title: n.title,
    channel: n.channel,
    start: n.start ?? '',
    stop: n.stop ?? '',
    value: n.value ?? '',
  };
  const msg = {
    noChannel: () => say(lang, 'media.guideNoChannel'),
    unknownChannel: () => say(lang, 'media.guideUnknownChannel', { channel: n.channel, n: Number(n.value) }),
    badStart: () => say(lang, 'media.guideBadStart', p),
    badStop: () => say(lang, 'media.guideBadStop', p),
    noTitle: () => say(lang, 'media.guideNoTitle', p),
    zeroLength: () => say(lang, 'media.guideZeroLength', p),
    endsBeforeStart: () => say(lang, 'media.guideEndsBeforeStart', p),
    noStop: () => say(lang, 'media.guideNoStop', p),
    sameSlot: () => say(lang, 'media.guideSameSlot', p),
    overlapsManual: () => say(lang, 'media.guideOverlapsManual', p),
    cut: () => say(lang, 'media.guideCut', p),
  }[n.reason]();
  return { line: n.line, field: FIELD[n.reason], msg };
}

/**
 * The most notes a reply carries: a guide of thousands of bad programmes is reported by its first
 * ones and a count of the rest by reason, not by a reply of megabytes.
 */
export const MAX_NOTES = 500;

/** The notes as a reply gives them: worded, the first MAX_NOTES, then one line counting the rest. */
export function reportNotes(
  notes: readonly GuideNote[],
  lang: Lang,
): { line: number; field: string; msg: string }[] {
  const shown = notes.slice(0, MAX_NOTES).map((n) => wordNote(n, lang));
  const rest = notes.slice(MAX_NOTES);
  if (!rest.length) return shown;
  return [
    ...shown,
    {
      line: rest[0]!.line,
      field: '',
      msg: say(lang, 'media.guideMoreNotes', { n: rest.length, counts: noteCounts(rest) }),
    },
  ];
}

/** How many programmes each reason left out, for a sync's one-line result (`zeroLength 49`). */
export function noteCounts(notes: readonly GuideNote[]): string {
  const counts = new Map<NoteReason, number>();
  for (const n of notes)
    counts.set(n.reason, (counts.get(n.reason) ?? 0) + (n.reason === 'unknownChannel' ? Number(n.value) : 1));
  return [...counts].map(([reason, n]) => `${reason} ${n}`).join(', ');
}
