/**
 * Browser id of spec section 9: a hash of stable browser details combined with the port, so two
 * consoles on one host (different ports) get different ids. Not a security measure.
 */
export function browserDetails(): string {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  const scr = typeof screen === 'undefined' ? undefined : screen;
  return [
    nav?.userAgent,
    nav?.language,
    nav?.hardwareConcurrency,
    scr ? `${scr.width}x${scr.height}x${scr.colorDepth}` : '',
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ].join('|');
}

/** 32-bit FNV-1a as 8 hex digits: small, fast, deterministic. */
export function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

export function browserId(port: string = typeof location === 'undefined' ? '' : location.port): string {
  return `${fnv1a(browserDetails())}-${port || 'default'}`;
}
