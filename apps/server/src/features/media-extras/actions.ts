import { Code, keepText, say } from '@igs/contract';
import {
  type encryptionCalls,
  type LiveEncryption,
  type m3uExportCall,
  mediaCalls,
  mediaEncryptionCalls,
} from '@igs/contract/calls';
import { resourceByName } from '@igs/contract/resources';
import { offerDownload } from '../../platform/exports/downloads.ts';
import { type ActionContext, defineCallAction, type SignedInContext } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { applyFilters } from '../../platform/resources/queries.ts';
import { scoped } from '../../platform/resources/scope.ts';
import { signedFileUrl } from '../../platform/uploads/routes.ts';
import { uploadsOfOtherSites } from '../../platform/uploads/site.ts';
import { itemsOfRow, parseDetails } from './guide-items.ts';
import { buildM3u, buildXmltv, channelId, type XmltvChannel } from './playlists.ts';

// The XMLTV import format of the EPG registers itself.

/**
 * Media calls beside the generic ones (DOMAIN 2.6): the live channel list as M3U, the EPG as
 * XMLTV (both downloads through single-use URLs, under the modules' export keys) and the
 * `encryption` endpoint that sets the programmes' HLS encryption.
 */

const live = resourceByName('media:live');
const epg = resourceByName('media:epg');

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace(/\D/g, '');

/**
 * The channels' logos (uploads) as a player outside the console fetches them: absolute and signed,
 * by upload id. Only a logo in reach of its channel's site (uploads/site.ts): a channel stored
 * before writes refused another site's upload gets no link to that site's file ('': its logo_url).
 */
async function logoUrls(
  ctx: ActionContext,
  channels: readonly { logo?: unknown; site_id?: unknown }[],
): Promise<Map<string, string>> {
  const bySite = new Map<number, Set<string>>();
  for (const c of channels) {
    if (typeof c.logo !== 'string' || !c.logo) continue;
    const site = Number(c.site_id ?? 0);
    bySite.set(site, (bySite.get(site) ?? new Set()).add(c.logo));
  }
  // By site and upload id: the same upload may be in reach of one channel's site and not another's.
  const out = new Map<string, string>();
  for (const [site, ids] of bySite) {
    // In slices, within the databases' bounds on parameters (an export has up to 10 000 channels).
    const list = [...ids];
    const foreign = new Set<string>();
    for (let i = 0; i < list.length; i += 500)
      for (const id of await uploadsOfOtherSites(ctx.app.db.kysely, list.slice(i, i + 500), site))
        foreign.add(id);
    for (const id of ids)
      if (!foreign.has(id))
        // An image link, which lives as long as a player keeps the playlist around.
        out.set(
          `${site}:${id}`,
          `${ctx.req.protocol}://${ctx.req.host}${await signedFileUrl(ctx.app, id, 'image')}`,
        );
  }
  return out;
}

/** The logo link of `channel` from logoUrls ('' when it has none in reach). */
const logoOf = (links: Map<string, string>, channel: { logo?: unknown; site_id?: unknown }) =>
  typeof channel.logo === 'string'
    ? (links.get(`${Number(channel.site_id ?? 0)}:${channel.logo}`) ?? '')
    : '';

function parseIds(v: unknown): number[] {
  try {
    const list = JSON.parse(String(v ?? '[]'));
    return Array.isArray(list) ? list.map(Number) : [];
  } catch {
    return [];
  }
}

/** A programme's alternate streams: its backup URL, then the further ones (a JSON list). */
function backupsOf(backupUrl: unknown, more: unknown): string[] {
  let rest: unknown = [];
  try {
    rest = JSON.parse(String(more ?? '[]'));
  } catch {
    rest = [];
  }
  const urls = [backupUrl, ...(Array.isArray(rest) ? rest : [])].map((u) => String(u ?? '').trim());
  return urls.filter(Boolean);
}

/** The classes' names in the caller's language (an English name where one is set, for English). */
async function classNames(ctx: SignedInContext): Promise<Map<number, string>> {
  const rows = await scoped(ctx).selectFrom('media_live_type').select(['id', 'name', 'name_en']).execute();
  return new Map(rows.map((r) => [Number(r.id), String((ctx.lang === 'en' && r.name_en) || r.name)]));
}

function m3uAction(call: ReturnType<typeof m3uExportCall>) {
  return defineCallAction(call, {
    summary: 'Live programmes as an M3U playlist (same filter and keyword as list, or ids): a single-use URL',
    access: 'module',
    button: 'media:live:export',
    async handler(ctx, input) {
      let q = applyFilters(
        ctx.app.db.kind,
        live,
        scoped(ctx).selectFrom(live.table),
        input.filter,
        input.keyword,
      );
      if (input.ids?.length) q = q.where('id', 'in', input.ids);
      const rows = await q.selectAll().orderBy('number', 'asc').limit(10_000).execute();
      const classes = await classNames(ctx);
      const logos = await logoUrls(ctx, rows);
      const channels = [];
      for (const r of rows)
        channels.push({
          number: Number(r.number),
          name: String(r.name ?? ''),
          tvgId: channelId(r.tvg_id as string | null, Number(r.number)),
          logo: logoOf(logos, r) || String(r.logo_url ?? ''),
          groups: parseIds(r.category_ids).flatMap((id) => (classes.has(id) ? [classes.get(id)!] : [])),
          url: String(r.url ?? ''),
          backups: backupsOf(r.backup_url, r.backup_urls),
          referrer: String(r.referrer ?? ''),
          userAgent: String(r.user_agent ?? ''),
          country: String(r.country ?? ''),
          language: String(r.language ?? ''),
        });
      ctx.logDetail = keepText('log.m3uExported', { n: channels.length });
      return offerDownload(
        ctx.app,
        ctx.caller.user.id,
        `live-${stamp(ctx.app.now())}.m3u`,
        Buffer.from(buildM3u(channels)),
      );
    },
  });
}

const xmltvAction = defineCallAction(mediaCalls.xmltv, {
  summary: 'EPG programmes as XMLTV (same filter and keyword as list, or ids): a single-use URL',
  access: 'module',
  button: 'media:epg:export',
  async handler(ctx, input) {
    let q = applyFilters(
      ctx.app.db.kind,
      epg,
      scoped(ctx).selectFrom(epg.table),
      input.filter,
      input.keyword,
    );
    if (input.ids?.length) q = q.where('id', 'in', input.ids);
    const rows = await q
      .selectAll()
      .orderBy('program_id', 'asc')
      .orderBy('start', 'asc')
      .limit(100_000)
      .execute();
    const programIds = [...new Set(rows.map((r) => Number(r.program_id)))];
    const programs = programIds.length
      ? await scoped(ctx)
          .selectFrom(live.table)
          .select(['id', 'site_id', 'number', 'name', 'name_en', 'tvg_id', 'logo', 'logo_url'])
          .where('id', 'in', programIds)
          .orderBy('number', 'asc')
          .execute()
      : [];
    const logos = await logoUrls(ctx, programs);
    const channels: XmltvChannel[] = [];
    const idOf = new Map<number, string>();
    for (const p of programs) {
      const id = channelId(p.tvg_id as string | null, Number(p.number));
      idOf.set(Number(p.id), id);
      channels.push({
        id,
        name: String(p.name ?? ''),
        nameEn: String(p.name_en ?? ''),
        number: Number(p.number),
        logo: logoOf(logos, p) || String(p.logo_url ?? ''),
      });
    }
    const programmes = rows
      .filter((r) => idOf.has(Number(r.program_id)))
      .map((r) => ({
        channel: idOf.get(Number(r.program_id))!,
        start: String(r.start),
        stop: String(r.stop),
        items: itemsOfRow(
          {
            title: String(r.title ?? ''),
            titleEn: String(r.title_en ?? ''),
            subTitle: String(r.sub_title ?? ''),
            desc: String(r.desc ?? ''),
            category: String(r.category ?? ''),
            episode: String(r.episode ?? ''),
          },
          parseDetails(r.details),
        ),
      }));
    ctx.logDetail = keepText('log.xmltvExported', {
      channels: channels.length,
      programmes: programmes.length,
    });
    return offerDownload(
      ctx.app,
      ctx.caller.user.id,
      `epg-${stamp(ctx.app.now())}.xml`,
      Buffer.from(buildXmltv(channels, programmes)),
    );
  },
});

/** Transports HLS AES-128 cannot apply to: the stream is not delivered as HLS segments. */
const NOT_HLS = ['multicast', 'rtsp', 'http_ts'];

function encryptionActions(calls: ReturnType<typeof encryptionCalls>) {
  return [
    defineCallAction(calls.list, {
      summary: 'Live programmes with their encryption (filter encryption, keyword), paged',
      access: 'module',
      async handler(ctx, input) {
        let q = scoped(ctx).selectFrom(live.table);
        if (input.filter.encryption === 'none')
          q = q.where((eb) => eb.or([eb('encryption', '=', 'none'), eb('encryption', 'is', null)]));
        else if (input.filter.encryption) q = q.where('encryption', '=', input.filter.encryption);
        if (input.keyword) {
          const like = ctx.app.db.kind === 'postgres' ? 'ilike' : 'like';
          q = q.where((eb) =>
            eb.or([eb('name', like, `%${input.keyword}%`), eb('name_en', like, `%${input.keyword}%`)]),
          );
        }
        const [{ total }, rows] = await Promise.all([
          q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
          q
            .select(['id', 'site_id', 'number', 'name', 'name_en', 'type', 'encryption'])
            .orderBy('number', 'asc')
            .limit(input.limit)
            .offset((input.page - 1) * input.limit)
            .execute(),
        ]);
        return {
          total: Number(total),
          list: rows.map((r) => ({
            id: Number(r.id),
            site_id: Number(r.site_id),
            number: Number(r.number),
            name: r.name,
            name_en: r.name_en,
            type: r.type,
            encryption: (r.encryption ?? 'none') as LiveEncryption,
          })),
        };
      },
    }),
    defineCallAction(calls.edit, {
      summary: 'Sets the encryption (none | hls_aes128) of live programmes (ids); HLS-delivered ones only',
      access: 'module',
      async handler(ctx, input) {
        const site = ctx.scope.writeSite();
        const ids = [...new Set(input.ids)];
        const rows = await scoped(ctx)
          .selectFrom(live.table, [site])
          .select(['id', 'number', 'type'])
          .where('id', 'in', ids)
          .execute();
        const missing = ids.filter((id) => !rows.some((r) => Number(r.id) === id));
        if (missing.length)
          throw new ApiError(
            Code.notFound,
            `${live.title[ctx.lang]} #${missing.join(', #')} ${say(ctx.lang, 'media.notFound')}`,
          );
        if (input.encryption === 'hls_aes128') {
          const wrong = rows.filter((r) => NOT_HLS.includes(String(r.type)));
          if (wrong.length)
            throw invalidField(
              'ids',
              `${say(ctx.lang, 'media.hlsAesAppliesHls')} ${wrong.map((r) => r.number).join(', ')}`,
            );
        }
        const r = await scoped(ctx)
          .updateTable(live.table, [site])
          .set({ encryption: input.encryption, updated_at: ctx.app.now() })
          .where('id', 'in', ids)
          .executeTakeFirst();
        ctx.logDetail = `media:live #${ids.join(', #')} encryption=${input.encryption}`;
        return { updated: Number(r.numUpdatedRows) };
      },
    }),
  ];
}

export const mediaExtrasActions = [
  m3uAction(mediaCalls.m3u),
  ...(mediaCalls.m3uOps ? [m3uAction(mediaCalls.m3uOps)] : []),
  xmltvAction,
  ...mediaEncryptionCalls.flatMap(encryptionActions),
];
