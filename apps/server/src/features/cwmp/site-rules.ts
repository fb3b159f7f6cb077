import type { AppContext } from '../../platform/app-context.ts';
import { siteRegistry } from '../../platform/sites/registry.ts';
import type { NewCpeSite } from './devices.ts';

/**
 * The site a CPE the ACS registers automatically belongs to (issue 17 point 9): the ACS URL it was
 * given names it. Each site's CPEs are given `<acs>/site/<id>` (in their provisioning, or through
 * DHCP option 43 of that site's network), e.g. `http://acs.example.net:7547/site/12`, or
 * `/cwmp/site/12` behind a proxy that keeps the path; a URL without `/site/<id>` registers in the
 * gateway's site 0. The path decides only at registration: a known CPE keeps its site (moving it is
 * the operator's edit), whatever URL it informs later.
 *
 * A path naming a site the registry does not hold (platform/sites), or a suspended one, is refused
 * (the Inform gets 404), so a typo in a provisioning profile does not scatter CPEs into phantom
 * sites.
 */

export type SitePath = NewCpeSite;

/** `…/site/<id>` at the end of the path (a trailing slash allowed); `…/site` or `…/site/` name none. */
const SITE_PATH = /\/site(?:\/([^/]*))?\/?$/;

/** What the request path says about the site; null when it names none. */
export function siteOfPath(urlPath: string): SitePath | null {
  const m = SITE_PATH.exec(urlPath.split(/[?#]/)[0] ?? '');
  if (!m) return null;
  const raw = m[1] ?? '';
  if (!/^\d{1,9}$/.test(raw)) return { refused: `the ACS URL names no site id: "${raw.slice(0, 32)}"` };
  return { site: Number(raw) };
}

/** The site of a CPE registering through this path, or why it is refused. */
export async function siteForNewCpe(app: AppContext, urlPath: string): Promise<SitePath> {
  const named = siteOfPath(urlPath);
  if (!named) return { site: 0 };
  if ('refused' in named) return named;
  const site = (await siteRegistry(app)).sites.get(named.site);
  if (!site) return { refused: `unknown site ${named.site} in the ACS URL` };
  // Registering a CPE is a write to the site: a suspended site takes none (as siteScope says).
  if (site.state === 'suspended') return { refused: `site ${named.site} of the ACS URL is suspended` };
  return named;
}
