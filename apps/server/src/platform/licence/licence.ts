import type { Lang } from '@igs/contract';
import { texts } from '@igs/contract';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { announceCacheChange } from '../cache/coherence.ts';
import { FileNotFound, readSmallFile } from '../files/index.ts';
import { parseDateTime } from '../lib/time.ts';
import type { AnyDb } from '../resources/queries.ts';
import { machineOf } from './machine.ts';
import { VENDOR_PUBLIC_KEY } from './public-key.ts';
import { canonicalJson, verifyBytes } from './signing.ts';

/**
 * The licence (DOMAIN authorise/License): a JSON file signed with the vendor's Ed25519 key,
 * bound to one machine (`machine_code`) or to the machines of a fleet (`machine_codes`; each
 * instance checks its own), naming the business areas it enables and the size limits.
 *
 * States:
 * - evaluation: no licence file installed. Every area works and the console shows a banner. This
 *   keeps a fresh install (and every test) usable; a deployment that must not run unlicensed sets
 *   IGS_LICENCE_REQUIRED=1, which turns "no file" into `unlicensed`.
 * - valid: installed, signed, for this machine, not expired: its `modules` are enabled.
 * - expired: every business area answers 1006 until a new licence is installed.
 * - invalid: the installed file no longer verifies (altered, another key) or does not name this
 *   instance's machine (a fleet licence that leaves it out): treated like expired.
 * - unlicensed: no file while IGS_LICENCE_REQUIRED=1: every business area answers 1006.
 * System and authorise pages (this one included) always work, so a licence can be installed.
 */

export const PRODUCT = 'igs-gateway';
export const LICENCE_FORMAT = 'igs-licence-v1';

export const AREAS = ['voice', 'video', 'ac', 'tr069', 'media', 'advertising', 'smart', 'aiso'] as const;
export type Area = (typeof AREAS)[number];

export const LIMIT_KEYS = ['terminals', 'extensions', 'aps', 'cpes', 'channels', 'sites'] as const;
export type LimitKey = (typeof LIMIT_KEYS)[number];

/** What a limit counts, and where it is checked. */
export interface LimitCount {
  /** The resource table (packages/contract) whose rows hold a place. */
  table: string;
  /** Only rows in this state hold a place; others do not count. */
  state?: string;
  /**
   * `add`: adding or importing rows at the resource's endpoint is refused at the limit (gate.ts).
   * `verb`: rows are added outside the count and a verb moving them into `state` checks the limit.
   */
  checkedOn: 'add' | 'verb';
}

export const LIMITS: Readonly<Record<Exclude<LimitKey, 'sites'>, LimitCount>> = {
  // DOMAIN smart/TerminalAuthorization: terminals register pending; authorising beyond the
  // terminal limit gets 1006 (the `authorize` verb, smart-display/terminal-verbs.ts).
  terminals: { table: 'smart_terminal', state: 'authorized', checkedOn: 'verb' },
  extensions: { table: 'voice_extension', checkedOn: 'add' },
  aps: { table: 'ac_ap', checkedOn: 'add' },
  cpes: { table: 'tr069_device', checkedOn: 'add' },
  channels: { table: 'media_live', checkedOn: 'add' },
};

const dateText = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, 'must be YYYY-MM-DD or YYYY-MM-DD HH:mm:ss');
const limit = z.number().int().min(0).nullable().optional();

const machineCode = z.string().min(1).max(64);

export const LicenceBody = z
  .object({
    product: z.string().max(64),
    serial_no: z.string().min(1).max(64),
    /** The machine the licence is for (the first form: one machine). */
    machine_code: machineCode.optional(),
    /** The machines of a fleet: an instance accepts the licence when its own code is one of them. */
    machine_codes: z.array(machineCode).min(1).max(256).optional(),
    customer: z.string().max(200),
    issued_at: dateText,
    /** null: does not expire. A bare date means the end of that day. */
    expires_at: dateText.nullable(),
    limits: z.object(Object.fromEntries(LIMIT_KEYS.map((k) => [k, limit])) as Record<LimitKey, typeof limit>),
    modules: z.array(z.enum(AREAS)),
  })
  .refine((l) => l.machine_code !== undefined || l.machine_codes !== undefined, {
    path: ['machine_code'],
    message: 'a licence names machine_code or machine_codes',
  });
export type Licence = z.infer<typeof LicenceBody>;

/** Every machine code a licence names (machine_code and machine_codes), upper case, each once. */
export function licenceMachineCodes(licence: Licence): string[] {
  const all = [...(licence.machine_code ? [licence.machine_code] : []), ...(licence.machine_codes ?? [])];
  return [...new Set(all.map((c) => c.trim().toUpperCase()))];
}

export const LicenceFile = z.object({
  format: z.literal(LICENCE_FORMAT),
  licence: LicenceBody,
  signature: z.string().min(1).max(200),
});

export type Text = Record<Lang, string>;

export type LicenceState = 'evaluation' | 'valid' | 'expired' | 'invalid' | 'unlicensed';

export interface LicenceStatus {
  state: LicenceState;
  licence: Licence | null;
  /** Why the licence is not in force, in both languages. */
  reason: Text | null;
  expiresAtMs: number | null;
}

export function expiryMs(expiresAt: string | null): number | null {
  if (expiresAt === null) return null;
  const t = parseDateTime(expiresAt);
  return expiresAt.length === 10 ? t + 86_400_000 - 1 : t;
}

export function publicKeyOf(app: AppContext): string {
  return app.config.vendorPublicKey ?? VENDOR_PUBLIC_KEY;
}

/**
 * The installed licence's key in the file store (platform/files): one licence per deployment,
 * read by every instance (with the local store, data/licence/licence.json as before).
 */
export const LICENCE_KEY = 'licence/licence.json';

export class LicenceRefusal extends Error {
  readonly text: Text;
  constructor(text: Text) {
    super(text.en);
    this.text = text;
  }
}

/**
 * Checks a licence file's text: its shape, product and vendor signature, not its machines (an
 * import checks them against every running instance, instances.ts) nor its expiry.
 */
export function verifySignedLicence(app: AppContext, text: string): Licence {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LicenceRefusal(texts('licence.notLicenceFileNot'));
  }
  const parsed = LicenceFile.safeParse(json);
  if (!parsed.success) {
    const i = parsed.error.issues[0]!;
    const where = i.path.join('.') || 'file';
    throw new LicenceRefusal(texts('licence.notValidLicenceFile', { where, message: i.message }));
  }
  const { licence, signature } = parsed.data;
  if (licence.product !== PRODUCT)
    throw new LicenceRefusal(texts('licence.licenceProductNot', { product: licence.product, ours: PRODUCT }));
  if (!verifyBytes(publicKeyOf(app), Buffer.from(canonicalJson(licence), 'utf8'), signature))
    throw new LicenceRefusal(texts('licence.licenceSignatureNotValid'));
  return licence;
}

/** Why the licence is not for this instance's machine, or null when it is. */
export async function notForThisMachine(app: AppContext, licence: Licence): Promise<Text | null> {
  const machine = await machineOf(app);
  if (!machine.code) return texts('licence.noMachineCode', { reason: machine.reason });
  const codes = licenceMachineCodes(licence);
  if (codes.includes(machine.code)) return null;
  return codes.length === 1
    ? texts('licence.licenceMachineMachine', { machine_code: codes[0], code: machine.code })
    : texts('licence.licenceMachinesMachine', { codes: codes.join(', '), code: machine.code });
}

/**
 * Checks a licence file's text as this instance uses it: its shape, product, vendor signature
 * and this instance's machine among the licence's. Expiry is left to the caller.
 */
export async function verifyLicenceText(app: AppContext, text: string): Promise<Licence> {
  const licence = verifySignedLicence(app, text);
  const refusal = await notForThisMachine(app, licence);
  if (refusal) throw new LicenceRefusal(refusal);
  return licence;
}

interface StatusCache {
  loaded: { licence: Licence | null; reason: Text | null; present: boolean } | null;
  loadedAt: number;
  clear(): void;
}

function cache(app: AppContext): StatusCache {
  let c = app.caches.get('licence') as StatusCache | undefined;
  if (!c) {
    const box: StatusCache = {
      loaded: null,
      loadedAt: 0,
      clear() {
        box.loaded = null;
      },
    };
    c = box;
    app.caches.set('licence', c);
  }
  return c;
}

export function forgetLicence(app: AppContext): void {
  // Every instance reads the same licence file: each forgets what it had read.
  announceCacheChange(app, ['licence']);
}

/** The licence in force now. The file is read again at most every 5 s (checked on every call). */
export async function licenceStatus(app: AppContext): Promise<LicenceStatus> {
  const c = cache(app);
  if (!c.loaded || Date.now() - c.loadedAt > 5000) {
    let text: string | null = null;
    try {
      text = (await readSmallFile(app.files, LICENCE_KEY, 1024 * 1024)).toString('utf8');
    } catch (e) {
      if (!(e instanceof FileNotFound)) throw e;
    }
    if (text === null) c.loaded = { licence: null, reason: null, present: false };
    else
      c.loaded = await verifyLicenceText(app, text).then(
        (licence) => ({ licence, reason: null, present: true }),
        (e: unknown) => {
          if (!(e instanceof LicenceRefusal)) throw e;
          return { licence: null, reason: e.text, present: true };
        },
      );
    c.loadedAt = Date.now();
  }
  const { licence, reason, present } = c.loaded;
  if (!present) {
    return app.config.licenceRequired
      ? {
          state: 'unlicensed',
          licence: null,
          expiresAtMs: null,
          reason: texts('licence.noLicenceInstalledInstall'),
        }
      : { state: 'evaluation', licence: null, reason: null, expiresAtMs: null };
  }
  if (!licence) return { state: 'invalid', licence: null, reason, expiresAtMs: null };
  const expires = expiryMs(licence.expires_at);
  if (expires !== null && app.now() > expires)
    return {
      state: 'expired',
      licence,
      expiresAtMs: expires,
      reason: texts('licence.licenceExpiredBusinessModules', { expires_at: licence.expires_at }),
    };
  return { state: 'valid', licence, reason: null, expiresAtMs: expires };
}

// biome-ignore lint/suspicious/noExplicitAny: resource tables are described at run time
const anyDb = (app: AppContext) => app.db.kysely as any;

/**
 * Rows holding a place of one limit (of every site: the licence is the gateway's), through `db`
 * when given (a transaction); null when the table does not exist.
 */
export async function countRows(
  app: AppContext,
  key: Exclude<LimitKey, 'sites'>,
  db: AnyDb = anyDb(app),
): Promise<number | null> {
  const { table, state } = LIMITS[key];
  try {
    let q = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'));
    if (state !== undefined) q = q.where('state', '=', state);
    const row = await q.executeTakeFirst();
    return Number(row?.n ?? 0);
  } catch {
    return null;
  }
}

/** Operations sites holding any counted record (distinct non-zero site ids). */
async function countSites(app: AppContext): Promise<number | null> {
  const sites = new Set<number>();
  let found = false;
  for (const { table } of Object.values(LIMITS)) {
    try {
      const rows = await anyDb(app)
        .selectFrom(table)
        .select('site_id')
        .distinct()
        .where('site_id', '>', 0)
        .execute();
      for (const r of rows as { site_id: number }[]) sites.add(Number(r.site_id));
      found = true;
    } catch {
      // a table that does not exist counts nothing
    }
  }
  return found ? sites.size : null;
}

/** Current use of each limit; null where it cannot be counted. */
export async function licenceUsage(app: AppContext): Promise<Record<LimitKey, number | null>> {
  const out = {} as Record<LimitKey, number | null>;
  for (const key of Object.keys(LIMITS) as Exclude<LimitKey, 'sites'>[]) out[key] = await countRows(app, key);
  out.sites = await countSites(app);
  return out;
}
