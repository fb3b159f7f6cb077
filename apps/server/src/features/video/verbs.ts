import { Code, keepText, say, texts } from '@igs/contract';
// The add/edit rules of the same resources (pairs, the media server secret).
import { type Registration, resourceVerb } from '../../platform/feature.ts';
import { findBinary, runFile } from '../../platform/host/host-exec.ts';
import { ApiError } from '../../platform/http/errors.ts';
import { loadConfig } from '../../platform/settings/service-config.ts';
import { agentAndDevice, deviceFailure, requireAgent } from './gb-agent.ts';
import { NoReply } from './gb28181/agent.ts';
import { noteRegistered, parentOf, pushCatalog, registerUpward, sharedChannels } from './gb28181/cascade.ts';
import { storeCatalog } from './gb28181/devices.ts';
import { catalogPart, type Manscdp, text } from './gb28181/manscdp.ts';
import { type PtzCommand, ptzCmd } from './gb28181/ptz.ts';
import { liveSsrc, playOffer } from './gb28181/sdp.ts';
import {
  apiBase,
  callMediaServer,
  DEFAULT_VHOST,
  mediaServerFailure,
  mediaServerFor,
  noMediaServer,
  playUrls,
  zlmApi,
} from './zlm.ts';

/**
 * DOMAIN 2.3 verbs. Stream and media-server verbs call the media server's HTTP API (zlm.ts) and
 * store what it answered; GB28181 device and parent-platform verbs go through the SIP agent
 * (gb-agent.ts, gb28181/), 503 naming it when it does not run. A verb never
 * reports a success nothing produced.
 */

const num = (v: unknown) => Number(v ?? 0);

// ---- MediaServer -------------------------------------------------------------------------------

const mediaServerTestVerb = resourceVerb('video:media_server', 'test', async ({ ctx, db, records }) => {
  const rec = records[0]!;
  const ms = (await mediaServerFor(db, num(rec.site_id), num(rec.id)))!;
  let data: unknown;
  try {
    data = (await zlmApi(ms, 'getServerConfig')).data;
  } catch (e) {
    ctx.logDetail = keepText('log.mediaServerFailed', { id: ms.id, api: apiBase(ms) });
    throw mediaServerFailure(ctx.lang, ms, 'getServerConfig', e);
  }
  const config = Array.isArray(data) && data[0] && typeof data[0] === 'object' ? data[0] : {};
  const reported = String((config as Record<string, unknown>)['general.mediaServerId'] ?? '');
  await db
    .updateTable('video_media_server')
    .set({ online: 1, updated_at: ctx.app.now() })
    .where('id', '=', ms.id)
    .execute();
  ctx.logDetail = keepText('log.mediaServerOk', { id: ms.id, api: apiBase(ms) });
  ctx.msg = say(ctx.lang, 'video.mediaServerAnswered', { server_id: ms.server_id });
  return {
    ok: true,
    api: apiBase(ms),
    reported_server_id: reported,
    server_id_matches: reported === '' || reported === ms.server_id,
  };
});

// ---- StreamProxy -------------------------------------------------------------------------------

/** ZLMediaKit's rtp_type for RTSP pulls: 0 tcp, 1 udp, 2 multicast. */
const RTP_TYPE: Record<string, number> = { tcp: 0, udp: 1, multicast: 2 };

const streamProxyStartVerb = resourceVerb('video:stream_proxy', 'start', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const ms = await mediaServerFor(db, num(r.site_id));
  if (!ms) throw noMediaServer(ctx.lang);
  const data = (await callMediaServer(ctx.lang, ms, 'addStreamProxy', {
    vhost: DEFAULT_VHOST,
    app: String(r.app),
    stream: String(r.stream),
    url: String(r.src_url),
    rtp_type: RTP_TYPE[String(r.rtsp_transport ?? 'tcp')] ?? 0,
    timeout_sec: num(r.timeout_s) || 10,
    enable_audio: num(r.enable_audio) ? 1 : 0,
    enable_mp4: num(r.record_mp4) ? 1 : 0,
  })) as { key?: string } | undefined;
  await db
    .updateTable('video_stream_proxy')
    .set({ pulling: 1, updated_at: ctx.app.now() })
    .where('id', '=', num(r.id))
    .execute();
  ctx.msg = say(ctx.lang, 'video.pulling', { app: String(r.app), stream: String(r.stream) });
  return {
    key: data?.key ?? `${DEFAULT_VHOST}/${r.app}/${r.stream}`,
    urls: playUrls(ms, String(r.app), String(r.stream)),
  };
});

const streamProxyStopVerb = resourceVerb('video:stream_proxy', 'stop', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const ms = await mediaServerFor(db, num(r.site_id));
  if (!ms) throw noMediaServer(ctx.lang);
  const data = (await callMediaServer(ctx.lang, ms, 'delStreamProxy', {
    key: `${DEFAULT_VHOST}/${r.app}/${r.stream}`,
  })) as { flag?: boolean } | undefined;
  await db
    .updateTable('video_stream_proxy')
    .set({ pulling: 0, updated_at: ctx.app.now() })
    .where('id', '=', num(r.id))
    .execute();
  const wasPulling = data?.flag !== false;
  ctx.msg = wasPulling
    ? say(ctx.lang, 'video.stoppedPulling', { app: String(r.app), stream: String(r.stream) })
    : say(ctx.lang, 'video.notBeingPulled', { app: String(r.app), stream: String(r.stream) });
  return { was_pulling: wasPulling };
});

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  bit_rate?: string;
}

const streamProxyProbeVerb = resourceVerb('video:stream_proxy', 'probe', async ({ ctx, records }) => {
  const r = records[0]!;
  const ffprobe = await findBinary('ffprobe');
  if (!ffprobe)
    throw new ApiError(Code.unavailable, say(ctx.lang, 'video.ffprobeNotInstalledServer'), {
      service: 'ffprobe',
    });
  const timeoutS = num(r.timeout_s) || 10;
  const url = String(r.src_url);
  const args = ['-v', 'error', '-rw_timeout', String(timeoutS * 1_000_000)];
  if (url.startsWith('rtsp') && r.rtsp_transport) args.push('-rtsp_transport', String(r.rtsp_transport));
  args.push('-show_entries', 'stream=codec_type,codec_name,width,height,bit_rate', '-of', 'json', url);
  const run = await runFile(ffprobe, args, { timeoutMs: (timeoutS + 5) * 1000 });
  if (run.code !== 0) {
    const why = run.timedOut
      ? say(ctx.lang, 'video.noAnswerWithinS', { value: timeoutS + 5 })
      : (run.stderr.trim() || run.error || `exit ${run.code}`).slice(0, 500);
    throw new ApiError(Code.unavailable, say(ctx.lang, 'video.sourceCouldNotProbed', { url, why }), {
      reason: why,
    });
  }
  let streams: ProbeStream[] = [];
  try {
    streams = (JSON.parse(run.stdout) as { streams?: ProbeStream[] }).streams ?? [];
  } catch {
    streams = [];
  }
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  ctx.msg = video
    ? say(ctx.lang, 'video.sourceAnswersX', {
        codec_name: video.codec_name,
        width: video.width,
        height: video.height,
      })
    : say(ctx.lang, 'video.sourceAnswersWithoutVideo');
  return {
    ok: true,
    video: video ? { codec: video.codec_name, width: video.width, height: video.height } : null,
    audio: audio ? { codec: audio.codec_name } : null,
    streams,
  };
});

// ---- StreamPush --------------------------------------------------------------------------------

const streamPushPlayVerb = resourceVerb('video:stream_push', 'play', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const ms = await mediaServerFor(db, num(r.site_id), num(r.media_server_id) || null);
  if (!ms) throw noMediaServer(ctx.lang);
  const list = await callMediaServer(ctx.lang, ms, 'getMediaList', {
    vhost: DEFAULT_VHOST,
    app: String(r.app),
    stream: String(r.stream),
  });
  if (!Array.isArray(list) || list.length === 0)
    throw new ApiError(
      Code.conflict,
      say(ctx.lang, 'video.notBeingPushedMedia', {
        app: String(r.app),
        stream: String(r.stream),
        server_id: ms.server_id,
      }),
    );
  await db
    .updateTable('video_stream_push')
    .set({ pushing: 1, updated_at: ctx.app.now() })
    .where('id', '=', num(r.id))
    .execute();
  return { urls: playUrls(ms, String(r.app), String(r.stream)) };
});

const streamPushStopVerb = resourceVerb('video:stream_push', 'stop', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const ms = await mediaServerFor(db, num(r.site_id), num(r.media_server_id) || null);
  if (!ms) throw noMediaServer(ctx.lang);
  const data = (await callMediaServer(ctx.lang, ms, 'close_streams', {
    vhost: DEFAULT_VHOST,
    app: String(r.app),
    stream: String(r.stream),
    force: 1,
  })) as { count_hit?: number; count_closed?: number } | undefined;
  // close_streams answers its counts beside `data` in some versions.
  await db
    .updateTable('video_stream_push')
    .set({ pushing: 0, updated_at: ctx.app.now() })
    .where('id', '=', num(r.id))
    .execute();
  return { closed: Number(data?.count_closed ?? 0), hit: Number(data?.count_hit ?? 0) };
});

// ---- GbDevice and Platform (the SIP agent) ------------------------------------------------------

const deviceName = (r: Record<string, unknown>) => `${r.device_id}${r.name ? ` (${r.name})` : ''}`;

/**
 * How long the catalog verb waits for DeviceStatus: some devices never answer it, and the verb
 * should not keep the operator waiting the whole reply timeout for an optional fact.
 */
const STATUS_TIMEOUT_MS = 3_000;

/**
 * DeviceInfo, DeviceStatus, then Catalog: the device's make and model, how it says it is, and its
 * channels (all parts by SumNum). A device that does not answer DeviceStatus within
 * STATUS_TIMEOUT_MS still gets its catalogue (status null): some only answer the other two.
 */
const gbDeviceCatalogVerb = resourceVerb('video:gb_device', 'catalog', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const target = deviceName(r);
  const { agent, device } = await agentAndDevice(ctx, texts('video.queryCatalogue'), r, target);
  let info: Manscdp[];
  let status: Manscdp[] = [];
  let parts: Manscdp[];
  try {
    info = await agent.query(device, 'DeviceInfo');
    status = await agent.query(device, 'DeviceStatus', STATUS_TIMEOUT_MS).catch((e: unknown) => {
      if (e instanceof NoReply) return [];
      throw e;
    });
    parts = await agent.query(device, 'Catalog');
  } catch (e) {
    throw deviceFailure(ctx, target, e);
  }
  const f = info[0]?.fields ?? {};
  const facts = {
    manufacturer: text(f.Manufacturer, 64) || null,
    model: text(f.Model, 64) || null,
    firmware: text(f.Firmware, 64) || null,
  };
  await db
    .updateTable('video_gb_device')
    .set({ ...facts, updated_at: ctx.app.now() })
    .where('id', '=', num(r.id))
    .execute();
  const items = parts.flatMap((p) => catalogPart(p).items);
  await storeCatalog(ctx.app, String(r.device_id), items);
  const st = status[0]?.fields;
  ctx.msg = say(ctx.lang, 'video.gbCatalogueStored', {
    target,
    n: new Set(items.map((i) => i.channel_id)).size,
  });
  return {
    ...facts,
    status: st
      ? {
          online: text(st.Online, 16),
          status: text(st.Status, 16),
          record: text(st.Record, 16),
          device_time: text(st.DeviceTime, 32),
        }
      : null,
    channels: items,
    parts: parts.length,
    sum_num: catalogPart(parts[0]!).sumNum,
  };
});

/**
 * Admits a device the agent holds pending (ServiceConfig register_unknown `pending`): no SIP is
 * sent; the device's next REGISTER (with the platform password's digest) is accepted.
 */
const gbDeviceApproveVerb = resourceVerb('video:gb_device', 'approve', async ({ ctx, db, records }) => {
  const r = records[0]!;
  await db
    .updateTable('video_gb_device')
    .set({ approval: 'approved', updated_at: ctx.app.now() })
    .where('id', '=', num(r.id))
    .where('approval', '=', 'pending')
    .execute();
  ctx.msg = say(ctx.lang, 'video.gbDeviceApproved', { target: deviceName(r) });
  return { approved: true };
});

/** The channel a verb is addressed to: the one chosen, else the device itself (an IP camera). */
const controlTarget = (r: Record<string, unknown>, input: Record<string, unknown>) =>
  String(input.channel_id || r.device_id);

/** The SSRCs of this process's plays: a sequence, as the SSRC's last 4 digits. */
let ssrcSeq = Math.floor(Math.random() * 10_000);

/**
 * Live play: the media server opens an RTP port for the stream (`rtp/<device>_<channel>`), the
 * device is INVITEd to send there with the SSRC the offer names, and the media server's URLs of the
 * stream are answered. The media server must answer before anything is sent to the device.
 */
const gbDevicePlayVerb = resourceVerb('video:gb_device', 'play', async ({ ctx, db, records, input }) => {
  const r = records[0]!;
  const target = deviceName(r);
  const ms = await mediaServerFor(db, num(r.site_id), num(r.media_server_id) || null);
  if (!ms) throw noMediaServer(ctx.lang);
  await callMediaServer(ctx.lang, ms, 'getServerConfig');
  const { agent, device } = await agentAndDevice(ctx, texts('video.startStream'), r, target);
  const cfg = (await loadConfig(ctx.app)).gb28181;
  const channel = controlTarget(r, input);
  const stream = `${r.device_id}_${channel}`;
  // TCP-PASSIVE: the device connects to the media server's port; else RTP over UDP.
  const tcp = r.stream_mode === 'TCP-PASSIVE';
  let rtpPort: number;
  try {
    const opened = await zlmApi(ms, 'openRtpServer', { port: 0, tcp_mode: tcp ? 1 : 0, stream_id: stream });
    rtpPort = Number(opened.body.port);
  } catch (e) {
    throw mediaServerFailure(ctx.lang, ms, 'openRtpServer', e);
  }
  const ssrc = liveSsrc(String(cfg.domain ?? ''), ++ssrcSeq);
  const sdp = playOffer({ channelId: channel, mediaIp: ms.stream_ip || ms.ip, rtpPort, ssrc, tcp });
  try {
    await agent.invite(device, channel, sdp, `${channel}:${ssrc},${cfg.server_id}:0`);
  } catch (e) {
    // The port opened for a stream that will not come is given back.
    await zlmApi(ms, 'closeRtpServer', { stream_id: stream }).catch(() => {});
    throw deviceFailure(ctx, target, e);
  }
  ctx.msg = say(ctx.lang, 'video.gbPlaying', { target, stream: `rtp/${stream}` });
  return { app: 'rtp', stream, ssrc, rtp_port: rtpPort, urls: playUrls(ms, 'rtp', stream) };
});

const gbDeviceStopVerb = resourceVerb('video:gb_device', 'stop', async ({ ctx, db, records, input }) => {
  const r = records[0]!;
  const target = deviceName(r);
  const { agent, device } = await agentAndDevice(ctx, texts('video.stopStream'), r, target);
  const channel = controlTarget(r, input);
  let wasPlaying: boolean;
  try {
    wasPlaying = await agent.bye(device, channel);
  } catch (e) {
    throw deviceFailure(ctx, target, e);
  }
  const ms = await mediaServerFor(db, num(r.site_id), num(r.media_server_id) || null);
  if (ms) await zlmApi(ms, 'closeRtpServer', { stream_id: `${r.device_id}_${channel}` }).catch(() => {});
  ctx.msg = say(ctx.lang, wasPlaying ? 'video.gbStopped' : 'video.gbNotPlaying', { target });
  return { was_playing: wasPlaying };
});

const gbDevicePtzVerb = resourceVerb('video:gb_device', 'ptz', async ({ ctx, records, input }) => {
  const r = records[0]!;
  const target = deviceName(r);
  const command = String(input.command) as PtzCommand;
  const { agent, device } = await agentAndDevice(ctx, texts('video.sendPtz', { command }), r, target);
  const cmd = ptzCmd(command, input.speed === undefined || input.speed === null ? 128 : num(input.speed));
  try {
    await agent.control({ ...device, device_id: controlTarget(r, input) }, [['PTZCmd', cmd]]);
  } catch (e) {
    throw deviceFailure(ctx, target, e);
  }
  ctx.msg = say(ctx.lang, 'video.gbPtzSent', { command, target });
  return { ptz_cmd: cmd };
});

const gbDeviceRebootVerb = resourceVerb('video:gb_device', 'reboot', async ({ ctx, records }) => {
  const r = records[0]!;
  const target = deviceName(r);
  const { agent, device } = await agentAndDevice(ctx, texts('video.reboot'), r, target);
  try {
    await agent.control(device, [['TeleBoot', 'Boot']]);
  } catch (e) {
    throw deviceFailure(ctx, target, e);
  }
  ctx.msg = say(ctx.lang, 'video.gbRebootSent', { target });
  return { sent: true };
});

const platformTarget = (r: Record<string, unknown>) => `${r.name} (${r.server_ip}:${r.server_port})`;

/**
 * REGISTER to the parent platform now, its digest answered; `status` ON when accepted, else FAILED
 * with `last_error` (why) stored after the error reply.
 */
const platformRegisterVerb = resourceVerb('video:platform', 'register', async ({ ctx, db, records }) => {
  const r = records[0]!;
  const target = platformTarget(r);
  const agent = await requireAgent(ctx, texts('video.register'), target);
  try {
    const stored = await db
      .selectFrom('video_platform')
      .select('password')
      .where('id', '=', num(r.id))
      .executeTakeFirst();
    await registerUpward(agent, parentOf(r, String(stored?.password ?? '')));
  } catch (e) {
    agent.upwardFailed(num(r.id), e);
    throw deviceFailure(ctx, target, e);
  }
  noteRegistered(agent, num(r.id), ctx.app.now());
  await db
    .updateTable('video_platform')
    .set({ status: 'ON', last_error: null, updated_at: ctx.app.now() })
    .where('id', '=', num(r.id))
    .execute();
  ctx.msg = say(ctx.lang, 'video.gbRegisteredWith', { target });
  return { registered: true };
});

/** The shared channels sent up as Response/Catalog MESSAGEs (custom names where set). */
const platformPushCatalogVerb = resourceVerb('video:platform', 'push_catalog', async ({ ctx, records }) => {
  const r = records[0]!;
  const ids = (Array.isArray(r.channel_ids) ? r.channel_ids : []).map(Number).filter(Number.isInteger);
  if (!ids.length)
    throw new ApiError(
      Code.conflict,
      say(ctx.lang, 'video.sharesNoChannelsChoose', { name: String(r.name) }),
    );
  const target = platformTarget(r);
  const agent = await requireAgent(ctx, texts('video.pushChannels', { n: ids.length }), target);
  const items = await sharedChannels(ctx.app, ids);
  let sent: number;
  try {
    sent = await pushCatalog(agent, parentOf(r, ''), items, Math.floor(Math.random() * 100_000));
  } catch (e) {
    throw deviceFailure(ctx, target, e);
  }
  ctx.msg = say(ctx.lang, 'video.gbPushed', { target, n: sent });
  return { pushed: sent };
});

/** What this module registers on the generic resource calls (listed by its feature). */
export const videoVerbs: readonly Registration[] = [
  mediaServerTestVerb,
  streamProxyStartVerb,
  streamProxyStopVerb,
  streamProxyProbeVerb,
  streamPushPlayVerb,
  streamPushStopVerb,
  gbDeviceApproveVerb,
  gbDeviceCatalogVerb,
  gbDevicePlayVerb,
  gbDeviceStopVerb,
  gbDevicePtzVerb,
  gbDeviceRebootVerb,
  platformRegisterVerb,
  platformPushCatalogVerb,
];
