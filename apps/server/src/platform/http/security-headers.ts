import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Headers that tell the browser what the console may do, sent on every reply (console files and
 * API alike: an API reply opened in a tab is then as confined as the page).
 *
 * - script-src 'self': scripts from this server only, so an injected <script> or on* attribute does
 *   not run; plus the served page's own inline script (the console's early start, issue 18) by its
 *   SHA-256, taken from the page at start-up (consoleScriptHashes), never 'unsafe-inline'.
 * - style-src 'self' 'unsafe-inline': antd 6 writes its styles as <style> elements at run time
 *   (CSS-in-JS) and components set `style` attributes; a nonce would cover the elements only (not
 *   the attributes) and would need a page rendered per request. Inline styles cannot run code.
 * - img-src adds data: (the default avatar is a data: SVG) and blob: (a chosen photo is previewed
 *   before upload); the captcha is an SVG from this server. media-src blob: previews videos.
 * - frame-ancestors 'none': the console never frames itself nor is framed (no iframe in it), so
 *   clickjacking through another site's frame is refused; X-Frame-Options DENY for old browsers.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Powerful browser features the console does not use are off; full screen and copying stay on. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'fullscreen=(self)',
  'clipboard-write=(self)',
].join(', ');

/** Under HTTPS only: browsers keep to HTTPS for this host for a year (RFC 6797). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** The policy, allowing the inline scripts of the given hashes (`'sha256-…'` sources) besides. */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  if (scriptHashes.length === 0) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${scriptHashes.join(' ')}`);
}

/** The `'sha256-…'` sources of the inline scripts (those without `src`) of an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi))
    if (!/\bsrc\s*=/i.test(attributes ?? '') && body)
      hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return hashes;
}

/**
 * The inline script's hash of the built console's page in `consoleDir` (none without a console).
 * The page has one, the sign-in page's early script (console start/early-script.ts); a page with
 * more is refused at start rather than each allowed: a second one would be a build step nobody
 * reviewed writing code the policy then trusts.
 */
export function consoleScriptHashes(consoleDir: string): string[] {
  const file = path.join(consoleDir, 'index.html');
  if (!fs.existsSync(file)) return [];
  const hashes = inlineScriptHashes(fs.readFileSync(file, 'utf8'));
  if (hashes.length > MAX_INLINE_SCRIPTS)
    throw new Error(
      `${file} holds ${hashes.length} inline scripts; the Content-Security-Policy allows the console's one early script only`,
    );
  return hashes;
}
const MAX_INLINE_SCRIPTS = 1;

export function securityHeaders(
  https: boolean,
  scriptHashes: readonly string[] = [],
): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(scriptHashes),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'cross-origin-opener-policy': 'same-origin',
    ...(https ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}
