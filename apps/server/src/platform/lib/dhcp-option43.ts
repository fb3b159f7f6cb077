/**
 * DHCP option 43 (vendor-specific information) as TR-069 CPEs read it (TR-069 Annex F, RFC 2132
 * §8.4): a run of encapsulated sub-options, each `code, length, value`. Sub-option 1 is the ACS
 * URL, 2 the provisioning code (3 and 4 are the CWMP retry settings, not written here).
 */

export interface SubOption {
  code: number;
  value: string;
}

/** The TLV bytes of the sub-options; a value longer than 255 bytes cannot be encoded. */
export function encodeSubOptions(subs: readonly SubOption[]): Buffer {
  const parts: Buffer[] = [];
  for (const s of subs) {
    const value = Buffer.from(s.value, 'utf8');
    if (s.code < 1 || s.code > 254 || value.length > 255)
      throw new RangeError(`sub-option ${s.code} of ${value.length} bytes does not fit DHCP option 43`);
    parts.push(Buffer.from([s.code, value.length]), value);
  }
  const out = Buffer.concat(parts);
  if (out.length > 255) throw new RangeError(`option 43 of ${out.length} bytes exceeds 255`);
  return out;
}

/** Bytes in dnsmasq's hex form (`01:1b:68:74`), which dnsmasq sends as they are. */
export function dnsmasqHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(':');
}

/** The option-43 value of an ACS: sub-option 1 the URL, 2 the provisioning code when one is set. */
export function acsSubOptions(acsUrl: string, provisioningCode = ''): SubOption[] {
  const subs: SubOption[] = [{ code: 1, value: acsUrl }];
  if (provisioningCode) subs.push({ code: 2, value: provisioningCode });
  return subs;
}
