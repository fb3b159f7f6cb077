import { Code, keepText, say } from '@igs/contract';
import { outreachCalls } from '@igs/contract/calls';
import { type Occupancy, type OutreachEvent, SystemServicePaths } from '@igs/contract/extras';
import { type AnyAction, defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { afterResourceWrites } from '../../platform/resources/after-writes.ts';
import { scoped } from '../../platform/resources/scope.ts';
import { probeFias } from './fias-client.ts';
import { hisActions } from './his.ts';
import { interfaceOf, outreachLinks, requestResync, TABLE } from './links.ts';

/**
 * The live side of `system/outreach` (DOMAIN 2.9 system/ExternalInterface) beside its generic
 * record calls: the verbs `resync` (FIAS DR) and `test`, the event log (`events`) and the rooms'
 * occupancy (`occupancy`), plus the HIS endpoint. Record writes reconnect the FIAS links.
 */

const PATH = SystemServicePaths.outreach;
const kdb = (ctx: SignedInContext) => ctx.app.db.kysely;

async function findInterface(ctx: SignedInContext, id: number): Promise<Record<string, unknown>> {
  const row = (await scoped(ctx).selectFrom(TABLE).selectAll().where('id', '=', id).executeTakeFirst()) as
    | Record<string, unknown>
    | undefined;
  if (!row) throw new ApiError(Code.notFound, say(ctx.lang, 'outreach.externalInterfaceNotFound', { id }));
  return row;
}

export const outreachActions = [
  defineCallAction(outreachCalls.resync, {
    summary: 'Asks the PMS of a FIAS interface (id) to send its guest database again (FIAS DR)',
    access: 'module',
    async handler(ctx, input) {
      const row = await findInterface(ctx, input.id);
      const iface = interfaceOf(row);
      if (iface.type !== 'fias')
        throw new ApiError(Code.invalid, say(ctx.lang, 'outreach.resyncAppliesFiasInterfaces'));
      if (Number(row.enabled) !== 1)
        throw new ApiError(Code.conflict, say(ctx.lang, 'outreach.disabled', { name: iface.name }));
      const sent = await requestResync(ctx.app, iface);
      if (!sent)
        throw new ApiError(Code.unavailable, say(ctx.lang, 'outreach.linkPmsDownNo', { name: iface.name }));
      ctx.logDetail = keepText('log.drSent', { id: iface.id });
      ctx.msg = say(ctx.lang, 'outreach.resyncRequestedPmsSends');
      return { sent: true as const };
    },
  }),
  defineCallAction(outreachCalls.test, {
    summary:
      'FIAS: opens a connection to the PMS (host, port), sends LS and reports the answer; HIS: the last event',
    access: 'module',
    async handler(ctx, input) {
      const { lang } = ctx;
      const row = await findInterface(ctx, input.id);
      const iface = interfaceOf(row);
      if (iface.type === 'his_http') {
        const last = await ctx.app.db.kysely
          .selectFrom('outreach_events')
          .select(['at', 'record', 'result'])
          .where('interface_id', '=', iface.id)
          .orderBy('at', 'desc')
          .limit(1)
          .executeTakeFirst();
        ctx.msg = last
          ? say(lang, 'outreach.lastHisEvent', {
              record: last.record,
              result: last.result,
              at: formatDateTime(last.at),
            })
          : say(lang, 'outreach.noHisEventYet', { hisEvent: SystemServicePaths.hisEvent });
        return {
          type: 'his_http' as const,
          endpoint: SystemServicePaths.hisEvent,
          last_event: last ? formatDateTime(last.at) : null,
        };
      }
      const host = String(row.host ?? '');
      const port = Number(row.port ?? 0);
      if (!host || !(port > 0))
        throw new ApiError(Code.invalid, say(lang, 'outreach.setPmsHostPort'), {
          errors: [{ field: host ? 'port' : 'host', msg: 'required' }],
        });
      const r = await probeFias(host, port, ctx.app.now);
      ctx.logDetail = `outreach #${iface.id}: test ${host}:${port} ${r.tcp ? 'connected' : 'failed'}`;
      if (!r.tcp)
        throw new ApiError(
          Code.unavailable,
          say(lang, 'outreach.cannotConnectPms', { host, port, error: r.error }),
          r,
        );
      ctx.msg = r.answered
        ? say(lang, 'outreach.connectedPmsAnswered', { host, port, answered: r.answered })
        : say(lang, 'outreach.connectedBut', { host, port, error: r.error });
      return { type: 'fias' as const, ...r, link_state: outreachLinks(ctx.app)?.state(iface.id) ?? 'down' };
    },
  }),
  defineCallAction(outreachCalls.events, {
    summary: 'The PMS/HIS event log, newest first: time, record, room, guest, result',
    access: 'module',
    mutates: false,
    async handler(ctx, input) {
      let q = scoped(ctx).selectFrom('outreach_events');
      const f = input.filter;
      if (f.interface_id) q = q.where('interface_id', '=', f.interface_id);
      if (f.record) q = q.where('record', '=', f.record);
      if (f.room) q = q.where('room', '=', f.room);
      if (f.result) q = q.where('result', '=', f.result);
      const [{ total }, rows, ifaces] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .selectAll()
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .limit(input.limit)
          .offset((input.page - 1) * input.limit)
          .execute(),
        // The names of the interfaces of the caller's sites, whose events these are.
        scoped(ctx).selectFrom(TABLE).select(['id', 'name']).execute(),
      ]);
      const names = new Map(ifaces.map((i) => [Number(i.id), String(i.name)]));
      const list: OutreachEvent[] = rows.map((r) => ({
        id: r.id,
        time: formatDateTime(r.at),
        interface_id: r.interface_id,
        interface_name: names.get(r.interface_id) ?? `#${r.interface_id}`,
        record: r.record,
        room: r.room,
        guest: r.guest,
        result: r.result as OutreachEvent['result'],
        detail: r.detail,
      }));
      return { list, total: Number(total) };
    },
  }),
  defineCallAction(outreachCalls.occupancy, {
    summary: 'Rooms and beds with the guest or patient the PMS/HIS last reported',
    access: 'module',
    mutates: false,
    async handler(ctx, input) {
      let q = scoped(ctx).selectFrom('area_occupancy');
      if (input.filter.state) q = q.where('state', '=', input.filter.state);
      if (input.filter.code) q = q.where('code', '=', input.filter.code);
      const [{ total }, rows] = await Promise.all([
        q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
        q
          .selectAll()
          .orderBy('code', 'asc')
          .limit(input.limit)
          .offset((input.page - 1) * input.limit)
          .execute(),
      ]);
      const areaIds = [...new Set(rows.map((r) => r.area_id))];
      const areas = areaIds.length
        ? await kdb(ctx).selectFrom('system_area').select(['id', 'name']).where('id', 'in', areaIds).execute()
        : [];
      const names = new Map(areas.map((a) => [Number(a.id), String(a.name ?? '')]));
      const list: Occupancy[] = rows.map((r) => {
        let extra: Record<string, unknown> = {};
        try {
          extra = JSON.parse(r.extra) as Record<string, unknown>;
        } catch {
          extra = {};
        }
        // Saved call permissions are the server's bookkeeping, not guest data.
        delete extra.calls_before;
        return {
          area_id: r.area_id,
          code: r.code,
          area_name: names.get(r.area_id) ?? '',
          state: r.state,
          guest_name: r.guest_name,
          reservation: r.reservation,
          language: r.language,
          arrival: r.arrival,
          departure: r.departure,
          source: r.source,
          interface_id: r.interface_id,
          extra,
          updated_at: formatDateTime(r.updated_at),
        };
      });
      return { list, total: Number(total) };
    },
  }),
  ...hisActions,
];

/** Record writes of system/outreach bring the running FIAS links in line at once. */
export function withOutreachFollowers(actions: readonly AnyAction[]): AnyAction[] {
  return afterResourceWrites(
    actions,
    [PATH],
    async (app) => {
      await outreachLinks(app)?.reconcile();
    },
    'FIAS link reconcile',
  );
}
