import { timingSafeEqual } from 'node:crypto';
import { Code, keepText, type Lang, say } from '@igs/contract';
import { outreachCalls } from '@igs/contract/calls';
import { z } from 'zod';
import type { AppContext } from '../../platform/app-context.ts';
import { defineCallAction } from '../../platform/http/action.ts';
import { validationError } from '../../platform/http/dispatch.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { checkin, checkout, type EventResult, type Interface } from './events.ts';
import { interfaceOf, TABLE } from './links.ts';

/**
 * `POST /api/his/event` (DOMAIN 2.9 system/ExternalInterface): the hospital information system
 * reports admissions, discharges and transfers. The bearer token is the `token` of an enabled
 * `his_http` record; the bed is the Area whose `code` is `bed_code` in that record's site.
 * Admission applies the record's check-in actions, discharge its check-out actions, and a transfer
 * both (the patient leaves `from_bed_code`, or the bed they are found in, for `bed_code`).
 */

const dateTime = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

const eventSchema = (lang: Lang) => {
  const text = (name: string, max: number) =>
    z
      .string({ error: say(lang, 'outreach.mustText', { name }) })
      .trim()
      .max(max, say(lang, 'outreach.mustMostCharacters', { name, max }));
  return z
    .object({
      type: z.enum(['admit', 'discharge', 'transfer'], {
        error: say(lang, 'outreach.typeMustAdmitDischarge'),
      }),
      bed_code: text('bed_code', 32).min(1, say(lang, 'outreach.bedCodeRequired')),
      from_bed_code: text('from_bed_code', 32).optional(),
      patient_name: text('patient_name', 64).optional().default(''),
      gender: z
        .enum(['male', 'female', 'unknown'], {
          error: say(lang, 'outreach.genderMustMaleFemale'),
        })
        .optional(),
      age: z.coerce
        .number({ error: say(lang, 'outreach.ageMustNumber') })
        .int(say(lang, 'outreach.ageMustWholeNumber'))
        .min(0, say(lang, 'outreach.ageMustBetween'))
        .max(150, say(lang, 'outreach.ageMustBetween'))
        .optional(),
      admitted_at: text('admitted_at', 19)
        .refine((v) => v === '' || dateTime.test(v), say(lang, 'outreach.admittedMustYyyyMm'))
        .optional(),
      doctor: text('doctor', 64).optional(),
      nurse_level: z
        .union([text('nurse_level', 16), z.number().int().min(0).max(9).transform(String)])
        .optional(),
    })
    .superRefine((v, ctx) => {
      if (v.type !== 'discharge' && !v.patient_name)
        ctx.addIssue({
          code: 'custom',
          path: ['patient_name'],
          message: say(lang, 'outreach.patientNameRequired', { type: v.type }),
        });
    });
};

function bearer(header: unknown): string {
  const m = /^Bearer\s+(\S+)$/i.exec(String(header ?? '').trim());
  return m ? m[1]! : '';
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The enabled his_http record whose token is the bearer token, or null. */
async function interfaceByToken(app: AppContext, token: string): Promise<Interface | null> {
  if (!token) return null;
  const rows = (await app.db.kysely
    .selectFrom(TABLE)
    .selectAll()
    .where('type', '=', 'his_http')
    .where('enabled', '=', 1)
    .execute()) as Record<string, unknown>[];
  // Compare with every record, each in constant time, so timing says nothing about the tokens.
  let found: Record<string, unknown> | null = null;
  for (const r of rows)
    if (typeof r.token === 'string' && r.token !== '' && same(token, r.token) && !found) found = r;
  return found ? interfaceOf(found) : null;
}

export const hisActions = [
  defineCallAction(outreachCalls.hisEvent, {
    summary:
      'HIS patient event {type admit|discharge|transfer, bed_code, patient_name, gender, age, admitted_at, doctor, nurse_level}; Authorization: Bearer <token>',
    access: 'public',
    async handler(ctx, body) {
      const { app, lang } = ctx;
      const iface = await interfaceByToken(app, bearer(ctx.req.headers.authorization));
      if (!iface) throw new ApiError(Code.forbidden, say(lang, 'outreach.bearerTokenMissingBelongs'));
      const parsed = eventSchema(lang).safeParse(body);
      if (!parsed.success) throw validationError(parsed.error, lang, false);
      const e = parsed.data;
      const extra = Object.fromEntries(
        Object.entries({
          gender: e.gender,
          age: e.age,
          admitted_at: e.admitted_at,
          doctor: e.doctor,
          nurse_level: e.nurse_level,
        }).filter(([, v]) => v !== undefined && v !== ''),
      );
      const patient = {
        name: e.patient_name,
        reservation: '',
        language: '',
        arrival: (e.admitted_at ?? '').slice(0, 10),
        departure: '',
        extra,
      };
      let result: EventResult;
      if (e.type === 'admit') {
        result = await checkin(app, iface, 'admit', e.bed_code, patient, 'his');
      } else if (e.type === 'discharge') {
        result = await checkout(app, iface, 'discharge', e.bed_code, '', 'his');
      } else {
        // The bed the patient leaves: named, else where this HIS has them now.
        let from = e.from_bed_code ?? '';
        if (!from) {
          const row = await app.db.kysely
            .selectFrom('area_occupancy')
            .select('code')
            .where('interface_id', '=', iface.id)
            .where('state', '=', 'occupied')
            .where('guest_name', '=', e.patient_name)
            .executeTakeFirst();
          from = row?.code ?? '';
        }
        if (from && from !== e.bed_code) await checkout(app, iface, 'transfer', from, '', 'his');
        result = await checkin(app, iface, 'transfer', e.bed_code, patient, 'his');
      }
      if (result === 'failed') {
        ctx.logDetail = keepText('log.hisNoBed', { type: e.type, bed_code: e.bed_code });
        throw new ApiError(Code.notFound, say(lang, 'outreach.noAreaBedCode', { bed_code: e.bed_code }));
      }
      ctx.logDetail = `HIS ${e.type} ${e.bed_code}: ${result}`;
      return { result };
    },
  }),
];
