import { z } from 'zod';

/**
 * Input pieces of the terminal API. Every text is bounded and free of control characters; a MAC is
 * normalised to the stored form (lower case, colons) and must be a unicast, non-zero address.
 */

const PRINTABLE = /^[^\p{Cc}]*$/u;

export const text = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label}: at most ${max} characters`)
    .regex(PRINTABLE, `${label} must not contain control characters`);

export function normaliseMac(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  let hex: string;
  if (/^[0-9a-f]{2}([:-][0-9a-f]{2}){5}$/.test(v)) hex = v.replace(/[:-]/g, '');
  else if (/^[0-9a-f]{12}$/.test(v)) hex = v;
  else return null;
  if (/^0{12}$/.test(hex)) return null;
  // The low bit of the first octet marks a group (multicast/broadcast) address: never a device.
  if (Number.parseInt(hex.slice(0, 2), 16) & 1) return null;
  return hex.match(/../g)!.join(':');
}

export const Mac = z
  .string({ error: 'mac is required' })
  .max(17, 'mac must be a MAC address such as 00:11:22:aa:bb:cc')
  .transform((v, ctx) => {
    const mac = normaliseMac(v);
    if (!mac) {
      ctx.addIssue({
        code: 'custom',
        message: 'mac must be the unicast MAC address of the device, such as 00:11:22:aa:bb:cc',
      });
      return z.NEVER;
    }
    return mac;
  });

/** An Android package name (as app_command's open_app). */
export const PackageName = z
  .string()
  .trim()
  .max(128)
  .regex(/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/, 'package_name must be an Android package name');

/** A time as `YYYY-MM-DD HH:mm:ss`, or epoch seconds / milliseconds; answered as epoch ms. */
export const When = z.union([z.string().trim().max(32), z.number().finite().nonnegative()]);
