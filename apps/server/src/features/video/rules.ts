import { Code, say } from '@igs/contract';
import { type Registration, writeRule } from '../../platform/feature.ts';
import { ApiError, invalidField } from '../../platform/http/errors.ts';
import type { WriteHookArgs } from '../../platform/resources/hooks.ts';
import { untyped } from '../../platform/resources/queries.ts';

/**
 * DOMAIN 2.3 rules the field descriptions cannot say:
 * - StreamPush and StreamProxy: (app, stream) is unique as a pair in a site: the media server
 *   knows a stream by that pair, so two rows with it would be one stream (409);
 * - GbDevice: a device an operator adds is approved: only the SIP agent holds devices pending;
 * - MediaServer: `secret`* (the API secret) is required on add. The generic rule lets an empty
 *   secret keep the stored one, which on add would leave a server the console cannot call (422).
 */

/** The values a write will leave on the record: the stored ones under the sent ones. */
async function merged(
  { conn, def, values, selfId }: WriteHookArgs,
  columns: string[],
): Promise<Record<string, unknown>> {
  if (selfId === undefined) return values;
  const current =
    (await untyped(conn).selectFrom(def.table).select(columns).where('id', '=', selfId).executeTakeFirst()) ??
    {};
  return { ...current, ...Object.fromEntries(columns.filter((c) => c in values).map((c) => [c, values[c]])) };
}

export async function appStreamPairUnique(
  args: WriteHookArgs<'video_stream_push' | 'video_stream_proxy'>,
): Promise<void> {
  const { conn, lang, def, values, site, selfId } = args;
  if (selfId !== undefined && !('app' in values) && !('stream' in values)) return;
  const r = await merged(args, ['app', 'stream']);
  if (r.app == null || r.stream == null) return;
  let q = conn
    .selectFrom(def.table)
    .select('id')
    .where('site_id', '=', site)
    .where('app', '=', String(r.app))
    .where('stream', '=', String(r.stream));
  if (selfId !== undefined) q = q.where('id', '!=', selfId);
  const clash = await q.executeTakeFirst();
  if (!clash) return;
  const msg = say(lang, 'video.streamAlreadyExists', {
    app: String(r.app),
    stream: String(r.stream),
    id: clash.id,
  });
  throw new ApiError(Code.conflict, msg, { errors: [{ field: 'stream', msg }] });
}

export async function gbDeviceApprovedOnAdd({ values, selfId }: WriteHookArgs): Promise<void> {
  if (selfId === undefined) values.approval = 'approved';
}

export async function mediaServerSecretOnAdd({ lang, values, selfId }: WriteHookArgs): Promise<void> {
  if (selfId !== undefined) return;
  const secret = values.secret;
  if (typeof secret === 'string' && secret !== '') return;
  throw invalidField('secret', say(lang, 'video.apiSecretRequiredEvery'));
}

/** What this module registers on the generic resource calls (listed by its feature). */
export const videoRules: readonly Registration[] = [
  writeRule('video:stream_push', appStreamPairUnique),
  writeRule('video:stream_proxy', appStreamPairUnique),
  writeRule('video:media_server', mediaServerSecretOnAdd),
  writeRule('video:gb_device', gbDeviceApprovedOnAdd),
];
