import { terminalApiCalls } from '@igs/contract/calls';
import type { z } from 'zod';
import type { ActionContext } from '../../platform/http/action.ts';
import { requireTerminal } from './credentials.ts';
import { FileLinks, uploadMd5 } from './files.ts';
import { boundArea, kdb, TABLES, textList } from './records.ts';
import { areaMatches } from './targeting.ts';

/**
 * `upgrade`: the newest published AppRelease (DOMAIN 2.8 smart/AppUpdate) of a package for this
 * terminal: in its site, `state` published, its model in the release's `models` and its area in
 * `area_ids` (staged rollout; empty means all). With `version_code` (the installed one) the answer
 * says whether that release is newer. The release comes with a download URL, its size and MD5 (the
 * stored md5, else computed from the uploaded file). The outcome is reported with `ack`
 * {release_id, result}, which writes `upgrade_ok` or `upgrade_fail`.
 */

export const UpgradeInput = terminalApiCalls.upgrade.input;

export async function upgrade(ctx: ActionContext, input: z.output<typeof UpgradeInput>) {
  const { app } = ctx;
  const t = await requireTerminal(app, ctx.req);
  const area = await boundArea(app, t);
  const rows = await kdb(app)
    .selectFrom(TABLES.release)
    .selectAll()
    .where('site_id', '=', t.site_id)
    .where('package_name', '=', input.package_name)
    .where('state', '=', 'published')
    .orderBy('version_code', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const model = t.model.toLowerCase();
  const best = rows.find((r) => {
    const models = textList(r.models).map((m) => m.toLowerCase());
    return (!models.length || models.includes(model)) && areaMatches(r.area_ids, area);
  });
  if (!best) return { update: false, release: null };
  const code = Number(best.version_code);
  const file = await FileLinks.of(app, ctx.req, t.site_id).facts(best.file);
  const release = {
    id: Number(best.id),
    package_name: String(best.package_name),
    version_name: String(best.version_name ?? ''),
    version_code: code,
    url: file?.url ?? null,
    size: Number(best.size ?? 0) || file?.size || 0,
    // Only of a file the terminal may fetch (files.ts: in reach of its site), as its URL.
    md5:
      String(best.md5 ?? '') ||
      (file && typeof best.file === 'string' ? await uploadMd5(app, best.file) : ''),
    sha256: file?.sha256 ?? '',
    force: Number(best.force ?? 0) ? (1 as const) : (0 as const),
    notes: String(best.notes ?? ''),
  };
  // A release whose file is gone cannot be installed: it is shown, but not offered.
  const newer = input.version_code === undefined || code > input.version_code;
  return { update: release.url !== null && newer, release };
}
