import { enabledField, enumField, nameField, ONLINE_WORDS, refField, refsField } from '../fields.ts';
import type { FieldDef, OptionLabel, ResourceDef } from '../types.ts';

/** Video: GB28181 (DOMAIN section 2.3). */

/** The SIP signalling transport of a device or of the link to a parent platform. */
const TRANSPORTS = {
  UDP: { en: 'UDP', zh_CN: 'UDP协议' },
  TCP: { en: 'TCP', zh_CN: 'TCP协议' },
} as const satisfies Record<string, OptionLabel>;
/** The character set of the SIP MESSAGE bodies (GB28181 devices mostly speak GB2312). */
const CHARSETS = {
  GB2312: { en: 'GB2312', zh_CN: 'GB2312编码' },
  'UTF-8': { en: 'UTF-8', zh_CN: 'UTF-8编码' },
} as const satisfies Record<string, OptionLabel>;
/** wvp's channel status: ON (the device reports it online) or OFF. */
const ON_OFF = {
  ON: { en: 'Online', zh_CN: '在线', tone: 'success' },
  OFF: { en: 'Offline', zh_CN: '离线', tone: 'error' },
} as const satisfies Record<string, OptionLabel>;
const gbId = (en: string, zh: string, n: 10 | 20) => ({
  source: `^\\d{${n}}$`,
  message: { en: `${en} must be ${n} digits`, zh_CN: `${zh}须为${n}位数字` },
});
const port = (name: string, en: string, zh: string, def: number): FieldDef => ({
  name,
  type: 'int',
  label: { en, zh_CN: zh },
  min: 1,
  max: 65535,
  default: def,
});

/** The channel a device verb is about; empty means the device itself (an IP camera). */
const channelField: FieldDef = {
  name: 'channel_id',
  type: 'str',
  label: { en: 'Channel id (empty = the device)', zh_CN: '通道编号（空为设备本身）' },
  pattern: gbId('Channel id', '通道编号', 20),
};

// DOMAIN 2.3 video/GbDevice: GbDevice (`wvp_device`).
export const gbDevice: ResourceDef<'video_gb_device'> = {
  name: 'video:gb_device',
  endpoint: '/admin.php/video/gb_device',
  table: 'video_gb_device',
  title: { en: 'GB28181 device', zh_CN: 'GB28181设备' },
  columns: {
    first: ['name', 'device_id', 'online', 'approval', 'channel_count', 'ip'],
    more: ['manufacturer', 'model', 'firmware', 'port', 'register_time', 'expires_time'],
  },
  fields: [
    {
      name: 'device_id',
      type: 'str',
      label: { en: 'Device id', zh_CN: '设备编号' },
      required: true,
      unique: true,
      list: true,
      filter: true,
      keyword: true,
      pattern: gbId('Device id', '设备编号', 20),
    },
    {
      name: 'name',
      type: 'str',
      label: { en: 'Name', zh_CN: '名称' },
      max: 64,
      list: true,
      filter: true,
      keyword: true,
    },
    {
      name: 'password',
      type: 'pwd',
      label: { en: 'Password (empty = platform default)', zh_CN: '密码（空为平台默认）' },
      max: 64,
    },
    enumField('transport', { en: 'Signalling transport', zh_CN: '信令传输' }, TRANSPORTS),
    enumField(
      'stream_mode',
      { en: 'Stream mode', zh_CN: '收流模式' },
      {
        UDP: { en: 'UDP', zh_CN: 'UDP收流' },
        'TCP-ACTIVE': { en: 'TCP active', zh_CN: 'TCP主动' },
        'TCP-PASSIVE': { en: 'TCP passive', zh_CN: 'TCP被动' },
      },
    ),
    enumField('charset', { en: 'Charset', zh_CN: '字符集' }, CHARSETS),
    // The device's heartbeat period as configured on it; 3 missed make it offline (the SIP agent).
    {
      name: 'keepalive_interval',
      type: 'int',
      label: { en: 'Keep-alive interval', zh_CN: '心跳周期' },
      unit: 'seconds',
      min: 5,
      max: 3600,
      default: 60,
    },
    refField('media_server_id', 'video:media_server', { en: 'Media server', zh_CN: '媒体节点' }),
    {
      name: 'manufacturer',
      type: 'str',
      label: { en: 'Manufacturer', zh_CN: '厂商' },
      readonly: true,
      list: true,
    },
    { name: 'model', type: 'str', label: { en: 'Model', zh_CN: '型号' }, readonly: true, list: true },
    {
      name: 'firmware',
      type: 'str',
      label: { en: 'Firmware', zh_CN: '固件版本' },
      readonly: true,
      list: true,
    },
    { name: 'ip', type: 'ip', label: { en: 'IP', zh_CN: 'IP地址' }, readonly: true, list: true },
    { name: 'port', type: 'int', label: { en: 'Port', zh_CN: '端口' }, readonly: true, list: true },
    {
      name: 'register_time',
      type: 'dt',
      label: { en: 'Registered', zh_CN: '注册时间' },
      readonly: true,
      list: true,
    },
    // When the registration lapses without a new REGISTER (register time + the Expires granted):
    // the agent then takes the device offline and refuses its requests until it registers again.
    {
      name: 'expires_time',
      type: 'dt',
      label: { en: 'Registration expires', zh_CN: '注册到期时间' },
      readonly: true,
      list: true,
    },
    {
      name: 'keepalive_time',
      type: 'dt',
      label: { en: 'Last keep-alive', zh_CN: '心跳时间' },
      readonly: true,
      list: true,
    },
    {
      name: 'channel_count',
      type: 'int',
      label: { en: 'Channels', zh_CN: '通道数' },
      readonly: true,
      list: true,
    },
    {
      name: 'online',
      type: 'bool',
      boolLabels: ONLINE_WORDS,
      label: { en: 'Online', zh_CN: '在线' },
      readonly: true,
      list: true,
      filter: true,
    },
    // A device the SIP agent added under ServiceConfig register_unknown `pending`: refused (403)
    // until an operator approves it. Approved from the start when an operator adds it, or when the
    // agent adds it under `add` (features/video/rules.ts).
    enumField(
      'approval',
      { en: 'Approval', zh_CN: '审批状态' },
      {
        pending: { en: 'Awaiting approval', zh_CN: '待审批', tone: 'warning' },
        approved: { en: 'Approved', zh_CN: '已批准', tone: 'success' },
      },
      { readonly: true, list: true, filter: true },
    ),
  ],
  // DOMAIN 2.3: sent by the GB28181 SIP agent; play also needs a media server. approve admits a
  // device the agent holds pending (no SIP: it registers normally on its next REGISTER).
  verbs: [
    {
      name: 'approve',
      label: { en: 'Approve', zh_CN: '批准接入' },
      scope: 'row',
      when: { field: 'approval', in: ['pending'] },
      confirm: {
        en: 'Let this device register with the platform password?',
        zh_CN: '允许该设备使用平台密码注册？',
      },
    },
    { name: 'catalog', label: { en: 'Query catalogue', zh_CN: '查询目录' }, scope: 'row' },
    { name: 'play', label: { en: 'Play', zh_CN: '点播' }, scope: 'row', fields: [channelField] },
    { name: 'stop', label: { en: 'Stop playing', zh_CN: '停止点播' }, scope: 'row', fields: [channelField] },
    {
      name: 'ptz',
      label: { en: 'PTZ control', zh_CN: '云台控制' },
      scope: 'row',
      fields: [
        enumField(
          'command',
          { en: 'Command', zh_CN: '指令' },
          {
            left: { en: 'Left', zh_CN: '向左' },
            right: { en: 'Right', zh_CN: '向右' },
            up: { en: 'Up', zh_CN: '向上' },
            down: { en: 'Down', zh_CN: '向下' },
            upleft: { en: 'Up left', zh_CN: '左上' },
            upright: { en: 'Up right', zh_CN: '右上' },
            downleft: { en: 'Down left', zh_CN: '左下' },
            downright: { en: 'Down right', zh_CN: '右下' },
            zoomin: { en: 'Zoom in', zh_CN: '放大' },
            zoomout: { en: 'Zoom out', zh_CN: '缩小' },
            stop: { en: 'Stop', zh_CN: '停止' },
          },
          { required: true },
        ),
        {
          name: 'speed',
          type: 'int',
          label: { en: 'Speed (1–255)', zh_CN: '速度（1–255）' },
          min: 1,
          max: 255,
          default: 128,
        },
        channelField,
      ],
    },
    {
      name: 'reboot',
      label: { en: 'Reboot', zh_CN: '重启' },
      scope: 'row',
      confirm: { en: 'Reboot this device?', zh_CN: '重启该设备？' },
      danger: true,
    },
  ],
};

// DOMAIN 2.3 video/GbDevice: GbChannel (`wvp_device_channel`), rows stored from the device's
// Catalog replies; only `custom_name` is editable (the menu grants edit and export only).
// `device_id` is the device's 20-digit GB id, as in wvp, so deleting a device is not blocked.
export const gbChannel: ResourceDef<'video_gb_channel'> = {
  name: 'video:gb_channel',
  endpoint: '/admin.php/video/gb_channel',
  table: 'video_gb_channel',
  title: { en: 'GB28181 channel', zh_CN: 'GB28181通道' },
  fields: [
    {
      name: 'device_id',
      type: 'str',
      label: { en: 'Device id', zh_CN: '设备编号' },
      readonly: true,
      list: true,
      filter: true,
      pattern: gbId('Device id', '设备编号', 20),
    },
    {
      name: 'channel_id',
      type: 'str',
      label: { en: 'Channel id', zh_CN: '通道编号' },
      readonly: true,
      list: true,
      keyword: true,
      pattern: gbId('Channel id', '通道编号', 20),
    },
    {
      name: 'name',
      type: 'str',
      label: { en: 'Name', zh_CN: '名称' },
      readonly: true,
      list: true,
      keyword: true,
    },
    {
      name: 'custom_name',
      type: 'str',
      label: { en: 'Custom name', zh_CN: '自定义名称' },
      max: 64,
      list: true,
      keyword: true,
    },
    { name: 'civil_code', type: 'str', label: { en: 'Civil code', zh_CN: '行政区划' }, readonly: true },
    { name: 'address', type: 'str', label: { en: 'Address', zh_CN: '安装地址' }, readonly: true },
    { name: 'parent_id', type: 'str', label: { en: 'Parent id', zh_CN: '父节点编号' }, readonly: true },
    enumField('status', { en: 'Status', zh_CN: '状态' }, ON_OFF, {
      readonly: true,
      list: true,
      filter: true,
    }),
    { name: 'ptz_type', type: 'int', label: { en: 'PTZ type', zh_CN: '云台类型' }, readonly: true },
    { name: 'longitude', type: 'num', label: { en: 'Longitude', zh_CN: '经度' }, readonly: true },
    { name: 'latitude', type: 'num', label: { en: 'Latitude', zh_CN: '纬度' }, readonly: true },
    { name: 'has_audio', type: 'bool', label: { en: 'Has audio', zh_CN: '含音频' }, readonly: true },
  ],
  io: { export: ['csv'] },
};

// DOMAIN 2.3 video/StreamPush: StreamPush (`wvp_stream_push`). (app, stream) is unique as a pair:
// checked by the server (features/video/rules.ts).
export const streamPush: ResourceDef<'video_stream_push'> = {
  name: 'video:stream_push',
  endpoint: '/admin.php/video/stream_push',
  table: 'video_stream_push',
  title: { en: 'Push stream', zh_CN: '推流' },
  fields: [
    {
      name: 'app',
      type: 'str',
      label: { en: 'Application', zh_CN: '应用名' },
      required: true,
      max: 64,
      list: true,
      filter: true,
      keyword: true,
    },
    {
      name: 'stream',
      type: 'str',
      label: { en: 'Stream', zh_CN: '流标识' },
      required: true,
      max: 128,
      list: true,
      filter: true,
      keyword: true,
    },
    { name: 'name', type: 'str', label: { en: 'Name', zh_CN: '名称' }, max: 64, keyword: true },
    {
      name: 'gb_id',
      type: 'str',
      label: { en: 'GB id', zh_CN: '国标编号' },
      pattern: gbId('GB id', '国标编号', 20),
    },
    refField('media_server_id', 'video:media_server', { en: 'Media server', zh_CN: '媒体节点' }),
    {
      name: 'pushing',
      type: 'bool',
      boolLabels: {
        on: { en: 'Pushing', zh_CN: '推流中', tone: 'success' },
        off: { en: 'Not pushing', zh_CN: '未推流', tone: 'default' },
      },
      label: { en: 'Pushing', zh_CN: '推流中' },
      readonly: true,
      list: true,
      filter: true,
    },
    {
      name: 'push_time',
      type: 'dt',
      label: { en: 'Push started', zh_CN: '推流时间' },
      readonly: true,
      list: true,
    },
    { name: 'origin', type: 'str', label: { en: 'Origin', zh_CN: '来源' }, readonly: true },
  ],
  // Through the media server's HTTP API (ZLMediaKit): play answers the stream's URLs.
  verbs: [
    { name: 'play', label: { en: 'Play', zh_CN: '播放' }, scope: 'row' },
    {
      name: 'stop',
      label: { en: 'Stop', zh_CN: '停止' },
      scope: 'row',
      confirm: { en: 'Cut this stream off the media server?', zh_CN: '从媒体节点断开该推流？' },
      danger: true,
    },
  ],
};

// DOMAIN 2.3 video/StreamProxy: StreamProxy (`wvp_stream_proxy`), shared with media/MonitoringAccess.
// (app, stream) is unique as a pair: checked by the server (features/video/rules.ts).
export const streamProxy: ResourceDef<'video_stream_proxy'> = {
  name: 'video:stream_proxy',
  endpoint: '/admin.php/video/stream_proxy',
  table: 'video_stream_proxy',
  title: { en: 'Pull stream proxy', zh_CN: '拉流代理' },
  fields: [
    nameField(),
    {
      name: 'app',
      type: 'str',
      label: { en: 'Application', zh_CN: '应用名' },
      required: true,
      max: 64,
      list: true,
    },
    {
      name: 'stream',
      type: 'str',
      label: { en: 'Stream', zh_CN: '流标识' },
      required: true,
      max: 128,
      list: true,
    },
    enumField(
      'type',
      { en: 'Proxy type', zh_CN: '代理方式' },
      {
        default: { en: 'Media server', zh_CN: '媒体节点拉流' },
        ffmpeg: { en: 'FFmpeg', zh_CN: 'FFmpeg拉流' },
      },
    ),
    {
      name: 'src_url',
      type: 'url',
      label: { en: 'Source URL', zh_CN: '源地址' },
      required: true,
      max: 1024,
      list: true,
    },
    enumField(
      'rtsp_transport',
      { en: 'RTSP transport', zh_CN: 'RTSP传输方式' },
      {
        tcp: { en: 'TCP', zh_CN: 'TCP传输' },
        udp: { en: 'UDP', zh_CN: 'UDP传输' },
        multicast: { en: 'Multicast', zh_CN: '组播' },
      },
      { default: 'tcp' },
    ),
    {
      name: 'timeout_s',
      type: 'int',
      label: { en: 'Timeout', zh_CN: '超时' },
      unit: 'seconds',
      min: 1,
      max: 600,
      default: 10,
    },
    { name: 'enable_audio', type: 'bool', label: { en: 'Audio', zh_CN: '启用音频' }, default: 1 },
    { name: 'record_mp4', type: 'bool', label: { en: 'Record MP4', zh_CN: '录制MP4' }, default: 0 },
    { name: 'on_demand', type: 'bool', label: { en: 'Pull on demand', zh_CN: '按需拉流' }, default: 1 },
    {
      name: 'gb_id',
      type: 'str',
      label: { en: 'GB id', zh_CN: '国标编号' },
      pattern: gbId('GB id', '国标编号', 20),
    },
    enabledField(),
    {
      name: 'pulling',
      type: 'bool',
      label: { en: 'Pulling', zh_CN: '拉流中' },
      boolLabels: {
        on: { en: 'Pulling', zh_CN: '拉流中', tone: 'success' },
        off: { en: 'Stopped', zh_CN: '已停止', tone: 'default' },
      },
      readonly: true,
      list: true,
    },
  ],
  // start/stop call the media server's proxy API; probe runs ffprobe on the source.
  verbs: [
    {
      name: 'start',
      label: { en: 'Start pulling', zh_CN: '开始拉流' },
      scope: 'row',
      when: { field: 'enabled', in: [1] },
    },
    { name: 'stop', label: { en: 'Stop pulling', zh_CN: '停止拉流' }, scope: 'row' },
    { name: 'probe', label: { en: 'Probe source', zh_CN: '探测源' }, scope: 'row' },
  ],
};

// DOMAIN 2.3 video/MediaServer: MediaServer (`wvp_media_server`). The secret is required on add
// (checked by the server, features/video/rules.ts: the generic rule keeps an empty secret).
export const mediaServer: ResourceDef<'video_media_server'> = {
  name: 'video:media_server',
  endpoint: '/admin.php/video/media_server',
  table: 'video_media_server',
  title: { en: 'Media server', zh_CN: '媒体节点' },
  fields: [
    {
      name: 'server_id',
      type: 'str',
      label: { en: 'Server id', zh_CN: '节点编号' },
      required: true,
      max: 64,
      list: true,
      keyword: true,
    },
    { name: 'ip', type: 'ip', label: { en: 'IP', zh_CN: 'IP地址' }, required: true, list: true },
    { name: 'hook_ip', type: 'ip', label: { en: 'Hook IP', zh_CN: '回调IP' } },
    { name: 'sdp_ip', type: 'ip', label: { en: 'SDP IP', zh_CN: 'SDP IP' } },
    { name: 'stream_ip', type: 'ip', label: { en: 'Stream IP', zh_CN: '流地址IP' } },
    port('http_port', 'HTTP port', 'HTTP端口', 80),
    port('rtmp_port', 'RTMP port', 'RTMP端口', 1935),
    port('rtsp_port', 'RTSP port', 'RTSP端口', 554),
    port('rtp_proxy_port', 'RTP proxy port', 'RTP代理端口', 10000),
    {
      name: 'rtp_port_range',
      type: 'str',
      label: { en: 'RTP port range', zh_CN: 'RTP端口范围' },
      default: '30000-30500',
      pattern: {
        source: '^\\d{1,5}-\\d{1,5}$',
        message: { en: 'RTP port range must look like 30000-30500', zh_CN: 'RTP端口范围格式如30000-30500' },
      },
    },
    { name: 'secret', type: 'pwd', label: { en: 'API secret', zh_CN: '接口密钥' }, required: true, max: 128 },
    { name: 'record_path', type: 'str', label: { en: 'Recording path', zh_CN: '录像路径' }, max: 255 },
    {
      name: 'record_days',
      type: 'int',
      label: { en: 'Keep recordings (days)', zh_CN: '录像保存天数' },
      min: 0,
      max: 3650,
      default: 7,
    },
    { name: 'is_default', type: 'bool', label: { en: 'Default', zh_CN: '默认节点' } },
    {
      name: 'online',
      type: 'bool',
      boolLabels: ONLINE_WORDS,
      label: { en: 'Online', zh_CN: '在线' },
      readonly: true,
      list: true,
      filter: true,
    },
  ],
  // A real call of the media server's HTTP API with the secret.
  verbs: [{ name: 'test', label: { en: 'Test connection', zh_CN: '测试连接' }, scope: 'row' }],
};

// DOMAIN 2.3 video/ParentPlatform: Platform (`wvp_platform`). DOMAIN marks only `status`; name,
// server and our device id are shown too.
export const platform: ResourceDef<'video_platform'> = {
  name: 'video:platform',
  endpoint: '/admin.php/video/platform',
  table: 'video_platform',
  title: { en: 'Parent platform', zh_CN: '上级平台' },
  fields: [
    {
      name: 'name',
      type: 'str',
      label: { en: 'Name', zh_CN: '名称' },
      required: true,
      max: 64,
      list: true,
      keyword: true,
    },
    enabledField(),
    {
      name: 'server_gb_id',
      type: 'str',
      label: { en: 'Platform GB id', zh_CN: '上级国标编号' },
      required: true,
      list: true,
      pattern: gbId('Platform GB id', '上级国标编号', 20),
    },
    {
      name: 'server_gb_domain',
      type: 'str',
      label: { en: 'Platform GB domain', zh_CN: '上级国标域' },
      required: true,
      pattern: gbId('Platform GB domain', '上级国标域', 10),
    },
    {
      name: 'server_ip',
      type: 'ip',
      label: { en: 'Platform IP', zh_CN: '上级IP' },
      required: true,
      list: true,
    },
    port('server_port', 'Platform port', '上级端口', 5060),
    {
      name: 'device_gb_id',
      type: 'str',
      label: { en: 'Our GB id', zh_CN: '本平台国标编号' },
      required: true,
      list: true,
      pattern: gbId('Our GB id', '本平台国标编号', 20),
    },
    { name: 'username', type: 'str', label: { en: 'Username', zh_CN: '用户名' }, max: 64 },
    { name: 'password', type: 'pwd', label: { en: 'Password', zh_CN: '密码' }, max: 64 },
    {
      name: 'expires',
      type: 'int',
      label: { en: 'Registration expiry', zh_CN: '注册有效期' },
      unit: 'seconds',
      min: 60,
      max: 86400,
      default: 3600,
    },
    {
      name: 'keepalive_s',
      type: 'int',
      label: { en: 'Keep-alive interval', zh_CN: '心跳周期' },
      unit: 'seconds',
      min: 5,
      max: 3600,
      default: 60,
    },
    enumField('transport', { en: 'Transport', zh_CN: '传输协议' }, TRANSPORTS),
    enumField('charset', { en: 'Charset', zh_CN: '字符集' }, CHARSETS),
    { name: 'ptz', type: 'bool', label: { en: 'Allow PTZ', zh_CN: '允许云台控制' } },
    refsField('channel_ids', 'video:gb_channel', { en: 'Shared channels', zh_CN: '共享通道' }),
    // wvp's platform status: ON while the registration upward holds; FAILED when the last REGISTER
    // (or the keepalives that keep it) failed, `last_error` saying why; OFF never registered.
    enumField(
      'status',
      { en: 'Registration status', zh_CN: '注册状态' },
      {
        ON: { en: 'Registered', zh_CN: '已注册', tone: 'success' },
        FAILED: { en: 'Registration failed', zh_CN: '注册失败', tone: 'error' },
        OFF: { en: 'Not registered', zh_CN: '未注册', tone: 'default' },
      },
      { readonly: true, list: true, filter: true },
    ),
    // Set by the SIP agent with FAILED (cascade.ts upwardFailure), cleared when a REGISTER succeeds.
    enumField(
      'last_error',
      { en: 'Last failure', zh_CN: '失败原因' },
      {
        refused: { en: 'Refused by the platform (403)', zh_CN: '上级拒绝（403）' },
        wrong_password: {
          en: 'Wrong username or password (digest refused)',
          zh_CN: '用户名或密码错误（鉴权未通过）',
        },
        rejected: { en: 'Rejected by the platform (SIP error)', zh_CN: '上级返回错误（SIP错误）' },
        no_answer: { en: 'No answer (timeout)', zh_CN: '无响应（超时）' },
        unreachable: { en: 'Unreachable (connection refused)', zh_CN: '无法连接（连接被拒绝）' },
      },
      { readonly: true, list: true },
    ),
  ],
  // Sent by the GB28181 SIP agent.
  verbs: [
    {
      name: 'register',
      label: { en: 'Register now', zh_CN: '立即注册' },
      scope: 'row',
      when: { field: 'enabled', in: [1] },
    },
    {
      name: 'push_catalog',
      label: { en: 'Push catalogue', zh_CN: '推送目录' },
      scope: 'row',
      when: { field: 'enabled', in: [1] },
    },
  ],
};

export const videoResources: readonly ResourceDef[] = [
  gbDevice,
  gbChannel,
  streamPush,
  streamProxy,
  mediaServer,
  platform,
];
