import type { Lang } from '@igs/contract';
import { say } from '@igs/contract';
import type { AppContext } from '../../platform/app-context.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { Problems, type VoiceModel } from './config/model.ts';
import { extensionSections, trunkSections } from './config/pjsip.ts';
import { loadVoiceModel } from './model-loader.ts';

/**
 * The `pjsip` export of voice/SipTrunk and voice/Extension (DOMAIN "I/O: pjsip.conf"): the
 * sections the gateway's own pjsip.conf holds for the exported records, made by the same
 * generator, so the fragment is what Asterisk runs. Passwords are masked as in the file viewer
 * (secrets never leave the server); records the generator leaves out are named in comments.
 */

export type PjsipExportOf = 'trunks' | 'extensions';

export async function pjsipFragment(
  app: AppContext,
  rows: Record<string, unknown>[],
  of: PjsipExportOf,
  lang: Lang,
): Promise<string> {
  const bySite = new Map<number, Set<number>>();
  for (const r of rows) {
    const site = Number(r.site_id ?? 0);
    bySite.set(site, (bySite.get(site) ?? new Set()).add(Number(r.id)));
  }
  const out = [
    say(lang, of === 'trunks' ? 'voice.pjsipTrunksExported' : 'voice.pjsipExtensionsExported', {
      n: rows.length,
      at: formatDateTime(app.now()),
    }),
    say(lang, 'voice.passwordsMaskedFillThem'),
  ];
  for (const [site, ids] of [...bySite].sort((a, b) => a[0] - b[0])) {
    const full = await loadVoiceModel(app, site);
    const model: VoiceModel = {
      ...full,
      extensions: of === 'extensions' ? full.extensions.filter((e) => ids.has(e.id)) : [],
      trunks: of === 'trunks' ? full.trunks.filter((t) => ids.has(t.id)) : [],
    };
    const problems = new Problems();
    const sections =
      of === 'trunks'
        ? trunkSections(model, problems, { mask: true })
        : extensionSections(model, problems, { mask: true });
    if (bySite.size > 1) out.push('', say(lang, 'voice.exportSite', { site }));
    for (const p of problems.list) out.push(`; ${p.level === 'error' ? '!' : '?'} ${p.msg[lang]}`);
    out.push('', ...sections);
  }
  return `${out.join('\n').trimEnd()}\n`;
}
