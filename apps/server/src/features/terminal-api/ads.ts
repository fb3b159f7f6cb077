import type { ActionContext } from '../../platform/http/action.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { untyped } from '../../platform/resources/queries.ts';
import { requireTerminal } from './credentials.ts';
import { FileLinks } from './files.ts';
import { type BoundArea, boundArea, idList, jsonValue, kdb, TABLES, type TerminalRow } from './records.ts';
import { areaMatches, isOn, momentOf, schedMatches } from './targeting.ts';

/**
 * `ads`: the terminal's ad manifest (DOMAIN 2.7): the boot, homepage, live and text ads enabled and
 * active now (dates, weekday, daily window), targeted at it (areas, terminals, packages: empty means
 * all; a package target needs an active subscription of the terminal or of its area), ordered by
 * priority (highest first). Materials must be approved by resource audit (`audit_state`): an ad
 * whose material is not approved is left out, and so is a homepage item.
 */

type Row = Record<string, unknown>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The packages the terminal holds now (smart/UserPackage of the terminal or of its areas). */
async function activePackages(ctx: ActionContext, t: TerminalRow, area: BoundArea | null, now: string) {
  const rows = await kdb(ctx.app)
    .selectFrom(TABLES.subscription)
    .select(['package_id', 'target_type', 'target_id', 'state'])
    .where('site_id', '=', t.site_id)
    .where('start_at', '<=', now)
    .where('end_at', '>', now)
    .execute();
  const areas = area?.chain ?? [];
  return new Set(
    rows
      .filter((r) => !['expired', 'suspended'].includes(str(r.state)))
      .filter((r) =>
        r.target_type === 'terminal'
          ? Number(r.target_id) === t.id
          : r.target_type === 'area' && areas.includes(Number(r.target_id)),
      )
      .map((r) => Number(r.package_id)),
  );
}

export async function ads(ctx: ActionContext) {
  const { app } = ctx;
  const t = await requireTerminal(app, ctx.req);
  const en = t.language === 'en';
  const links = FileLinks.of(app, ctx.req, t.site_id);
  const area = await boundArea(app, t);
  const now = app.now();
  const dt = formatDateTime(now);
  const moment = momentOf(now, dt);
  const packages = await activePackages(ctx, t, area, dt);
  const db = kdb(app);

  const current = async (table: string) => {
    const rows = await untyped(db)
      .selectFrom(table)
      .selectAll()
      .where('site_id', '=', t.site_id)
      .where('start_at', '<=', dt)
      .where('end_at', '>', dt)
      .execute();
    return rows
      .filter((r) => isOn(r.enabled) && schedMatches(r, moment) && areaMatches(r.area_ids, area))
      .filter((r) => {
        const terminals = idList(r.terminal_ids);
        if (terminals.length && !terminals.includes(t.id)) return false;
        const wanted = idList(r.package_ids);
        return !wanted.length || wanted.some((p) => packages.has(p));
      })
      .sort((a, b) => Number(b.priority ?? 50) - Number(a.priority ?? 50) || Number(a.id) - Number(b.id));
  };

  // Approved materials of the site, read once.
  const materials = new Map<number, Row>();
  for (const m of await db
    .selectFrom(TABLES.material)
    .selectAll()
    .where('site_id', '=', t.site_id)
    .where('audit_state', '=', 'approved')
    .execute())
    materials.set(Number(m.id), m);
  const material = async (id: unknown) => {
    const m = materials.get(Number(id));
    if (!m) return null;
    const file = await links.facts(m.file);
    if (!file) return null;
    return {
      id: Number(m.id),
      name: str(m.name),
      kind: str(m.kind) || (file.mime.startsWith('video/') ? 'video' : 'image'),
      url: file.url,
      width: num(m.width),
      height: num(m.height),
      duration_s: num(m.duration_s),
      size: file.size || num(m.size),
      sha256: file.sha256 || str(m.sha256),
    };
  };
  const sched = (r: Row) => ({
    id: Number(r.id),
    priority: Number(r.priority ?? 50),
    start_at: str(r.start_at),
    end_at: str(r.end_at),
  });

  const boot = [];
  for (const r of await current(TABLES.bootAd)) {
    const m = await material(r.material_id);
    if (m)
      boot.push({
        ...sched(r),
        name: str(r.name),
        show_s: Number(r.show_s ?? 5),
        skip_after_s: Number(r.skip_after_s ?? 0),
        material: m,
      });
  }
  const homepage = [];
  for (const r of await current(TABLES.homepageAd)) {
    const raw = jsonValue(r.items);
    const items = [];
    for (const it of (Array.isArray(raw) ? raw : []).slice(0, 10) as Row[]) {
      const m = await material(it?.material_id);
      if (m)
        items.push({
          material: m,
          duration_s: Number(it.duration_s ?? 5) || 5,
          link_type: str(it.link_type) || 'none',
          link_target: str(it.link_target),
        });
    }
    if (items.length) homepage.push({ ...sched(r), name: str(r.name), position: str(r.position), items });
  }
  const live = [];
  for (const r of await current(TABLES.liveAd)) {
    const m = await material(r.material_id);
    if (m)
      live.push({
        ...sched(r),
        name: str(r.name),
        kind: str(r.kind),
        corner: str(r.corner),
        size_pct: Number(r.size_pct ?? 15),
        show_s: Number(r.show_s ?? 10),
        interval_min: Number(r.interval_min ?? 30),
        program_ids: idList(r.program_ids),
        category_ids: idList(r.category_ids),
        material: m,
      });
  }
  const text = (await current(TABLES.textAd)).map((r) => ({
    ...sched(r),
    content: en ? str(r.content_en) || str(r.content) : str(r.content),
    position: str(r.position) || 'bottom',
    font_size: Number(r.font_size ?? 28),
    color: str(r.color) || '#FFFFFF',
    bg_color: str(r.bg_color) || '#000000',
    bg_opacity: Number(r.bg_opacity ?? 60),
    speed: str(r.speed) || 'normal',
    repeat: Number(r.repeat ?? 0),
  }));
  return { boot, homepage, live, text, generated_at: dt };
}
