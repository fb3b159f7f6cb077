import os from 'node:os';
import { Code, say, texts } from '@igs/contract';
import { licenceCalls } from '@igs/contract/calls';
import type { AppContext } from '../../platform/app-context.ts';
import { offerDownload } from '../../platform/exports/downloads.ts';
import { FileNotFound, readSmallFile } from '../../platform/files/index.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import { formatDateTime } from '../../platform/lib/time.ts';
import { AREA_NAMES } from '../../platform/licence/gate.ts';
import { listInstances } from '../../platform/licence/instances.ts';
import {
  AREAS,
  expiryMs,
  forgetLicence,
  LICENCE_KEY,
  LIMIT_KEYS,
  type Licence,
  LicenceRefusal,
  licenceMachineCodes,
  licenceStatus,
  licenceUsage,
  notForThisMachine,
  PRODUCT,
  verifySignedLicence,
} from '../../platform/licence/licence.ts';
import { machineOf } from '../../platform/licence/machine.ts';
import { BUILD, VERSION } from '../../platform/version.ts';

const DAY = 86_400_000;
/** DOMAIN: a warning appears 30 days before expiry. */
const WARN_DAYS = 30;

/** `authorise/license` (DOMAIN authorise/License): read-only detail, import, machine-code request. */
export const licenceActions = [
  defineCallAction(licenceCalls.detail, {
    summary: 'The licence in force: state, fields, limits with current usage, enabled modules, machine code',
    access: 'module',
    async handler({ app, lang }) {
      const status = await licenceStatus(app);
      const machine = await machineOf(app);
      const usage = await licenceUsage(app);
      const instances = await listInstances(app);
      // The licence on file, also when it is not in force here (not for this machine, expired).
      const l = status.licence ?? (await installedLicence(app));
      const codes = l ? licenceMachineCodes(l) : [];
      const daysLeft =
        status.expiresAtMs === null ? null : Math.floor((status.expiresAtMs - app.now()) / DAY);
      const warning =
        status.state === 'valid' && daysLeft !== null && daysLeft < WARN_DAYS
          ? say(lang, 'licence.licenceExpiresDaysLeft', { date: l!.expires_at, days: daysLeft })
          : '';
      return {
        state: status.state,
        reason: status.reason?.[lang] ?? '',
        warning,
        product: l?.product ?? PRODUCT,
        serial_no: l?.serial_no ?? '',
        machine_code: codes[0] ?? '',
        machine_codes: codes,
        this_machine_code: machine.code ?? '',
        machine_code_error: machine.code ? '' : (machine.reason?.[lang] ?? ''),
        customer: l?.customer ?? '',
        issued_at: l?.issued_at ?? '',
        expires_at: l ? (l.expires_at ?? '') : '',
        days_left: daysLeft,
        limits: LIMIT_KEYS.map((key) => ({ key, limit: l?.limits[key] ?? null, usage: usage[key] })),
        modules: status.state === 'evaluation' ? [...AREAS] : (status.licence?.modules ?? []),
        areas: AREAS.map((a) => ({ key: a, name: AREA_NAMES[a][lang] })),
        instances: instances.map((i) => ({
          machine_code: i.machine_code,
          hostname: i.hostname,
          version: i.version,
          last_seen_at: formatDateTime(i.last_seen_at),
          current: i.current,
          this_instance: i.self,
          // Without a licence (evaluation or none) nothing is covered.
          covered: codes.includes(i.machine_code),
        })),
        version: VERSION,
        build: BUILD,
      };
    },
  }),
  defineCallAction(licenceCalls.import, {
    summary:
      'Installs a licence file (multipart `file`, or its text in `content`): refused unless signed by the vendor, for this machine and not expired',
    access: 'module',
    files: { field: 'file', maxBytes: 64 * 1024, tooLargeMessage: texts('licence.fileTooLarge') },
    async handler(ctx, input) {
      const { app, lang } = ctx;
      const text = ctx.files[0]?.data.toString('utf8') ?? input.content;
      if (!text?.trim()) throw invalidField('file', say(lang, 'licence.chooseLicenceFile'));
      let licence: Licence;
      try {
        licence = verifySignedLicence(app, text);
        await refuseUnlessCoversAnInstance(app, licence);
      } catch (e) {
        if (e instanceof LicenceRefusal)
          throw new ApiError(Code.invalid, e.text[lang], { errors: [{ field: 'file', msg: e.text[lang] }] });
        throw e;
      }
      const expires = expiryMs(licence.expires_at);
      if (expires !== null && app.now() > expires) {
        const msg = say(lang, 'licence.licenceExpiredCannotInstalled', { expires_at: licence.expires_at });
        throw new ApiError(Code.invalid, msg, { errors: [{ field: 'file', msg }] });
      }
      // Into the shared file store, whole or not at all: every instance reads the same licence.
      await app.files.put(LICENCE_KEY, Buffer.from(text, 'utf8'));
      forgetLicence(app);
      ctx.logDetail = `serial ${licence.serial_no}, modules ${licence.modules.join(', ') || 'none'}`;
      return { serial_no: licence.serial_no, modules: licence.modules, expires_at: licence.expires_at ?? '' };
    },
  }),
  defineCallAction(licenceCalls.export, {
    summary: 'A machine-code request file to send to the vendor (single-use download URL)',
    access: 'module',
    async handler(ctx) {
      const { app } = ctx;
      const machine = await machineOf(app);
      if (!machine.code)
        throw new ApiError(
          Code.unavailable,
          (machine.reason ?? texts('licence.noMachineIdentity'))[ctx.lang],
        );
      const current = (await licenceStatus(app)).licence ?? (await installedLicence(app));
      // Every machine an instance of this deployment runs on now (gone ones are left out).
      const running = (await listInstances(app)).filter((i) => i.current);
      const request = {
        format: 'igs-licence-request-v1',
        product: PRODUCT,
        /** The machine of the instance that made the request (the first form of the file). */
        machine_code: machine.code,
        machine_codes: running.map((i) => i.machine_code),
        instances: running.map((i) => ({ machine_code: i.machine_code, hostname: i.hostname })),
        hostname: os.hostname(),
        version: VERSION,
        build: BUILD,
        current_serial_no: current?.serial_no ?? '',
        requested_at: formatDateTime(app.now()),
      };
      return offerDownload(
        app,
        ctx.caller.user.id,
        `licence-request-${machine.code}.json`,
        Buffer.from(`${JSON.stringify(request, null, 2)}\n`),
      );
    },
  }),
];

/** The licence file installed, signed and of this product, whichever machines it names; or null. */
async function installedLicence(app: AppContext): Promise<Licence | null> {
  const text = await readSmallFile(app.files, LICENCE_KEY, 1024 * 1024).then(
    (b) => b.toString('utf8'),
    (e: unknown) => {
      if (e instanceof FileNotFound) return null;
      throw e;
    },
  );
  if (text === null) return null;
  try {
    return verifySignedLicence(app, text);
  } catch (e) {
    if (e instanceof LicenceRefusal) return null;
    throw e;
  }
}

/**
 * An import must cover at least one running instance (instances.ts): a licence for none of
 * them would stop every instance at once. One covering some is accepted; the detail then names
 * the instances it leaves out.
 */
async function refuseUnlessCoversAnInstance(app: AppContext, licence: Licence): Promise<void> {
  const codes = licenceMachineCodes(licence);
  const running = (await listInstances(app)).filter((i) => i.current);
  if (running.some((i) => codes.includes(i.machine_code))) return;
  const others = running.filter((i) => !i.self);
  // Alone (or the others unknown): this instance's own reason, as a single machine has it.
  if (others.length === 0) {
    const refusal = await notForThisMachine(app, licence);
    if (refusal) throw new LicenceRefusal(refusal);
    return;
  }
  throw new LicenceRefusal(
    texts('licence.coversNoRunningInstance', {
      n: running.length,
      codes: codes.join(', '),
      machines: running.map((i) => `${i.machine_code} (${i.hostname})`).join(', '),
    }),
  );
}
