import { z } from 'zod';
import { type Occupancy, type OutreachEvent, SystemServicePaths } from '../extras/system-services.ts';
import { defineCall, paging } from './define.ts';

/**
 * system/ExternalInterface (`system/outreach`) beside its generic record calls: the verbs `resync`
 * (FIAS DR) and `test`, the PMS/HIS event log and the rooms' occupancy; and the HIS endpoint
 * (`/api/his/event`), where a hospital information system reports its patients.
 */

const PATH = SystemServicePaths.outreach;
const id = z.coerce.number({ error: 'id is required' }).int().positive('id is required');
const EventResult = z.enum(['ok', 'partial', 'failed', 'skipped']);

export const OutreachEventRow: z.ZodType<OutreachEvent> = z.object({
  id: z.number(),
  time: z.string(),
  interface_id: z.number(),
  interface_name: z.string(),
  record: z.string(),
  room: z.string(),
  guest: z.string(),
  result: EventResult,
  detail: z.string(),
});

export const OccupancyRow: z.ZodType<Occupancy> = z.object({
  area_id: z.number(),
  code: z.string(),
  area_name: z.string(),
  state: z.enum(['occupied', 'vacant']),
  guest_name: z.string(),
  reservation: z.string(),
  language: z.string(),
  arrival: z.string(),
  departure: z.string(),
  source: z.enum(['fias', 'his']),
  interface_id: z.number(),
  /** HIS: gender, age, doctor, nurse_level, admitted_at. */
  extra: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
});

/** The state of a FIAS link: connected (TCP), linked (the PMS answered LS), or down. */
export const FiasLinkState = z.enum(['connected', 'linked', 'down']);

/** `test`: for a HIS interface the last event; for FIAS a connection to the PMS and its answer to LS. */
export const OutreachTestReply = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('his_http'),
    /** Where the HIS posts its events. */
    endpoint: z.string(),
    last_event: z.string().nullable(),
  }),
  z.object({
    type: z.literal('fias'),
    tcp: z.boolean(),
    /** The PMS's answer to LS, or null without one. */
    answered: z.string().nullable(),
    ms: z.number().nullable(),
    error: z.string(),
    link_state: FiasLinkState,
  }),
]);
export type OutreachTestReply = z.infer<typeof OutreachTestReply>;

export const outreachCalls = {
  resync: defineCall({
    path: PATH,
    method: 'resync',
    input: z.object({ id }),
    output: z.object({ sent: z.literal(true) }),
  }),
  test: defineCall({ path: PATH, method: 'test', input: z.object({ id }), output: OutreachTestReply }),
  /** Newest first. */
  events: defineCall({
    path: PATH,
    method: 'events',
    input: z.object({
      ...paging,
      filter: z
        .object({
          interface_id: z.coerce.number().int().positive().optional(),
          record: z.string().trim().max(16).optional(),
          room: z.string().trim().max(32).optional(),
          result: EventResult.optional(),
        })
        .optional()
        .default({}),
    }),
    output: z.object({ list: z.array(OutreachEventRow), total: z.number() }),
  }),
  /** By room or bed code. */
  occupancy: defineCall({
    path: PATH,
    method: 'occupancy',
    input: z.object({
      ...paging,
      limit: z.coerce.number().int().min(1).max(200).optional().default(50),
      filter: z
        .object({
          state: z.enum(['occupied', 'vacant']).optional(),
          code: z.string().trim().max(32).optional(),
        })
        .optional()
        .default({}),
    }),
    output: z.object({ list: z.array(OccupancyRow), total: z.number() }),
  }),
  /**
   * A HIS patient event {type admit|discharge|transfer, bed_code, from_bed_code?, patient_name,
   * gender, age, admitted_at, doctor, nurse_level} with `Authorization: Bearer <token>`: checked by
   * the server in the caller's language. A bed no Area has is 404.
   */
  hisEvent: defineCall({
    path: SystemServicePaths.hisEvent,
    input: z.object({}).loose(),
    output: z.object({ result: z.enum(['ok', 'partial', 'skipped']) }),
  }),
};
