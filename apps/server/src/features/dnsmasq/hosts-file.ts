/**
 * The /etc/hosts format (DOMAIN 2.9 system/Dns I/O): `address name [alias…]  # comment`. Each name
 * becomes one DNS host record; loopback lines (localhost, ip6-localhost) are not local records and
 * are left out. The records are then validated like any other import row.
 */
export function parseHostsFile(text: string): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const [ip, ...names] = line.split(/\s+/);
    if (!ip || !names.length) {
      out.push({ ip: ip ?? '', host: '' });
      continue;
    }
    if (/^127\./.test(ip) || ip === '::1' || ip.startsWith('fe00:') || ip.startsWith('ff0')) continue;
    for (const host of names) out.push({ host, ip, description: 'from a hosts file' });
  }
  return out;
}
