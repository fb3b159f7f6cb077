import { say } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { invalidField } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { storedValues } from './stored-values.ts';

/**
 * DOMAIN 2.8 smart/AppUpdate: `version_code` > the latest for the package. Android installs an
 * APK over an installed app only when its version code is higher, so a release at or below the
 * latest would never reach a terminal that has the latest. Checked when the package or the code
 * is set (add, import, an edit that changes either), against the package's other releases of
 * the site.
 */
export async function versionCodeAboveLatest(args: WriteHookArgs<'smart_app_release'>): Promise<void> {
  const { conn, lang, def, values, site, selfId } = args;
  if (!('version_code' in values) && !('package_name' in values)) return;
  const stored = await storedValues(args, ['package_name', 'version_code']);
  if (selfId !== undefined) {
    const before = await conn
      .selectFrom(def.table)
      .select(['package_name', 'version_code'])
      .where('id', '=', selfId)
      .executeTakeFirst();
    if (
      before &&
      before.package_name === stored.package_name &&
      Number(before.version_code) === Number(stored.version_code)
    )
      return;
  }
  let q = conn
    .selectFrom(def.table)
    .select((eb) => eb.fn.max('version_code').as('latest'))
    .where('site_id', '=', site)
    .where('package_name', '=', String(stored.package_name));
  if (selfId !== undefined) q = q.where('id', '!=', selfId);
  const row = await q.executeTakeFirst();
  const latest = row?.latest === null || row?.latest === undefined ? null : Number(row.latest);
  const code = Number(stored.version_code);
  if (latest === null || code > latest) return;
  throw invalidField(
    'version_code',
    say(lang, 'smart.versionCodeMustGreater', { latest, package_name: String(stored.package_name) }),
  );
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const appReleaseRules: readonly Registration[] = [
  writeRule('index:app_upgrade', versionCodeAboveLatest),
];
