import fs from 'node:fs/promises';
import path from 'node:path';

/** The time zone tab's facts about the host: the zones it knows and the one it is in. */

const ZONEINFO = '/usr/share/zoneinfo';

/** `/etc/timezone` text, or the zone named by an `/etc/localtime` link target. */
export function zoneFromFiles(timezoneFile: string | null, localtimeLink: string | null): string | null {
  const named = timezoneFile?.trim();
  if (named && /^[A-Za-z0-9_+\-/]+$/.test(named)) return named;
  const m = localtimeLink ? /zoneinfo\/(.+)$/.exec(localtimeLink) : null;
  return m ? m[1]! : null;
}

export async function currentZone(): Promise<{ zone: string | null; source: string }> {
  const file = await fs.readFile('/etc/timezone', 'utf8').catch(() => null);
  const link = await fs.readlink('/etc/localtime').catch(() => null);
  const zone = zoneFromFiles(file, link);
  const source = file?.trim() ? '/etc/timezone' : link ? '/etc/localtime' : 'none';
  return { zone: zone ?? Intl.DateTimeFormat().resolvedOptions().timeZone ?? null, source };
}

let cached: string[] | null = null;

/**
 * The zones this host can be set to: the ICU list (plus UTC), kept to those with a file under
 * /usr/share/zoneinfo when that directory exists, as `timedatectl set-timezone` needs.
 */
export async function zoneList(): Promise<string[]> {
  if (cached) return cached;
  const names = [...Intl.supportedValuesOf('timeZone'), 'UTC', 'Etc/UTC'];
  const hasZoneinfo = await fs
    .stat(ZONEINFO)
    .then((s) => s.isDirectory())
    .catch(() => false);
  let list = names;
  if (hasZoneinfo) {
    const present = await Promise.all(
      names.map((n) =>
        fs
          .stat(path.join(ZONEINFO, n))
          .then((s) => s.isFile())
          .catch(() => false),
      ),
    );
    list = names.filter((_, i) => present[i]);
  }
  cached = [...new Set(list)].sort();
  return cached;
}
