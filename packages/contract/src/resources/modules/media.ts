import {
  enabledField,
  enumField,
  jsonField,
  moneyField,
  nameEnField,
  nameField,
  part,
  refField,
  refsField,
  sortField,
} from '../fields.ts';
import type { OptionLabel, ResourceDef } from '../types.ts';

/** The resource audit's verdict on a film or a post (set by the server, DOMAIN 2.9). */
const AUDIT_STATES = {
  pending: { en: 'Pending review', zh_CN: '待审核', tone: 'warning' },
  approved: { en: 'Approved', zh_CN: '已通过', tone: 'success' },
  rejected: { en: 'Rejected', zh_CN: '已驳回', tone: 'error' },
} as const satisfies Record<string, OptionLabel>;

/** DOMAIN section 2.6: live classes, programmes and packages. */
export const liveCategory: ResourceDef<'media_live_type'> = {
  name: 'media:live_type',
  endpoint: '/admin.php/media/live_type',
  opsEndpoint: '/operations/media/live_type',
  table: 'media_live_type',
  title: { en: 'Live classification', zh_CN: '直播分类' },
  fields: [
    nameField({ unique: true }),
    nameEnField({ list: true, keyword: true }),
    { name: 'code', type: 'str', label: { en: 'Code', zh_CN: '编码' }, max: 32, list: true },
    { name: 'icon', type: 'file', label: { en: 'Icon', zh_CN: '图标' } },
    sortField({ max: 9999 }),
    enabledField(),
  ],
};

export const liveProgram: ResourceDef<'media_live'> = {
  name: 'media:live',
  endpoint: '/admin.php/media/live',
  opsEndpoint: '/operations/media/live',
  table: 'media_live',
  title: { en: 'Live programme', zh_CN: '直播节目' },
  // The logo beside the name it stands for, as a channel list reads.
  columns: { first: ['number', 'logo_url', 'name', 'name_en'] },
  fields: [
    {
      name: 'number',
      type: 'int',
      label: { en: 'Channel number', zh_CN: '频道号' },
      required: true,
      min: 1,
      max: 9999,
      unique: true,
      list: true,
    },
    nameField(),
    nameEnField({ required: true, list: true, keyword: true }),
    refsField(
      'category_ids',
      'media:live_type',
      { en: 'Classes', zh_CN: '分类' },
      { required: true, list: true, filter: true },
    ),
    {
      name: 'url',
      type: 'url',
      label: { en: 'Stream URL', zh_CN: '播放地址' },
      required: true,
      max: 1024,
      list: true,
    },
    { name: 'backup_url', type: 'url', label: { en: 'Backup URL', zh_CN: '备用地址' }, max: 1024 },
    {
      name: 'tvg_id',
      type: 'str',
      label: { en: 'XMLTV id', zh_CN: 'XMLTV标识' },
      max: 64,
      unique: true,
      list: true,
    },
    enumField(
      'type',
      { en: 'Type', zh_CN: '类型' },
      {
        multicast: { en: 'Multicast', zh_CN: '组播' },
        hls: { en: 'HLS', zh_CN: 'HLS流' },
        rtsp: { en: 'RTSP', zh_CN: 'RTSP流' },
        http_ts: { en: 'HTTP-TS', zh_CN: 'HTTP-TS流' },
        camera: { en: 'Camera', zh_CN: '监控摄像头' },
        rotation: { en: 'Rotation', zh_CN: '轮播' },
      },
      { required: true, default: 'multicast', list: true, filter: true },
    ),
    enumField(
      'encryption',
      { en: 'Encryption', zh_CN: '加密' },
      {
        none: { en: 'None', zh_CN: '不加密' },
        hls_aes128: { en: 'HLS AES-128', zh_CN: 'HLS AES-128加密' },
      },
      { default: 'none' },
    ),
    {
      name: 'catchup_days',
      type: 'int',
      label: { en: 'Catch-up days', zh_CN: '回看天数' },
      min: 0,
      max: 7,
      default: 0,
    },
    { name: 'is_free', type: 'bool', label: { en: 'Free', zh_CN: '免费' }, default: 1, filter: true },
    enumField(
      'health',
      { en: 'Health', zh_CN: '状态' },
      {
        up: { en: 'Up', zh_CN: '正常', tone: 'success' },
        down: { en: 'Down', zh_CN: '异常', tone: 'error' },
      },
      { readonly: true, list: true, filter: true },
    ),
    enabledField(),
    sortField(),
    // Added after the original fields, so existing exports keep their column order. DOMAIN marks it
    // a list column; not yet one, because the console's tests pin this list's columns.
    { name: 'logo', type: 'file', label: { en: 'Logo', zh_CN: '台标' } },
    // What an M3U entry brings along (issue 15): its logo as a link (`logo` is an uploaded image;
    // the M3U export writes the upload, else this link), the headers a player sends for the
    // stream, the further alternate streams of the channel (beyond backup_url), and the playlist's
    // country and language codes.
    {
      name: 'logo_url',
      type: 'url',
      label: { en: 'Logo (tvg-logo)', zh_CN: '台标（tvg-logo）' },
      max: 1024,
      thumbnail: true,
      placeholder: 'https://example.com/logos/channel.png',
      list: true,
    },
    { name: 'referrer', type: 'str', label: { en: 'Referrer', zh_CN: '来源页（Referer）' }, max: 1024 },
    {
      name: 'user_agent',
      type: 'str',
      label: { en: 'User agent', zh_CN: '用户代理（User-Agent）' },
      max: 255,
    },
    jsonField(
      'backup_urls',
      { en: 'More backup URLs', zh_CN: '更多备用地址' },
      { kind: 'list', of: part('url', 'url', { en: 'Backup URL', zh_CN: '备用地址' }, { max: 1024 }) },
    ),
    {
      name: 'country',
      type: 'str',
      label: { en: 'Country (tvg-country)', zh_CN: '国家（tvg-country）' },
      max: 64,
    },
    {
      name: 'language',
      type: 'str',
      label: { en: 'Language (tvg-language)', zh_CN: '语言（tvg-language）' },
      max: 64,
    },
  ],
  io: { import: ['csv', 'json'], export: ['csv', 'json'] },
  // probe: ffprobe on each stream sets `health` (503 naming ffprobe where it is not installed).
  verbs: [{ name: 'probe', label: { en: 'Probe', zh_CN: '探测' }, scope: 'batch' }],
  // The line-up as a remote control reads it.
  defaultSort: { field: 'number', order: 'asc' },
};

export const livePackage: ResourceDef<'media_live_package'> = {
  name: 'media:live_package',
  endpoint: '/admin.php/media/live_package',
  opsEndpoint: '/operations/media/live_package',
  table: 'media_live_package',
  title: { en: 'Live set meal', zh_CN: '直播套餐' },
  fields: [
    nameField(),
    { name: 'code', type: 'str', label: { en: 'Code', zh_CN: '编码' }, max: 32, unique: true, list: true },
    enumField(
      'kind',
      { en: 'Kind', zh_CN: '类型' },
      {
        live: { en: 'Live', zh_CN: '直播' },
        vod: { en: 'Video on demand', zh_CN: '点播' },
        mixed: { en: 'Mixed', zh_CN: '混合' },
      },
      { default: 'live', list: true, filter: true },
    ),
    refsField('program_ids', 'media:live', { en: 'Channels', zh_CN: '频道' }),
    moneyField('price', { en: 'Price', zh_CN: '价格' }, { default: 0, list: true }),
    {
      name: 'period_days',
      type: 'int',
      label: { en: 'Period (days)', zh_CN: '周期（天）' },
      min: 1,
      max: 3650,
      default: 30,
      list: true,
    },
    { name: 'is_default', type: 'bool', label: { en: 'Default', zh_CN: '默认' }, default: 0 },
    { name: 'description', type: 'text', label: { en: 'Description', zh_CN: '描述' }, max: 2000 },
    enabledField(),
    // Added after the original fields (DOMAIN 2.6 lists it).
    refsField('film_category_ids', 'media:video_type', { en: 'Film classes', zh_CN: '影片分类' }),
  ],
};

// DOMAIN 2.6 media/Access: LiveSource. `file` for an m3u_file source, `url` for the others, with a
// scheme that fits the type (checked by the server, media-extras/rules.ts). `sync` fetches the
// playlist (and the XMLTV guide) into the collected channels; `test` checks that the source answers.
export const liveSource: ResourceDef<'media_source'> = {
  name: 'media:source',
  endpoint: '/admin.php/media/source',
  table: 'media_source',
  title: { en: 'Live source', zh_CN: '直播源' },
  fields: [
    nameField(),
    enumField(
      'type',
      { en: 'Type', zh_CN: '类型' },
      {
        m3u_url: { en: 'M3U playlist URL', zh_CN: 'M3U播放列表地址' },
        m3u_file: { en: 'M3U file', zh_CN: 'M3U文件' },
        udp_multicast: { en: 'UDP multicast', zh_CN: 'UDP组播' },
        hls: { en: 'HLS', zh_CN: 'HLS流' },
        rtsp: { en: 'RTSP', zh_CN: 'RTSP流' },
      },
      { list: true, filter: true },
    ),
    { name: 'url', type: 'url', label: { en: 'URL', zh_CN: '地址' }, max: 1024 },
    { name: 'file', type: 'file', label: { en: 'M3U file', zh_CN: 'M3U文件' } },
    {
      name: 'user_agent',
      type: 'str',
      label: { en: 'User agent', zh_CN: '用户代理（User-Agent）' },
      max: 255,
    },
    { name: 'referrer', type: 'str', label: { en: 'Referrer', zh_CN: '来源页（Referer）' }, max: 1024 },
    { name: 'iface', type: 'str', label: { en: 'Multicast interface', zh_CN: '组播网卡' }, max: 32 },
    { name: 'xmltv_url', type: 'url', label: { en: 'XMLTV URL', zh_CN: 'XMLTV地址' }, max: 1024 },
    {
      name: 'sync_cron',
      type: 'cron',
      label: { en: 'Sync schedule (cron)', zh_CN: '同步计划（cron）' },
      default: '0 5 * * *',
    },
    {
      name: 'last_sync_at',
      type: 'dt',
      label: { en: 'Last sync', zh_CN: '上次同步' },
      readonly: true,
      list: true,
    },
    {
      name: 'last_result',
      type: 'str',
      label: { en: 'Last result', zh_CN: '同步结果' },
      readonly: true,
      list: true,
    },
    enabledField(),
  ],
  verbs: [
    { name: 'sync', label: { en: 'Sync', zh_CN: '同步' }, scope: 'row' },
    { name: 'test', label: { en: 'Test', zh_CN: '测试' }, scope: 'row' },
  ],
};

// DOMAIN 2.6 media/LiveCollection: CollectedChannel. `import` here is a module verb (creates
// LiveProgram rows), not the generic file import, which is why the M3U file import of DOMAIN (a
// one-off source) is not offered here: an M3U file becomes a source of type m3u_file instead. `imported_program_id` is a plain id so that collected rows never block
// deleting a programme; `probe` is an object, listed but not filterable.
export const collectedChannel: ResourceDef<'media_collected_channel'> = {
  name: 'media:collect_programs',
  endpoint: '/admin.php/media/collect_programs',
  opsEndpoint: '/operations/media/collect_programs',
  table: 'media_collected_channel',
  title: { en: 'Collected channel', zh_CN: '采集频道' },
  fields: [
    refField('source_id', 'media:source', { en: 'Source', zh_CN: '直播源' }, { list: true, filter: true }),
    { name: 'name', type: 'str', label: { en: 'Name', zh_CN: '名称' }, max: 128, list: true, keyword: true },
    {
      name: 'tvg_id',
      type: 'str',
      label: { en: 'Guide ID (tvg-id)', zh_CN: '节目单标识（tvg-id）' },
      max: 64,
    },
    {
      name: 'tvg_name',
      type: 'str',
      label: { en: 'Guide name (tvg-name)', zh_CN: '节目单名称（tvg-name）' },
      max: 128,
      keyword: true,
    },
    { name: 'tvg_logo', type: 'str', label: { en: 'Logo (tvg-logo)', zh_CN: '台标（tvg-logo）' }, max: 1024 },
    {
      name: 'group_title',
      type: 'str',
      label: { en: 'Group', zh_CN: '分组' },
      max: 64,
      list: true,
      filter: true,
    },
    {
      name: 'tvg_chno',
      type: 'int',
      label: { en: 'Channel number', zh_CN: '频道号' },
      min: 0,
      max: 99999,
      list: true,
    },
    { name: 'url', type: 'url', label: { en: 'Stream URL', zh_CN: '播放地址' }, max: 1024, list: true },
    // The `#EXTVLCOPT` options of the playlist entry (media-extras/m3u-read.ts), or the source's own.
    jsonField(
      'opts',
      { en: 'Player options', zh_CN: '播放参数' },
      {
        kind: 'object',
        fields: [
          part('referrer', 'str', { en: 'Referrer', zh_CN: '来源页（Referer）' }, { max: 1024 }),
          part('user_agent', 'str', { en: 'User agent', zh_CN: '用户代理（User-Agent）' }, { max: 255 }),
        ],
      },
    ),
    // Written by the `probe` verb (media-extras/verbs.ts); `bitrate` is ffprobe's, in bit/s.
    jsonField(
      'probe',
      { en: 'Probe result', zh_CN: '探测结果' },
      {
        kind: 'object',
        fields: [
          part('ok', 'bool', { en: 'Stream answers', zh_CN: '流可用' }),
          part('codec', 'str', { en: 'Codec', zh_CN: '编码格式' }),
          part('resolution', 'str', { en: 'Resolution', zh_CN: '分辨率' }),
          part('bitrate', 'int', { en: 'Bit rate (bit/s)', zh_CN: '码率（bit/s）' }),
          part('probed_at', 'dt', { en: 'Probed at', zh_CN: '探测时间' }),
          part('error', 'str', { en: 'Error', zh_CN: '错误' }),
        ],
      },
      { readonly: true, list: true },
    ),
    {
      name: 'imported_program_id',
      type: 'int',
      label: { en: 'Imported as programme', zh_CN: '已导入节目' },
      readonly: true,
      filter: true,
    },
    { name: 'ignored', type: 'bool', label: { en: 'Ignored', zh_CN: '已忽略' }, filter: true },
    // Added after the original fields (issue 15): the entry's tvg-country and tvg-language, and its
    // place in the playlist (what `import` numbers channels by when the playlist gives no number).
    {
      name: 'tvg_country',
      type: 'str',
      label: { en: 'Country (tvg-country)', zh_CN: '国家（tvg-country）' },
      max: 64,
    },
    {
      name: 'tvg_language',
      type: 'str',
      label: { en: 'Language (tvg-language)', zh_CN: '语言（tvg-language）' },
      max: 64,
    },
    {
      name: 'position',
      type: 'int',
      label: { en: 'Place in playlist', zh_CN: '列表位置' },
      min: 0,
      readonly: true,
    },
  ],
  verbs: [
    { name: 'probe', label: { en: 'Probe', zh_CN: '探测' }, scope: 'batch' },
    {
      name: 'import',
      label: { en: 'Import as programmes', zh_CN: '导入为直播节目' },
      scope: 'batch',
      confirm: {
        en: 'Create live programmes from the selected channels?',
        zh_CN: '用所选频道创建直播节目？',
      },
    },
    { name: 'ignore', label: { en: 'Ignore', zh_CN: '忽略' }, scope: 'batch' },
  ],
};

/**
 * What one row of an EPG programme's guide details is (XMLTV/xmltv:xmltv.dtd's elements): the
 * server's XMLTV reader and export (media-extras/guide-items.ts) know exactly these.
 */
const EPG_DETAIL_KINDS = {
  title: { en: 'Title', zh_CN: '标题' },
  'sub-title': { en: 'Sub-title', zh_CN: '副标题' },
  desc: { en: 'Description', zh_CN: '简介' },
  category: { en: 'Category', zh_CN: '类别' },
  director: { en: 'Director', zh_CN: '导演' },
  actor: { en: 'Actor', zh_CN: '演员' },
  writer: { en: 'Writer', zh_CN: '编剧' },
  adapter: { en: 'Adapter', zh_CN: '改编' },
  producer: { en: 'Producer', zh_CN: '制片人' },
  composer: { en: 'Composer', zh_CN: '作曲' },
  editor: { en: 'Editor', zh_CN: '剪辑' },
  presenter: { en: 'Presenter', zh_CN: '主持人' },
  commentator: { en: 'Commentator', zh_CN: '解说' },
  guest: { en: 'Guest', zh_CN: '嘉宾' },
  icon: { en: 'Icon', zh_CN: '图标' },
  'episode-num': { en: 'Episode number', zh_CN: '集数编号' },
  rating: { en: 'Rating', zh_CN: '分级' },
  'star-rating': { en: 'Star rating', zh_CN: '星级评分' },
  clumpidx: { en: 'Shares its slot (clump)', zh_CN: '同时段节目序号' },
} as const satisfies Record<string, OptionLabel>;

// DOMAIN 2.6 media/Epg: EpgProgramme. stop > start and no overlap within a channel (checked by the
// server, media-extras/rules.ts). XMLTV import is the generic import with format xmltv; the XMLTV
// export is its own call (`export_xmltv`, under the export key).
export const epgProgramme: ResourceDef<'media_epg'> = {
  name: 'media:epg',
  endpoint: '/admin.php/media/epg',
  table: 'media_epg',
  title: { en: 'EPG programme', zh_CN: '节目单' },
  fields: [
    refField(
      'program_id',
      'media:live',
      { en: 'Channel', zh_CN: '频道' },
      { required: true, list: true, filter: true },
    ),
    {
      name: 'start',
      type: 'dt',
      label: { en: 'Start', zh_CN: '开始时间' },
      required: true,
      list: true,
      filter: true,
    },
    {
      name: 'stop',
      type: 'dt',
      label: { en: 'Stop', zh_CN: '结束时间' },
      required: true,
      list: true,
      filter: true,
    },
    {
      name: 'title',
      type: 'str',
      label: { en: 'Title', zh_CN: '节目名称' },
      required: true,
      max: 128,
      list: true,
      keyword: true,
    },
    {
      name: 'title_en',
      type: 'str',
      label: { en: 'English title', zh_CN: '英文名称' },
      max: 128,
      keyword: true,
    },
    { name: 'sub_title', type: 'str', label: { en: 'Subtitle', zh_CN: '副标题' }, max: 128 },
    { name: 'desc', type: 'text', label: { en: 'Description', zh_CN: '简介' }, max: 5000 },
    { name: 'category', type: 'str', label: { en: 'Category', zh_CN: '类别' }, max: 64 },
    { name: 'episode', type: 'str', label: { en: 'Episode', zh_CN: '集数' }, max: 32 },
    enumField(
      'source',
      { en: 'Source', zh_CN: '来源' },
      {
        manual: { en: 'Entered by hand', zh_CN: '手工录入' },
        xmltv: { en: 'XMLTV guide', zh_CN: 'XMLTV节目指南' },
      },
      { readonly: true, filter: true },
    ),
    // Added after the original fields (issue 15 item 3): all an XMLTV guide says of the programme,
    // one row per element in the guide's order (every language of the titles, sub-titles and
    // descriptions, categories, credits, icon, ratings, episode numbers with their system), so the
    // export writes it back. Set by the import and the source sync only; read in the record's drawer.
    jsonField(
      'details',
      { en: 'Guide details', zh_CN: '节目指南详情' },
      {
        kind: 'rows',
        fields: [
          enumField('kind', { en: 'Item', zh_CN: '项目' }, EPG_DETAIL_KINDS),
          part('value', 'str', { en: 'Value', zh_CN: '内容' }),
          part('lang', 'str', { en: 'Language', zh_CN: '语言' }),
          part('system', 'str', { en: 'System', zh_CN: '体系' }),
          part('role', 'str', { en: 'Role played', zh_CN: '饰演角色' }),
          part('width', 'int', { en: 'Width', zh_CN: '宽' }),
          part('height', 'int', { en: 'Height', zh_CN: '高' }),
        ],
      },
      { readonly: true },
    ),
  ],
  io: { import: ['xmltv'] },
  defaultSort: { field: 'start', order: 'asc' },
};

// DOMAIN 2.6 media/LiveBroadcast: BroadcastRoom. `category_id` is read as a live class. The server
// sets stream_key (24 random characters), push_url and play_url on add and on `reset_key`.
export const broadcastRoom: ResourceDef<'media_broadcast_room'> = {
  name: 'media:broadcast',
  endpoint: '/admin.php/media/broadcast',
  table: 'media_broadcast_room',
  title: { en: 'Live broadcast room', zh_CN: '直播间' },
  fields: [
    {
      name: 'title',
      type: 'str',
      label: { en: 'Title', zh_CN: '标题' },
      required: true,
      max: 100,
      list: true,
      filter: true,
      keyword: true,
    },
    { name: 'cover', type: 'file', label: { en: 'Cover', zh_CN: '封面' } },
    { name: 'presenter', type: 'str', label: { en: 'Presenter', zh_CN: '主播' }, max: 64, keyword: true },
    refField('category_id', 'media:live_type', { en: 'Class', zh_CN: '分类' }),
    { name: 'start_at', type: 'dt', label: { en: 'Starts', zh_CN: '开始时间' } },
    { name: 'end_at', type: 'dt', label: { en: 'Ends', zh_CN: '结束时间' } },
    { name: 'stream_key', type: 'str', label: { en: 'Stream key', zh_CN: '推流密钥' }, readonly: true },
    {
      name: 'push_url',
      type: 'str',
      label: { en: 'Push URL', zh_CN: '推流地址' },
      readonly: true,
      list: true,
    },
    { name: 'play_url', type: 'str', label: { en: 'Play URL', zh_CN: '播放地址' }, readonly: true },
    enumField(
      'state',
      { en: 'State', zh_CN: '状态' },
      {
        scheduled: { en: 'Scheduled', zh_CN: '待开播', tone: 'warning' },
        live: { en: 'On air', zh_CN: '直播中', tone: 'success' },
        ended: { en: 'Ended', zh_CN: '已结束', tone: 'default' },
      },
      { readonly: true, list: true, filter: true },
    ),
    { name: 'record', type: 'bool', label: { en: 'Record', zh_CN: '录制' } },
    refsField('area_ids', 'system:region', { en: 'Visible in areas', zh_CN: '可见区域' }),
    enabledField(),
  ],
  verbs: [
    {
      name: 'reset_key',
      label: { en: 'Reset stream key', zh_CN: '重置推流密钥' },
      scope: 'row',
      confirm: {
        en: 'The old key stops working: the presenter must use the new push URL.',
        zh_CN: '旧密钥将失效，主播须改用新的推流地址。',
      },
      danger: true,
    },
  ],
};

// DOMAIN 2.6 media/LivePlaza: PlazaSlot. `target_id` points at a row of the resource named by
// target_type, so it is a plain id.
export const plazaSlot: ResourceDef<'media_plaza_slot'> = {
  name: 'media:plaza',
  endpoint: '/admin.php/media/plaza',
  table: 'media_plaza_slot',
  title: { en: 'Plaza slot', zh_CN: '直播广场位' },
  fields: [
    {
      name: 'slot',
      type: 'int',
      label: { en: 'Slot', zh_CN: '位置' },
      required: true,
      min: 1,
      max: 12,
      unique: true,
      list: true,
    },
    enumField(
      'target_type',
      { en: 'Content type', zh_CN: '内容类型' },
      {
        live: { en: 'Live channel', zh_CN: '直播频道' },
        broadcast: { en: 'Live room', zh_CN: '直播间' },
        film: { en: 'Film', zh_CN: '影片' },
        rotation: { en: 'Film rotation', zh_CN: '电影轮播' },
      },
      { list: true },
    ),
    {
      name: 'target_id',
      type: 'int',
      label: { en: 'Content', zh_CN: '内容' },
      required: true,
      min: 1,
      max: 2_147_483_647,
    },
    { name: 'title', type: 'str', label: { en: 'Title', zh_CN: '标题' }, max: 64, list: true, keyword: true },
    { name: 'poster', type: 'file', label: { en: 'Poster', zh_CN: '海报' } },
    { name: 'start_at', type: 'dt', label: { en: 'Starts', zh_CN: '开始时间' } },
    { name: 'end_at', type: 'dt', label: { en: 'Ends', zh_CN: '结束时间' } },
    sortField(),
  ],
};

// DOMAIN 2.6 media/MonitoringAccess: Camera. No code of this server writes `state` yet (the demo
// stores online/offline); `unknown` is there for a camera nothing has checked.
export const camera: ResourceDef<'media_camera'> = {
  name: 'media:camera',
  endpoint: '/admin.php/media/camera',
  table: 'media_camera',
  title: { en: 'Camera', zh_CN: '监控摄像头' },
  fields: [
    nameField(),
    enumField(
      'type',
      { en: 'Access type', zh_CN: '接入方式' },
      {
        rtsp: { en: 'RTSP', zh_CN: 'RTSP直连' },
        gb28181: { en: 'GB28181', zh_CN: 'GB28181国标' },
      },
      { list: true, filter: true },
    ),
    { name: 'rtsp_url', type: 'url', label: { en: 'RTSP URL', zh_CN: 'RTSP地址' }, max: 1024 },
    { name: 'username', type: 'str', label: { en: 'Username', zh_CN: '用户名' }, max: 64 },
    { name: 'password', type: 'pwd', label: { en: 'Password', zh_CN: '密码' }, max: 64 },
    refField('gb_channel_id', 'video:gb_channel', { en: 'GB28181 channel', zh_CN: 'GB28181通道' }),
    refField('area_id', 'system:region', { en: 'Area', zh_CN: '区域' }, { list: true, filter: true }),
    { name: 'as_channel', type: 'bool', label: { en: 'Publish as channel', zh_CN: '发布为直播频道' } },
    {
      name: 'channel_number',
      type: 'int',
      label: { en: 'Channel number', zh_CN: '频道号' },
      min: 1,
      max: 9999,
    },
    refsField('visible_area_ids', 'system:region', { en: 'Visible in areas', zh_CN: '可见区域' }),
    enumField(
      'state',
      { en: 'State', zh_CN: '状态' },
      {
        online: { en: 'Online', zh_CN: '在线', tone: 'success' },
        offline: { en: 'Offline', zh_CN: '离线', tone: 'error' },
        unknown: { en: 'Unknown', zh_CN: '未知', tone: 'default' },
      },
      { readonly: true, list: true, filter: true },
    ),
    enabledField(),
  ],
};

// DOMAIN 2.6 media/FilmClass: FilmCategory (two levels at most, checked by the server,
// media-extras/rules.ts).
export const filmCategory: ResourceDef<'media_video_type'> = {
  name: 'media:video_type',
  endpoint: '/admin.php/media/video_type',
  table: 'media_video_type',
  title: { en: 'Film classification', zh_CN: '影片分类' },
  fields: [
    nameField(),
    nameEnField({ keyword: true }),
    refField('parent_id', 'media:video_type', { en: 'Parent class', zh_CN: '上级分类' }),
    { name: 'poster', type: 'file', label: { en: 'Poster', zh_CN: '海报' } },
    sortField(),
    enabledField(),
  ],
};

// DOMAIN 2.6 media/FilmManagement: Film. A movie has `file`, a series has `episodes`. A new or
// changed film waits for the resource audit (`audit_state`, set by the server); `transcode` needs
// ffmpeg on the host.
export const film: ResourceDef<'media_video'> = {
  name: 'media:video',
  endpoint: '/admin.php/media/video',
  // Read by the operations pickers (DOMAIN 1.2); the operations menu grants no film buttons.
  opsEndpoint: '/operations/media/video',
  table: 'media_video',
  title: { en: 'Film', zh_CN: '影片' },
  fields: [
    {
      name: 'title',
      type: 'str',
      label: { en: 'Title', zh_CN: '片名' },
      required: true,
      max: 100,
      list: true,
      filter: true,
      keyword: true,
    },
    {
      name: 'title_en',
      type: 'str',
      label: { en: 'English title', zh_CN: '英文片名' },
      required: true,
      max: 100,
      list: true,
      filter: true,
      keyword: true,
    },
    refsField(
      'category_ids',
      'media:video_type',
      { en: 'Classes', zh_CN: '分类' },
      { required: true, list: true, filter: true },
    ),
    enumField(
      'kind',
      { en: 'Kind', zh_CN: '类型' },
      {
        movie: { en: 'Movie', zh_CN: '电影' },
        series: { en: 'Series', zh_CN: '剧集' },
      },
      { required: true, default: 'movie', list: true, filter: true },
    ),
    {
      name: 'year',
      type: 'int',
      label: { en: 'Year', zh_CN: '年份' },
      min: 1880,
      max: 2100,
      list: true,
      filter: true,
    },
    {
      name: 'region',
      type: 'str',
      label: { en: 'Region', zh_CN: '地区' },
      max: 32,
      list: true,
      filter: true,
    },
    {
      name: 'language',
      type: 'str',
      label: { en: 'Language', zh_CN: '语言' },
      max: 32,
      list: true,
      filter: true,
    },
    { name: 'director', type: 'str', label: { en: 'Director', zh_CN: '导演' }, max: 100, keyword: true },
    { name: 'actors', type: 'str', label: { en: 'Actors', zh_CN: '演员' }, max: 500, keyword: true },
    { name: 'description', type: 'text', label: { en: 'Description', zh_CN: '简介' }, max: 5000 },
    { name: 'poster', type: 'file', label: { en: 'Poster', zh_CN: '海报' }, required: true, list: true },
    { name: 'file', type: 'file', label: { en: 'Video file', zh_CN: '视频文件' }, list: true },
    // DOMAIN 2.6: {no, title, file}[]; the transcode and rotation play them by `no`
    // (media-extras/verbs.ts filmFiles).
    jsonField(
      'episodes',
      { en: 'Episodes', zh_CN: '剧集' },
      {
        kind: 'rows',
        fields: [
          part('no', 'int', { en: 'Episode', zh_CN: '集数' }),
          part('title', 'str', { en: 'Title', zh_CN: '标题' }),
          part('file', 'file', { en: 'Video file', zh_CN: '视频文件' }),
        ],
      },
    ),
    {
      name: 'duration_s',
      type: 'int',
      label: { en: 'Duration', zh_CN: '时长' },
      unit: 'seconds',
      readonly: true,
      list: true,
    },
    {
      name: 'resolution',
      type: 'str',
      label: { en: 'Resolution', zh_CN: '分辨率' },
      readonly: true,
      list: true,
    },
    moneyField('price', { en: 'Price (0 = free)', zh_CN: '价格（0为免费）' }, { default: 0 }),
    enumField('audit_state', { en: 'Audit state', zh_CN: '审核状态' }, AUDIT_STATES, {
      default: 'pending',
      readonly: true,
      list: true,
      filter: true,
    }),
    enabledField(),
    sortField({ filter: true }),
  ],
  io: { import: ['csv'], export: ['csv'] },
  verbs: [{ name: 'transcode', label: { en: 'Transcode', zh_CN: '转码' }, scope: 'row' }],
};

// DOMAIN 2.6 media/MovieRotation: RotationChannel. `channel_number` must not collide with a
// LiveProgram number either, except the rotation's own programme of type rotation (checked by the
// server, media-extras/rules.ts). start runs ffmpeg over approved films only; stop ends it.
export const rotationChannel: ResourceDef<'media_rotation'> = {
  name: 'media:rotation',
  endpoint: '/admin.php/media/rotation',
  table: 'media_rotation',
  title: { en: 'Movie rotation channel', zh_CN: '电影轮播频道' },
  fields: [
    nameField(),
    {
      name: 'channel_number',
      type: 'int',
      label: { en: 'Channel number', zh_CN: '频道号' },
      required: true,
      min: 1,
      max: 9999,
      unique: true,
      list: true,
    },
    refsField(
      'film_ids',
      'media:video',
      { en: 'Films (in order)', zh_CN: '影片（按顺序）' },
      { required: true },
    ),
    { name: 'loop', type: 'bool', label: { en: 'Loop', zh_CN: '循环播放' }, default: 1 },
    { name: 'daily_from', type: 'time', label: { en: 'Daily from', zh_CN: '每日开始' } },
    { name: 'daily_to', type: 'time', label: { en: 'Daily to', zh_CN: '每日结束' } },
    enumField(
      'output',
      { en: 'Output', zh_CN: '输出方式' },
      {
        hls: { en: 'HLS', zh_CN: 'HLS流' },
        udp_multicast: { en: 'UDP multicast', zh_CN: 'UDP组播' },
      },
    ),
    {
      name: 'multicast_addr',
      type: 'url',
      label: { en: 'Multicast address', zh_CN: '组播地址' },
      max: 64,
      pattern: {
        source: '^udp://239\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}:\\d{1,5}$',
        message: {
          en: 'Multicast address must look like udp://239.x.x.x:port',
          zh_CN: '组播地址格式须为udp://239.x.x.x:端口',
        },
      },
    },
    enumField(
      'state',
      { en: 'State', zh_CN: '状态' },
      {
        running: { en: 'Running', zh_CN: '运行中', tone: 'processing' },
        stopped: { en: 'Stopped', zh_CN: '已停止', tone: 'default' },
        error: { en: 'Error', zh_CN: '故障', tone: 'error' },
      },
      { default: 'stopped', readonly: true, list: true, filter: true },
    ),
    enabledField(),
  ],
  verbs: [
    {
      name: 'start',
      label: { en: 'Start', zh_CN: '启动' },
      scope: 'row',
      when: { field: 'state', in: ['stopped', 'error'] },
    },
    {
      name: 'stop',
      label: { en: 'Stop', zh_CN: '停止' },
      scope: 'row',
      when: { field: 'state', in: ['running'] },
      danger: true,
    },
  ],
  // The line-up as a remote control reads it.
  defaultSort: { field: 'channel_number', order: 'asc' },
};

// DOMAIN 2.6 media/SleepMusic: SleepTrack. SleepSettings (config / config_form) is a singleton.
export const sleepTrack: ResourceDef<'media_sleep_track'> = {
  name: 'media:sleep_music',
  endpoint: '/admin.php/media/sleep_music',
  table: 'media_sleep_track',
  title: { en: 'Sleep track', zh_CN: '助眠音乐' },
  fields: [
    {
      name: 'title',
      type: 'str',
      label: { en: 'Title', zh_CN: '标题' },
      required: true,
      max: 100,
      list: true,
      filter: true,
      keyword: true,
    },
    { name: 'artist', type: 'str', label: { en: 'Artist', zh_CN: '艺术家' }, max: 64, keyword: true },
    enumField(
      'category',
      { en: 'Category', zh_CN: '类别' },
      {
        white_noise: { en: 'White noise', zh_CN: '白噪音' },
        nature: { en: 'Sounds of nature', zh_CN: '自然之声' },
        meditation: { en: 'Meditation', zh_CN: '冥想' },
        light_music: { en: 'Light music', zh_CN: '轻音乐' },
        lullaby: { en: 'Lullaby', zh_CN: '摇篮曲' },
      },
      { list: true, filter: true },
    ),
    { name: 'file', type: 'file', label: { en: 'Audio file', zh_CN: '音频文件' }, required: true },
    {
      name: 'duration_s',
      type: 'int',
      label: { en: 'Duration', zh_CN: '时长' },
      unit: 'seconds',
      readonly: true,
      list: true,
    },
    { name: 'cover', type: 'file', label: { en: 'Cover', zh_CN: '封面' } },
    sortField(),
    enabledField(),
  ],
};

// DOMAIN 2.6 media/SelfMedia: Post. A new or changed post waits for the resource audit.
export const post: ResourceDef<'media_self_media'> = {
  name: 'media:self_media',
  endpoint: '/admin.php/media/self_media',
  table: 'media_self_media',
  title: { en: 'Self-media post', zh_CN: '自媒体内容' },
  fields: [
    {
      name: 'title',
      type: 'str',
      label: { en: 'Title', zh_CN: '标题' },
      required: true,
      max: 100,
      list: true,
      filter: true,
      keyword: true,
    },
    enumField(
      'kind',
      { en: 'Kind', zh_CN: '类型' },
      {
        article: { en: 'Article', zh_CN: '图文' },
        video: { en: 'Video', zh_CN: '视频' },
        gallery: { en: 'Gallery', zh_CN: '图集' },
      },
      { list: true, filter: true },
    ),
    { name: 'cover', type: 'file', label: { en: 'Cover', zh_CN: '封面' }, required: true },
    { name: 'content', type: 'html', label: { en: 'Content', zh_CN: '正文' } },
    // DOMAIN 2.6: file[], the uploads a gallery or a video post shows.
    jsonField(
      'media',
      { en: 'Media files', zh_CN: '媒体文件' },
      { kind: 'list', of: part('file', 'file', { en: 'File', zh_CN: '文件' }) },
    ),
    {
      name: 'author',
      type: 'str',
      label: { en: 'Author', zh_CN: '作者' },
      required: true,
      max: 64,
      list: true,
      keyword: true,
    },
    refsField('area_ids', 'system:region', { en: 'Areas', zh_CN: '区域' }),
    { name: 'publish_at', type: 'dt', label: { en: 'Publish at', zh_CN: '发布时间' }, list: true },
    enumField('audit_state', { en: 'Audit state', zh_CN: '审核状态' }, AUDIT_STATES, {
      default: 'pending',
      readonly: true,
      list: true,
      filter: true,
    }),
    { name: 'views', type: 'int', label: { en: 'Views', zh_CN: '浏览量' }, readonly: true, list: true },
    enabledField(),
  ],
};

// DOMAIN 2.8 smart/UserPackage: Subscription (endpoint in the media area), shared with operations.
// `target_id` is a Terminal or an Area id, by target_type, so it is a plain id.
export const subscription: ResourceDef<'media_user_package'> = {
  name: 'media:user_package',
  endpoint: '/admin.php/media/user_package',
  opsEndpoint: '/operations/media/user_package',
  table: 'media_user_package',
  title: { en: 'User package', zh_CN: '用户套餐' },
  fields: [
    enumField(
      'target_type',
      { en: 'Subscriber type', zh_CN: '订购对象类型' },
      {
        terminal: { en: 'Terminal', zh_CN: '终端' },
        area: { en: 'Area', zh_CN: '区域' },
      },
      { required: true, list: true },
    ),
    {
      name: 'target_id',
      type: 'int',
      label: { en: 'Subscriber', zh_CN: '订购对象' },
      required: true,
      min: 1,
      max: 2_147_483_647,
      list: true,
    },
    refField(
      'package_id',
      'media:live_package',
      { en: 'Package', zh_CN: '套餐' },
      { required: true, list: true, filter: true },
    ),
    { name: 'start_at', type: 'dt', label: { en: 'Starts', zh_CN: '开始时间' }, required: true, list: true },
    { name: 'end_at', type: 'dt', label: { en: 'Ends', zh_CN: '结束时间' }, required: true, list: true },
    enumField(
      'source',
      { en: 'Source', zh_CN: '来源' },
      {
        manual: { en: 'Manual', zh_CN: '手工添加' },
        pms: { en: 'Hotel PMS', zh_CN: '酒店管理系统(PMS)' },
        order: { en: 'Order', zh_CN: '订单' },
      },
      { readonly: true, filter: true },
    ),
    enumField(
      'state',
      { en: 'State', zh_CN: '状态' },
      {
        active: { en: 'Active', zh_CN: '生效中', tone: 'success' },
        expired: { en: 'Expired', zh_CN: '已过期', tone: 'default' },
        suspended: { en: 'Suspended', zh_CN: '已暂停', tone: 'warning' },
      },
      { readonly: true, list: true, filter: true },
    ),
  ],
  // A manual subscription starts active (expired when it already ended); end_at must not be
  // before start_at (features/smart-display/user-package.ts).
  verbs: [
    {
      name: 'renew',
      label: { en: 'Renew', zh_CN: '续期' },
      scope: 'row',
      fields: [
        {
          name: 'days',
          type: 'int',
          label: { en: 'Days', zh_CN: '续期天数' },
          required: true,
          min: 1,
          max: 3650,
        },
      ],
    },
    {
      name: 'suspend',
      label: { en: 'Suspend', zh_CN: '暂停' },
      scope: 'row',
      when: { field: 'state', in: ['active'] },
      confirm: { en: 'Suspend this subscription?', zh_CN: '暂停该套餐？' },
      danger: true,
    },
    {
      name: 'resume',
      label: { en: 'Resume', zh_CN: '恢复' },
      scope: 'row',
      when: { field: 'state', in: ['suspended'] },
    },
  ],
};

export const mediaResources: readonly ResourceDef[] = [
  liveSource,
  collectedChannel,
  liveCategory,
  liveProgram,
  livePackage,
  epgProgramme,
  broadcastRoom,
  plazaSlot,
  camera,
  filmCategory,
  film,
  rotationChannel,
  sleepTrack,
  post,
  subscription,
];
