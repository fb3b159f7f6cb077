/**
 * What a TR-069 CPE makes of DHCP option 43, written for the tests apart from the product's encoder:
 * the dnsmasq lines a client of a given option-60 vendor class would be answered with, the option
 * bytes they carry, and the vendor-specific sub-options (RFC 2132 §8.4 code/length/value, TR-069
 * Annex F: 1 = ACS URL, 2 = provisioning code) read back from those bytes.
 */

/** Parses `code len value…` runs; a truncated or repeated sub-option throws, as a strict CPE refuses it. */
export function parseSubOptions(bytes: Uint8Array): Map<number, string> {
  const out = new Map<number, string>();
  let i = 0;
  while (i < bytes.length) {
    const code = bytes[i]!;
    if (code === 0) {
      i += 1; // pad
      continue;
    }
    if (code === 255) break; // end
    const len = bytes[i + 1];
    if (len === undefined || i + 2 + len > bytes.length)
      throw new Error(`sub-option ${code} is truncated at byte ${i}`);
    if (out.has(code)) throw new Error(`sub-option ${code} appears twice`);
    out.set(code, Buffer.from(bytes.subarray(i + 2, i + 2 + len)).toString('latin1'));
    i += 2 + len;
  }
  return out;
}

function hexBytes(v: string): number[] {
  if (!/^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2})*$/.test(v)) throw new Error(`option 43 is not encoded bytes: ${v}`);
  return v.split(':').map((h) => Number.parseInt(h, 16));
}

/**
 * The option-43 sub-options a client of `vendorClass` (its option 60) gets from a dnsmasq DHCP file
 * of the gateway (every client is in the `igs-dhcp` range tag), or null when it gets none. As
 * dnsmasq answers: the first explicit `43,<hex>` line whose tags all match (`tag:!x` must not), and
 * the `vendor:<class>,<n>,"<text>"` lines whose class is a substring of the client's option 60 in
 * an option 43 of their own; several option-43 instances are joined into one (RFC 3396).
 */
export function optionFor(conf: string, vendorClass: string): Map<number, string> | null {
  const lines = conf.split('\n').map((l) => l.trim());
  const tags = new Set(['igs-dhcp']);
  for (const l of lines) {
    const m = /^dhcp-vendorclass=set:([^,]+),(.+)$/.exec(l);
    if (m && vendorClass.includes(m[2]!)) tags.add(m[1]!);
  }
  const bytes: number[] = [];
  for (const l of lines) {
    const m = /^dhcp-option=((?:tag:[^,]+,)*)43,(.+)$/.exec(l);
    if (!m) continue;
    const need = m[1]!
      .split(',')
      .filter(Boolean)
      .map((t) => t.slice(4));
    if (!need.every((t) => (t.startsWith('!') ? !tags.has(t.slice(1)) : tags.has(t)))) continue;
    bytes.push(...hexBytes(m[2]!));
    break;
  }
  for (const l of lines) {
    const m = /^dhcp-option=vendor:([^,]+),(\d+),"([^"]*)"$/.exec(l);
    if (!m || !vendorClass.includes(m[1]!)) continue;
    const value = new TextEncoder().encode(m[3]!);
    bytes.push(Number(m[2]), value.length, ...value);
  }
  return bytes.length ? parseSubOptions(Uint8Array.from(bytes)) : null;
}
