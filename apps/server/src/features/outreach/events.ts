import type { AppContext } from '../../platform/app-context.ts';
import type { FiasRecord } from './fias-frame.ts';
import { fiasDate } from './fias-frame.ts';
import {
  afterVoiceChange,
  checkinEffects,
  checkoutEffects,
  findRoom,
  type Guest,
  occupancyOf,
  type Room,
  setOccupancy,
} from './room-effects.ts';

/**
 * PMS and HIS events turned into room state, actions and event-log lines (DOMAIN 2.9: the log
 * holds time, record, room, guest and result). Check-in records are GI (FIAS) and admit (HIS);
 * check-out records are GO and discharge; GC changes a guest's data or moves them (RO → RN).
 */

export interface Interface {
  id: number;
  site_id: number;
  name: string;
  type: 'fias' | 'his_http';
  on_checkin: string[];
  on_checkout: string[];
}

export type EventResult = 'ok' | 'partial' | 'failed' | 'skipped';

export async function logEvent(
  app: AppContext,
  iface: Pick<Interface, 'id' | 'site_id'>,
  record: string,
  room: string,
  guest: string,
  result: EventResult,
  detail: string,
): Promise<void> {
  await app.db.kysely
    .insertInto('outreach_events')
    .values({
      site_id: iface.site_id,
      interface_id: iface.id,
      at: app.now(),
      record: record.slice(0, 16),
      room: room.slice(0, 32),
      guest: guest.slice(0, 128),
      result,
      detail: detail.slice(0, 2000),
    })
    .execute();
}

function noRoom(code: string): string {
  return code ? `no area has the code ${code} (system/RegionalManagement)` : 'the record names no room';
}

export async function checkin(
  app: AppContext,
  iface: Interface,
  record: string,
  code: string,
  guest: Guest,
  source: 'fias' | 'his',
): Promise<EventResult> {
  const room = await findRoom(app, iface.site_id, code);
  if (!room) {
    await logEvent(app, iface, record, code, guest.name, 'failed', noRoom(code));
    return 'failed';
  }
  const prev = await occupancyOf(app, room);
  // The same stay sent again (a resync, a repeated GI): refresh the data, run nothing twice.
  if (prev?.state === 'occupied' && guest.reservation && prev.reservation === guest.reservation) {
    await setOccupancy(app, room, 'occupied', guest, source, iface.id, {
      ...prev.extra_obj,
      ...(guest.extra ?? {}),
    });
    await logEvent(app, iface, record, room.code, guest.name, 'ok', 'already checked in: data refreshed');
    return 'ok';
  }
  const effects = await checkinEffects(app, room, guest, iface.on_checkin, prev?.extra_obj ?? {});
  // Saved call permissions stay until enable_calls has put them back.
  const kept = iface.on_checkin.includes('enable_calls')
    ? {}
    : { calls_before: prev?.extra_obj.calls_before ?? {} };
  await setOccupancy(app, room, 'occupied', guest, source, iface.id, { ...kept, ...(guest.extra ?? {}) });
  if (effects.voiceChanged) await afterVoiceChange(app);
  const result: EventResult = effects.failed ? 'partial' : 'ok';
  const replaced =
    prev?.state === 'occupied' && prev.guest_name && prev.guest_name !== guest.name
      ? [`replaced ${prev.guest_name}`]
      : [];
  await logEvent(
    app,
    iface,
    record,
    room.code,
    guest.name,
    result,
    [`occupied`, ...replaced, ...effects.notes].join('; '),
  );
  return result;
}

export async function checkout(
  app: AppContext,
  iface: Interface,
  record: string,
  code: string,
  reservation: string,
  source: 'fias' | 'his',
): Promise<EventResult> {
  const room = await findRoom(app, iface.site_id, code);
  if (!room) {
    await logEvent(app, iface, record, code, '', 'failed', noRoom(code));
    return 'failed';
  }
  return vacate(app, iface, record, room, reservation, source);
}

async function vacate(
  app: AppContext,
  iface: Interface,
  record: string,
  room: Room,
  reservation: string,
  source: 'fias' | 'his',
): Promise<EventResult> {
  const prev = await occupancyOf(app, room);
  const guestName = prev?.guest_name ?? '';
  if (reservation && prev?.reservation && prev.reservation !== reservation) {
    await logEvent(
      app,
      iface,
      record,
      room.code,
      guestName,
      'skipped',
      `reservation ${reservation} is not the room's current one (${prev.reservation}): room kept`,
    );
    return 'skipped';
  }
  const effects = await checkoutEffects(app, room, iface.on_checkout);
  const before = Object.keys(effects.callsBefore).length
    ? effects.callsBefore
    : ((prev?.extra_obj.calls_before ?? {}) as Record<string, string>);
  await setOccupancy(app, room, 'vacant', null, source, iface.id, { calls_before: before });
  if (effects.voiceChanged) await afterVoiceChange(app);
  const result: EventResult = effects.failed ? 'partial' : 'ok';
  await logEvent(app, iface, record, room.code, guestName, result, ['vacant', ...effects.notes].join('; '));
  return result;
}

/** GC: new guest data for the room, or a room move when RO (the old room) differs from RN. */
export async function change(
  app: AppContext,
  iface: Interface,
  record: string,
  code: string,
  oldCode: string,
  guest: Guest,
  source: 'fias' | 'his',
): Promise<EventResult> {
  if (oldCode && oldCode !== code) {
    const from = await findRoom(app, iface.site_id, oldCode);
    const to = await findRoom(app, iface.site_id, code);
    if (!from || !to) {
      await logEvent(
        app,
        iface,
        record,
        `${oldCode}→${code}`,
        guest.name,
        'failed',
        noRoom(from ? code : oldCode),
      );
      return 'failed';
    }
    const out = await vacate(app, iface, record, from, '', source);
    const into = await checkin(app, iface, record, code, guest, source);
    return out === 'ok' && into === 'ok' ? 'ok' : 'partial';
  }
  const room = await findRoom(app, iface.site_id, code);
  if (!room) {
    await logEvent(app, iface, record, code, guest.name, 'failed', noRoom(code));
    return 'failed';
  }
  const prev = await occupancyOf(app, room);
  // Only what the record carries changes; the rest of the stay stays as it was.
  const merged: Guest = {
    name: guest.name || prev?.guest_name || '',
    reservation: guest.reservation || prev?.reservation || '',
    language: guest.language,
    arrival: guest.arrival,
    departure: guest.departure,
    extra: { ...(prev?.extra_obj ?? {}), ...(guest.extra ?? {}) },
  };
  await setOccupancy(app, room, 'occupied', merged, source, iface.id, merged.extra ?? {});
  await logEvent(app, iface, record, room.code, merged.name, 'ok', 'guest data changed');
  return 'ok';
}

function guestOf(f: Record<string, string>): Guest {
  const last = (f.GN ?? '').trim();
  const first = (f.GF ?? '').trim();
  return {
    name: first && last ? `${first} ${last}` : last || first,
    reservation: (f['G#'] ?? '').trim(),
    language: (f.GL ?? '').trim(),
    arrival: fiasDate(f.GA),
    departure: fiasDate(f.GD),
  };
}

/** A share guest (SF present and not N) joins or leaves an occupied room without changing it. */
function isSharer(f: Record<string, string>): boolean {
  return 'SF' in f && f.SF?.trim().toUpperCase() !== 'N';
}

/** Resync bookkeeping of one link: rooms not confirmed between DS and DE are vacated. */
export interface SyncState {
  startedAt: number | null;
}

export async function handleFiasRecord(
  app: AppContext,
  iface: Interface,
  rec: FiasRecord,
  sync: SyncState,
): Promise<void> {
  const f = rec.fields;
  const room = (f.RN ?? '').trim();
  switch (rec.type) {
    case 'GI':
      if (isSharer(f)) {
        await logEvent(
          app,
          iface,
          'GI',
          room,
          guestOf(f).name,
          'skipped',
          'share guest: the room keeps its main guest',
        );
        return;
      }
      await checkin(app, iface, 'GI', room, guestOf(f), 'fias');
      return;
    case 'GO':
      if (isSharer(f)) {
        await logEvent(app, iface, 'GO', room, '', 'skipped', 'share guest left: the room stays occupied');
        return;
      }
      await checkout(app, iface, 'GO', room, (f['G#'] ?? '').trim(), 'fias');
      return;
    case 'GC':
      await change(app, iface, 'GC', room, (f.RO ?? '').trim(), guestOf(f), 'fias');
      return;
    case 'DS':
      sync.startedAt = app.now();
      return;
    case 'DE': {
      const started = sync.startedAt;
      sync.startedAt = null;
      if (started === null) return;
      // Rooms this link had occupied that the PMS did not send again are free now.
      const stale = await app.db.kysely
        .selectFrom('area_occupancy')
        .select(['area_id', 'code'])
        .where('interface_id', '=', iface.id)
        .where('source', '=', 'fias')
        .where('state', '=', 'occupied')
        .where('updated_at', '<', started)
        .execute();
      for (const s of stale) await checkout(app, iface, 'GO', s.code, '', 'fias');
      await logEvent(
        app,
        iface,
        'DR',
        '',
        '',
        'ok',
        `database resync finished; ${stale.length} room(s) no longer occupied`,
      );
      return;
    }
    default:
      return;
  }
}
