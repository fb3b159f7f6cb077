import type { LauncherScene, LauncherTemplate } from '@igs/contract/calls';
import { scenarioOther } from '@igs/contract/extras';
import type { ActionContext } from '../../platform/http/action.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { hasStored, readSingleton } from '../../platform/singletons/store.ts';
import { wifiQrText } from '../smart-extras/index.ts';
import { requireTerminal } from './credentials.ts';
import { FileLinks } from './files.ts';
import { type BoundArea, boundArea, idList, jsonValue, kdb, TABLES, type TerminalRow } from './records.ts';
import { areaDistance, areaMatches, isOn } from './targeting.ts';

/**
 * `manifest`: the launcher of a terminal (DOMAIN 2.8 ApplicationScene, EasyTemplate, AppMenu and
 * 2.9 HolidayTheme), built from the records at the time of the call:
 * - the scene of the terminal's area (the scene naming its area, or the nearest area above it),
 *   else the site's default scene; its carousel and its (or the site's) "other" settings;
 * - the scene's easy template with its tiles, each the menu item of its slot when that item is
 *   shown to this terminal;
 * - the app menu (two levels) of the items visible, for the terminal's language and area;
 * - the holiday theme in force today (for this scene or all), the highest priority winning;
 * - the welcome texts in the terminal's language, placeholders {guest_name} {room} {bed} filled
 *   from the bound room: the guest the PMS/HIS last checked in (area_occupancy), the area's room or
 *   bed number and the binding's bed number. An unbound or vacant room leaves them empty.
 * Everything is read in the terminal's own site; easy templates and holiday themes, which only the
 * gateway (site 0) manages, also come from there.
 */

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** `name` in Chinese and `name_en` (DOMAIN section 0): the terminal's language, else the other. */
const localised = (r: Row, field: string, en: boolean) =>
  en ? str(r[`${field}_en`]) || str(r[field]) : str(r[field]) || str(r[`${field}_en`]);

export function fillPlaceholders(template: string, values: Record<string, string>): string {
  if (!template) return '';
  const filled = template.replace(/\{(guest_name|room|bed)\}/g, (_, k: string) => values[k] ?? '');
  // An empty guest name must not leave "，欢迎入住" or "Welcome, " behind.
  return filled.replace(/^[\s,，:：、]+/, '').replace(/[\s,，:：、]+$/, '');
}

async function occupant(ctx: ActionContext, t: TerminalRow, area: BoundArea | null): Promise<string> {
  if (!area) return '';
  const row = await ctx.app.db.kysely
    .selectFrom('area_occupancy')
    .select(['state', 'guest_name'])
    .where('site_id', '=', t.site_id)
    .where('area_id', '=', area.id)
    .executeTakeFirst();
  return row?.state === 'occupied' ? row.guest_name : '';
}

async function pickScene(ctx: ActionContext, t: TerminalRow, area: BoundArea | null) {
  const scenes = await kdb(ctx.app)
    .selectFrom(TABLES.scene)
    .selectAll()
    .where('site_id', '=', t.site_id)
    .orderBy('id', 'asc')
    .execute();
  const on = scenes.filter((s) => isOn(s.enabled));
  let best: Row | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const s of on) {
    const d = areaDistance(s.area_ids, area);
    if (d < bestDistance) {
      best = s;
      bestDistance = d;
    }
  }
  if (best) return { scene: best, source: 'area' as const };
  const fallback = on.find((s) => Number(s.is_default) === 1);
  return fallback ? { scene: fallback, source: 'default' as const } : null;
}

interface MenuItem {
  id: number;
  name: string;
  type: string;
  target: string;
  icon: string | null;
  focus_icon: string | null;
  style: string;
  sort: number;
  children: MenuItem[];
}

async function menuFor(ctx: ActionContext, t: TerminalRow, area: BoundArea | null, links: FileLinks) {
  const en = t.language === 'en';
  const rows = await kdb(ctx.app)
    .selectFrom(TABLES.appMenu)
    .selectAll()
    .where('site_id', '=', t.site_id)
    .orderBy('sort', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const shown = rows.filter((r) => {
    if (!isOn(r.visible)) return false;
    const langs = jsonValue(r.languages);
    if (Array.isArray(langs) && langs.length && !langs.map(String).includes(t.language)) return false;
    return areaMatches(r.area_ids, area);
  });
  const items = new Map<number, MenuItem & { parent: number }>();
  for (const r of shown)
    items.set(Number(r.id), {
      id: Number(r.id),
      name: localised(r, 'name', en),
      type: str(r.type),
      target: str(r.target),
      icon: await links.url(r.icon),
      focus_icon: await links.url(r.focus_icon),
      style: str(r.style),
      sort: Number(r.sort ?? 0),
      children: [],
      parent: Number(r.parent_id ?? 0) || 0,
    });
  // Two levels (DOMAIN AppMenu): top items and their children; a child of a hidden item, or an
  // item deeper than two levels, is not shown.
  const plain = ({ parent: _p, ...rest }: MenuItem & { parent: number }): MenuItem => rest;
  const all = [...items.values()];
  const tree = all
    .filter((i) => !i.parent)
    .map((top) => ({ ...plain(top), children: all.filter((c) => c.parent === top.id).map(plain) }));
  return { tree, byId: items };
}

export async function manifest(ctx: ActionContext) {
  const { app } = ctx;
  const t = await requireTerminal(app, ctx.req);
  const en = t.language === 'en';
  const links = FileLinks.of(app, ctx.req, t.site_id);
  const area = await boundArea(app, t);
  const db = kdb(app);
  const now = app.now();
  const today = formatDateTime(now).slice(0, 10);

  const [picked, menu, guest] = [
    await pickScene(ctx, t, area),
    await menuFor(ctx, t, area, links),
    await occupant(ctx, t, area),
  ];
  const placeholders = {
    guest_name: guest,
    room: area ? area.code || area.name : '',
    bed: area?.bed_no ?? '',
  };

  let scene: LauncherScene | null = null;
  let template: LauncherTemplate | null = null;
  let info: Row = {};
  if (picked) {
    const s = picked.scene;
    const sceneId = Number(s.id);
    const carousel = await db
      .selectFrom(TABLES.sceneResource)
      .selectAll()
      .where('site_id', '=', t.site_id)
      .where('scene_id', '=', sceneId)
      .orderBy('sort', 'asc')
      .orderBy('id', 'asc')
      .execute();
    scene = {
      id: sceneId,
      name: str(s.name),
      industry: str(s.industry),
      source: picked.source,
      welcome_title: fillPlaceholders(localised(s, 'welcome_title', en), placeholders),
      welcome_text: fillPlaceholders(localised(s, 'welcome_text', en), placeholders),
      background: await links.url(s.background),
      bgm: await links.url(s.bgm),
      logo: await links.url(s.logo),
      show_clock: isOn(s.show_clock) ? (1 as const) : (0 as const),
      show_weather: Number(s.show_weather ?? 0) ? (1 as const) : (0 as const),
      carousel: (
        await Promise.all(
          carousel.map(async (c) => ({
            file: await links.url(c.file),
            duration_s: Number(c.duration_s ?? 0) || null,
            title: str(c.title),
          })),
        )
      ).filter((c): c is typeof c & { file: string } => c.file !== null),
    };
    const tpl = s.template_id
      ? await db
          .selectFrom(TABLES.template)
          .selectAll()
          .where('id', '=', Number(s.template_id))
          .where('site_id', 'in', [...new Set([t.site_id, 0])])
          .executeTakeFirst()
      : undefined;
    if (tpl && isOn(tpl.enabled)) {
      const tiles = jsonValue(tpl.tiles);
      template = {
        id: Number(tpl.id),
        name: str(tpl.name),
        layout: str(tpl.layout),
        orientation: str(tpl.orientation),
        background: await links.url(tpl.background, Number(tpl.site_id)),
        tiles: (Array.isArray(tiles) ? tiles : [])
          .map((x) => x as Row)
          .map((x) => ({ slot: Number(x.slot), item: menu.byId.get(Number(x.app_menu_id)) }))
          .filter((x) => Number.isInteger(x.slot) && x.item)
          .sort((a, b) => a.slot - b.slot)
          .map(({ slot, item }) => {
            const { parent: _p, children: _c, ...app } = item!;
            return { slot, app };
          }),
      };
    }
    // The scene's own "other" settings when it has them, else the site's (smart-extras/scene-other).
    const key = (await hasStored(app, `${scenarioOther.table}:scene:${sceneId}`, t.site_id))
      ? `${scenarioOther.table}:scene:${sceneId}`
      : scenarioOther.table;
    info = await readSingleton(app, scenarioOther, t.site_id, key);
  } else {
    info = await readSingleton(app, scenarioOther, t.site_id);
  }

  const themes = await db
    .selectFrom(TABLES.theme)
    .selectAll()
    .where('site_id', 'in', [...new Set([t.site_id, 0])])
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('priority', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const th = themes.find((x) => {
    if (!isOn(x.enabled)) return false;
    const scenes = idList(x.scene_ids);
    return !scenes.length || (scene !== null && scenes.includes(Number(scene.id)));
  });
  const theme = th
    ? {
        id: Number(th.id),
        name: str(th.name),
        festival: str(th.festival),
        start_date: str(th.start_date),
        end_date: str(th.end_date),
        background: await links.url(th.background, Number(th.site_id)),
        overlay: await links.url(th.overlay, Number(th.site_id)),
        bgm: await links.url(th.bgm, Number(th.site_id)),
        greeting: localised(th, 'greeting', en),
        priority: Number(th.priority ?? 0),
      }
    : null;

  const ssid = str(info.wifi_ssid);
  const password = str(info.wifi_password);
  return {
    terminal: {
      id: t.id,
      name: t.name,
      mac: t.mac,
      language: t.language,
      area: area ? { id: area.id, name: area.name, code: area.code, bed_no: area.bed_no } : null,
    },
    guest: { name: guest, occupied: guest !== '' },
    scene,
    template,
    menu: menu.tree,
    theme,
    info: {
      wifi_ssid: ssid,
      wifi_password: password,
      wifi_qr_text: wifiQrText(ssid, password),
      front_desk_phone: str(info.front_desk_phone),
      checkout_time: str(info.checkout_time),
      service_qr_url: str(info.service_qr_url),
      notice: str(info.notice),
    },
    generated_at: formatDateTime(now),
  };
}
