import type { DemoClock, DemoTable } from '../model.ts';
import { ref, refs, secret } from '../model.ts';

/**
 * GB28181 video: the hotel's NVR on the local media server (ZLMediaKit), its camera channels, one
 * pushed and one pulled stream, and the city's security platform upstream. Whether the media
 * server answers, the NVR is registered, a channel is on or a stream flows is what the media
 * server and the SIP side report: with neither running in a demo, those states stay empty.
 * GB ids follow the standard: 10-digit domain 3301060000, type 118 (NVR), 131/132 (cameras),
 * 200 (platform).
 */
const DOMAIN = '3301060000';
export const NVR_ID = `${DOMAIN}1180000001`;

export const CAMERA_CHANNELS: { key: string; id: string; name: string; ptz: number }[] = [
  { key: 'lobby', id: `${DOMAIN}1320000001`, name: '大堂全景 Lobby', ptz: 1 },
  { key: 'entrance', id: `${DOMAIN}1320000002`, name: '正门 Main entrance', ptz: 3 },
  { key: 'parking', id: `${DOMAIN}1310000003`, name: '停车场入口 Parking entrance', ptz: 3 },
  { key: 'pool', id: `${DOMAIN}1310000004`, name: '泳池 Pool deck', ptz: 3 },
];

export function videoData(_clock: DemoClock): DemoTable[] {
  return [
    {
      resource: 'video:media_server',
      rows: [
        {
          $key: 'zlm',
          server_id: 'zlm-local',
          ip: '192.168.10.2',
          hook_ip: '192.168.10.1',
          sdp_ip: '192.168.10.2',
          stream_ip: '192.168.10.2',
          http_port: 8081,
          secret: secret(32),
          record_path: '/var/lib/igs/record',
          record_days: 15,
          is_default: 1,
        },
      ],
    },
    {
      resource: 'video:gb_device',
      rows: [
        {
          device_id: NVR_ID,
          name: '监控室 NVR',
          password: secret(12),
          transport: 'UDP',
          stream_mode: 'TCP-PASSIVE',
          charset: 'GB2312',
          media_server_id: ref('video:media_server', 'zlm'),
          manufacturer: 'Hikvision',
          model: 'DS-7616N-K2',
          firmware: 'V4.31.105',
          channel_count: CAMERA_CHANNELS.length,
        },
      ],
    },
    {
      // Channels come from the NVR's catalogue; only custom_name is ours.
      resource: 'video:gb_channel',
      rows: CAMERA_CHANNELS.map((c, i) => ({
        $key: c.key,
        device_id: NVR_ID,
        channel_id: c.id,
        name: `IPCamera ${String(i + 1).padStart(2, '0')}`,
        custom_name: c.name,
        civil_code: '330106',
        address: '杭州市西湖区湖畔路 1 号',
        parent_id: NVR_ID,
        ptz_type: c.ptz,
        longitude: 120.1336 + i * 0.0002,
        latitude: 30.2592 + i * 0.0001,
        has_audio: i === 0 ? 1 : 0,
      })),
    },
    {
      resource: 'video:stream_push',
      rows: [
        {
          app: 'live',
          stream: 'ballroom-stage',
          name: '宴会厅舞台 Ballroom stage',
          gb_id: `${DOMAIN}1320000010`,
          media_server_id: ref('video:media_server', 'zlm'),
          origin: 'rtmp',
        },
      ],
    },
    {
      resource: 'video:stream_proxy',
      rows: [
        {
          name: '电梯厅 Elevator hall',
          app: 'proxy',
          stream: 'elevator-hall',
          type: 'default',
          src_url: 'rtsp://192.168.20.31:554/Streaming/Channels/101',
          rtsp_transport: 'tcp',
          gb_id: `${DOMAIN}1320000011`,
        },
      ],
    },
    {
      resource: 'video:platform',
      rows: [
        {
          name: '区公安视频平台 District security platform',
          server_gb_id: `${DOMAIN}2000000001`,
          server_gb_domain: DOMAIN,
          server_ip: '10.33.1.20',
          server_port: 5060,
          device_gb_id: `${DOMAIN}2000000099`,
          username: `${DOMAIN}2000000099`,
          password: secret(12),
          transport: 'UDP',
          charset: 'GB2312',
          ptz: 0,
          channel_ids: refs('video:gb_channel', 'entrance', 'parking'),
          enabled: 1,
        },
      ],
    },
  ];
}
