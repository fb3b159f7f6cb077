import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime, parseDateTime } from '../../platform/lib/time.ts';
import { regenerateVoiceFiles } from '../voice/index.ts';

/**
 * What a PMS or HIS event does to a room or bed (DOMAIN 2.9 system/ExternalInterface). The room is
 * the Area whose `code` is the PMS room number (or the HIS bed code), in the interface's site.
 * Its occupancy (guest or patient) is kept in `area_occupancy`; the configured actions act on the
 * records other modules own, where they exist:
 *
 * - greet: the guest's name is kept for the welcome screen's {guest_name}, and a `show_message`
 *   greeting is queued for the room's bound terminal (smart/DeviceBinding);
 * - enable_calls / restrict_calls: the room's extensions (voice/Extension `area_id`, and the
 *   binding's extension) get back their call permission, or `internal` only; the Asterisk files
 *   are generated again;
 * - grant_package / end_package: the site's default live packages become subscriptions of the
 *   room for the stay (source pms), and end at check-out;
 * - cancel_wakeups: the room's scheduled wake-up calls are cancelled;
 * - clear_messages: the room's message-board messages are closed.
 */

export type CheckinAction = 'greet' | 'enable_calls' | 'grant_package';
export type CheckoutAction = 'restrict_calls' | 'cancel_wakeups' | 'clear_messages' | 'end_package';

export interface Guest {
  name: string;
  reservation: string;
  language: string;
  arrival: string;
  departure: string;
  /** HIS patient details. */
  extra?: Record<string, unknown>;
}

export interface Room {
  id: number;
  site_id: number;
  code: string;
  name: string;
}

export interface EffectOutcome {
  notes: string[];
  failed: boolean;
  /** Extensions whose call permission changed: the voice files need writing again. */
  voiceChanged: boolean;
}

const db = (app: AppContext) => app.db.kysely;

export async function findRoom(app: AppContext, site: number, code: string): Promise<Room | null> {
  if (!code) return null;
  const row = await db(app)
    .selectFrom('system_area')
    .select(['id', 'site_id', 'code', 'name'])
    .where('site_id', '=', site)
    .where('code', '=', code)
    .executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        site_id: Number(row.site_id),
        code: String(row.code),
        name: String(row.name ?? ''),
      }
    : null;
}

async function roomExtensions(
  app: AppContext,
  room: Room,
): Promise<{ id: number; call_permission: string }[]> {
  const [direct, bound] = await Promise.all([
    db(app)
      .selectFrom('voice_extension')
      .select(['id', 'call_permission'])
      .where('site_id', '=', room.site_id)
      .where('area_id', '=', room.id)
      .execute(),
    db(app)
      .selectFrom('smart_binding')
      .select('extension_id')
      .where('site_id', '=', room.site_id)
      .where('area_id', '=', room.id)
      .where('extension_id', 'is not', null)
      .execute(),
  ]);
  const ids = new Set(direct.map((r) => Number(r.id)));
  const extra = bound.map((b) => Number(b.extension_id)).filter((id) => !ids.has(id));
  const more = extra.length
    ? await db(app)
        .selectFrom('voice_extension')
        .select(['id', 'call_permission'])
        .where('id', 'in', extra)
        .execute()
    : [];
  return [...direct, ...more].map((r) => ({
    id: Number(r.id),
    call_permission: String(r.call_permission ?? 'local'),
  }));
}

interface OccupancyRow {
  state: string;
  guest_name: string;
  reservation: string;
  extra: string;
}

export async function occupancyOf(
  app: AppContext,
  room: Room,
): Promise<(OccupancyRow & { extra_obj: Record<string, unknown> }) | null> {
  const row = await app.db.kysely
    .selectFrom('area_occupancy')
    .select(['state', 'guest_name', 'reservation', 'extra'])
    .where('site_id', '=', room.site_id)
    .where('area_id', '=', room.id)
    .executeTakeFirst();
  if (!row) return null;
  let extra_obj: Record<string, unknown> = {};
  try {
    extra_obj = JSON.parse(row.extra) as Record<string, unknown>;
  } catch {
    extra_obj = {};
  }
  return { ...row, extra_obj };
}

export async function setOccupancy(
  app: AppContext,
  room: Room,
  state: 'occupied' | 'vacant',
  guest: Guest | null,
  source: 'fias' | 'his',
  interfaceId: number,
  extra: Record<string, unknown>,
): Promise<void> {
  const values = {
    code: room.code,
    state,
    guest_name: guest?.name ?? '',
    reservation: guest?.reservation ?? '',
    language: guest?.language ?? '',
    arrival: guest?.arrival ?? '',
    departure: guest?.departure ?? '',
    source,
    interface_id: interfaceId,
    extra: JSON.stringify(extra),
    updated_at: app.now(),
  };
  await app.db.kysely
    .insertInto('area_occupancy')
    .values({ site_id: room.site_id, area_id: room.id, ...values })
    .onConflict((oc) => oc.columns(['site_id', 'area_id']).doUpdateSet(values))
    .execute();
}

function welcomeText(guest: Guest): string {
  // FIAS GL codes such as E / EA / EN are English; anything else gets the Chinese greeting.
  return /^e/i.test(guest.language)
    ? `Welcome, ${guest.name}`.slice(0, 500)
    : `尊敬的${guest.name}，欢迎入住`.slice(0, 500);
}

/** The stay's end for a granted package: the departure day at noon, else the package's period. */
function stayEnd(app: AppContext, guest: Guest, periodDays: number): string {
  const dep = guest.departure ? parseDateTime(`${guest.departure} 12:00:00`) : Number.NaN;
  return formatDateTime(
    Number.isFinite(dep) && dep > app.now() ? dep : app.now() + Math.max(1, periodDays) * 86_400_000,
  );
}

export async function checkinEffects(
  app: AppContext,
  room: Room,
  guest: Guest,
  actions: readonly string[],
  previous: Record<string, unknown>,
): Promise<EffectOutcome> {
  const out: EffectOutcome = { notes: [], failed: false, voiceChanged: false };
  const now = app.now();
  const step = async (name: string, fn: () => Promise<string>) => {
    try {
      out.notes.push(`${name}: ${await fn()}`);
    } catch (e) {
      out.failed = true;
      out.notes.push(`${name}: failed (${(e as Error).message})`);
    }
  };
  if (actions.includes('greet'))
    await step('greet', async () => {
      const binding = await db(app)
        .selectFrom('smart_binding')
        .select('terminal_id')
        .where('site_id', '=', room.site_id)
        .where('area_id', '=', room.id)
        .where('terminal_id', 'is not', null)
        .executeTakeFirst();
      if (!binding) return 'guest name kept for the welcome screen; no terminal bound to the room';
      await app.db.kysely
        .insertInto('terminal_commands')
        .values({
          site_id: room.site_id,
          terminal_id: Number(binding.terminal_id),
          type: 'show_message',
          args: JSON.stringify({ text: welcomeText(guest), duration_s: 30 }),
          state: 'queued',
          created_by: 'pms',
          created_at: now,
        })
        .execute();
      return `welcome message queued for terminal #${Number(binding.terminal_id)}`;
    });
  if (actions.includes('enable_calls'))
    await step('enable_calls', async () => {
      const exts = await roomExtensions(app, room);
      if (!exts.length) return 'no extension in the room';
      const before = (previous.calls_before ?? {}) as Record<string, string>;
      let changed = 0;
      for (const e of exts) {
        if (e.call_permission !== 'internal') continue;
        const restore =
          before[String(e.id)] && before[String(e.id)] !== 'internal' ? before[String(e.id)]! : 'local';
        await db(app)
          .updateTable('voice_extension')
          .set({ call_permission: restore, updated_at: now })
          .where('id', '=', e.id)
          .execute();
        changed += 1;
      }
      if (changed) out.voiceChanged = true;
      return changed ? `${changed} extension(s) may call out again` : 'calls were not restricted';
    });
  if (actions.includes('grant_package'))
    await step('grant_package', async () => {
      const packages = await db(app)
        .selectFrom('media_live_package')
        .select(['id', 'period_days'])
        .where('site_id', '=', room.site_id)
        .where('is_default', '=', 1)
        .where('enabled', '=', 1)
        .execute();
      if (!packages.length) return 'no default package to grant';
      let granted = 0;
      for (const p of packages) {
        const existing = await db(app)
          .selectFrom('media_user_package')
          .select('id')
          .where('site_id', '=', room.site_id)
          .where('target_type', '=', 'area')
          .where('target_id', '=', room.id)
          .where('package_id', '=', Number(p.id))
          .where('source', '=', 'pms')
          .where('state', '=', 'active')
          .executeTakeFirst();
        if (existing) continue;
        await db(app)
          .insertInto('media_user_package')
          .values({
            site_id: room.site_id,
            target_type: 'area',
            target_id: room.id,
            package_id: Number(p.id),
            start_at: formatDateTime(now),
            end_at: stayEnd(app, guest, Number(p.period_days ?? 1)),
            source: 'pms',
            state: 'active',
            created_at: now,
            updated_at: now,
          })
          .execute();
        granted += 1;
      }
      return granted
        ? `${granted} default package(s) granted for the stay`
        : 'default packages already granted';
    });
  return out;
}

export async function checkoutEffects(
  app: AppContext,
  room: Room,
  actions: readonly string[],
): Promise<EffectOutcome & { callsBefore: Record<string, string> }> {
  const out = {
    notes: [] as string[],
    failed: false,
    voiceChanged: false,
    callsBefore: {} as Record<string, string>,
  };
  const now = app.now();
  const step = async (name: string, fn: () => Promise<string>) => {
    try {
      out.notes.push(`${name}: ${await fn()}`);
    } catch (e) {
      out.failed = true;
      out.notes.push(`${name}: failed (${(e as Error).message})`);
    }
  };
  const exts = await roomExtensions(app, room);
  if (actions.includes('restrict_calls'))
    await step('restrict_calls', async () => {
      if (!exts.length) return 'no extension in the room';
      let changed = 0;
      for (const e of exts) {
        if (e.call_permission === 'internal') continue;
        out.callsBefore[String(e.id)] = e.call_permission;
        await db(app)
          .updateTable('voice_extension')
          .set({ call_permission: 'internal', updated_at: now })
          .where('id', '=', e.id)
          .execute();
        changed += 1;
      }
      if (changed) out.voiceChanged = true;
      return changed ? `${changed} extension(s) limited to internal calls` : 'calls already internal only';
    });
  if (actions.includes('cancel_wakeups'))
    await step('cancel_wakeups', async () => {
      if (!exts.length) return 'no extension in the room';
      const r = await db(app)
        .updateTable('voice_wakeup')
        .set({ state: 'cancelled', updated_at: now })
        .where(
          'room_ext',
          'in',
          exts.map((e) => e.id),
        )
        // A call nobody has dialled yet has no state or `scheduled`.
        .where((eb) => eb.or([eb('state', '=', 'scheduled'), eb('state', 'is', null)]))
        .executeTakeFirst();
      return `${Number(r.numUpdatedRows)} wake-up call(s) cancelled`;
    });
  if (actions.includes('clear_messages'))
    await step('clear_messages', async () => {
      const names = [room.code, room.name].filter(Boolean);
      const r = await db(app)
        .updateTable('smart_message')
        .set({ state: 'closed', updated_at: now })
        .where('site_id', '=', room.site_id)
        .where('area', 'in', names)
        .where('state', '!=', 'closed')
        .executeTakeFirst();
      return `${Number(r.numUpdatedRows)} message(s) closed`;
    });
  if (actions.includes('end_package'))
    await step('end_package', async () => {
      const r = await db(app)
        .updateTable('media_user_package')
        .set({ state: 'expired', end_at: formatDateTime(now), updated_at: now })
        .where('site_id', '=', room.site_id)
        .where('target_type', '=', 'area')
        .where('target_id', '=', room.id)
        .where('source', '=', 'pms')
        .where('state', '=', 'active')
        .executeTakeFirst();
      return `${Number(r.numUpdatedRows)} package(s) ended`;
    });
  return out;
}

/** Asterisk reads call permissions from its files: write them again after a change. */
export async function afterVoiceChange(app: AppContext): Promise<void> {
  try {
    await regenerateVoiceFiles(app);
  } catch (e) {
    app.log.warn({ err: e }, 'voice files not regenerated after a PMS/HIS event');
  }
}
