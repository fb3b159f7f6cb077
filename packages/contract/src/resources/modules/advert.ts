import {
  enabledField,
  enumField,
  jsonField,
  nameField,
  part,
  refField,
  refsField,
  WEEKDAYS,
} from '../fields.ts';
import type { FieldDef, ResourceDef } from '../types.ts';

/**
 * Advertising (DOMAIN section 2.7), shared with the operations advertising tabs. The four ad kinds
 * each add the Sched and Targets blocks (DOMAIN section 0) and `enabled`. Lists show name, the
 * kind's main field, start_at, end_at, priority and enabled; DOMAIN's derived `state` filter
 * (upcoming, active, expired from the dates) is not a stored field, so it is not described here.
 */

const material: FieldDef = refField(
  'material_id',
  'advertising:resource',
  { en: 'Material', zh_CN: '素材' },
  { required: true, list: true },
);

/**
 * Sched (DOMAIN section 0). end_at after start_at and weekdays 1–7 are checked by the server
 * (advert-rules): `weekdays` is a list of distinct ISO days as numbers, 1 = Monday … 7 = Sunday.
 */
const sched: readonly FieldDef[] = [
  { name: 'start_at', type: 'dt', label: { en: 'Starts', zh_CN: '开始时间' }, required: true, list: true },
  { name: 'end_at', type: 'dt', label: { en: 'Ends', zh_CN: '结束时间' }, required: true, list: true },
  jsonField(
    'weekdays',
    { en: 'Weekdays', zh_CN: '星期' },
    { kind: 'list', of: enumField('day', { en: 'Weekday', zh_CN: '星期' }, WEEKDAYS) },
    { default: [1, 2, 3, 4, 5, 6, 7] },
  ),
  // A daily window that may cross midnight.
  { name: 'time_from', type: 'time', label: { en: 'Daily from', zh_CN: '每日开始' } },
  { name: 'time_to', type: 'time', label: { en: 'Daily to', zh_CN: '每日结束' } },
  {
    name: 'priority',
    type: 'int',
    label: { en: 'Priority', zh_CN: '优先级' },
    min: 1,
    max: 99,
    default: 50,
    list: true,
  },
];

/** Targets (DOMAIN section 0): empty means all. */
const targets: readonly FieldDef[] = [
  refsField('area_ids', 'system:region', { en: 'Areas', zh_CN: '区域' }),
  refsField('terminal_ids', 'index:app_list', { en: 'Terminals', zh_CN: '终端' }),
  refsField('package_ids', 'media:live_package', { en: 'Packages', zh_CN: '套餐' }),
];

// DOMAIN 2.7 advert/Resources: AdMaterial. A new material, or a new file, waits for the resource audit.
export const adMaterial: ResourceDef<'advert_material'> = {
  name: 'advertising:resource',
  endpoint: '/admin.php/advertising/resource',
  opsEndpoint: '/operations/Advertising/resource',
  table: 'advert_material',
  title: { en: 'Advertising material', zh_CN: '广告素材' },
  fields: [
    nameField(),
    enumField(
      'kind',
      { en: 'Kind', zh_CN: '类型' },
      {
        image: { en: 'Image', zh_CN: '图片' },
        video: { en: 'Video', zh_CN: '视频' },
      },
      { readonly: true, list: true, filter: true },
    ),
    { name: 'file', type: 'file', label: { en: 'File', zh_CN: '文件' }, required: true },
    { name: 'width', type: 'int', label: { en: 'Width', zh_CN: '宽度' }, readonly: true, list: true },
    { name: 'height', type: 'int', label: { en: 'Height', zh_CN: '高度' }, readonly: true, list: true },
    {
      name: 'duration_s',
      type: 'int',
      label: { en: 'Duration', zh_CN: '时长' },
      unit: 'seconds',
      readonly: true,
      list: true,
    },
    { name: 'size', type: 'int', label: { en: 'Size', zh_CN: '大小' }, unit: 'bytes', readonly: true },
    { name: 'sha256', type: 'str', label: { en: 'SHA-256', zh_CN: 'SHA-256' }, readonly: true },
    // Free words the operator picks (the demo: dining, spa, offer, brand); the filter matches any.
    jsonField(
      'tags',
      { en: 'Tags', zh_CN: '标签' },
      { kind: 'list', of: part('tag', 'str', { en: 'Tag', zh_CN: '标签' }) },
      { filter: true },
    ),
    enumField(
      'audit_state',
      { en: 'Audit state', zh_CN: '审核状态' },
      {
        pending: { en: 'Pending review', zh_CN: '待审核', tone: 'warning' },
        approved: { en: 'Approved', zh_CN: '已通过', tone: 'success' },
        rejected: { en: 'Rejected', zh_CN: '已驳回', tone: 'error' },
      },
      { default: 'pending', readonly: true, list: true, filter: true },
    ),
  ],
};

// DOMAIN 2.7 advert/BootAd: BootAd. A video plays its full length whatever show_s says.
export const bootAd: ResourceDef<'advert_boot'> = {
  name: 'advertising:boot',
  endpoint: '/admin.php/advertising/boot',
  opsEndpoint: '/operations/Advertising/boot',
  table: 'advert_boot',
  title: { en: 'Boot advertising', zh_CN: '开机广告' },
  fields: [
    nameField(),
    material,
    {
      name: 'show_s',
      type: 'int',
      label: { en: 'Show for', zh_CN: '展示时长' },
      unit: 'seconds',
      min: 3,
      max: 30,
      default: 5,
    },
    {
      name: 'skip_after_s',
      type: 'int',
      label: { en: 'Skippable after (0 = never)', zh_CN: '可跳过时间（0为不可跳过）' },
      unit: 'seconds',
      min: 0,
      max: 30,
      default: 0,
    },
    ...sched,
    ...targets,
    enabledField(),
  ],
};

// DOMAIN 2.7 advert/HomepageAd (`main`): HomepageAd. `items` holds at most 10
// {material_id, duration_s, link_type, link_target}; their material ids are not refs, so the server
// checks them on write and refuses to delete a material an item still uses (advert-rules).
export const homepageAd: ResourceDef<'advert_homepage'> = {
  name: 'advertising:main',
  endpoint: '/admin.php/advertising/main',
  opsEndpoint: '/operations/Advertising/main',
  table: 'advert_homepage',
  title: { en: 'Homepage advertising', zh_CN: '首页广告' },
  fields: [
    nameField(),
    enumField(
      'position',
      { en: 'Position', zh_CN: '位置' },
      {
        banner: { en: 'Banner', zh_CN: '横幅' },
        corner: { en: 'Corner', zh_CN: '角标' },
        screensaver: { en: 'Screensaver', zh_CN: '屏保' },
        popup: { en: 'Pop-up', zh_CN: '弹窗' },
      },
      { list: true },
    ),
    // Stored as readHomepageItems (advert-rules) leaves them: every key set, defaults filled in.
    jsonField(
      'items',
      { en: 'Items', zh_CN: '广告项' },
      {
        kind: 'rows',
        fields: [
          refField(
            'material_id',
            'advertising:resource',
            { en: 'Material', zh_CN: '素材' },
            { required: true },
          ),
          part(
            'duration_s',
            'int',
            { en: 'Show for', zh_CN: '展示时长' },
            { unit: 'seconds', min: 1, max: 3600, default: 5 },
          ),
          enumField(
            'link_type',
            { en: 'Link', zh_CN: '链接类型' },
            {
              none: { en: 'No link', zh_CN: '不跳转' },
              live: { en: 'Live channel', zh_CN: '直播频道' },
              film: { en: 'Film', zh_CN: '影片' },
              intro: { en: 'Introduction page', zh_CN: '介绍页' },
              goods: { en: 'Mall goods', zh_CN: '商城商品' },
              url: { en: 'Web page', zh_CN: '网页' },
              app: { en: 'App', zh_CN: '应用' },
            },
            { default: 'none' },
          ),
          part('link_target', 'str', { en: 'Link target', zh_CN: '链接目标' }, { max: 255 }),
        ],
      },
      { required: true },
    ),
    ...sched,
    ...targets,
    enabledField(),
  ],
};

// DOMAIN 2.7 advert/LiveAd: LiveAd. Empty program_ids and category_ids mean all channels.
export const liveAd: ResourceDef<'advert_live'> = {
  name: 'advertising:live',
  endpoint: '/admin.php/advertising/live',
  opsEndpoint: '/operations/Advertising/live',
  table: 'advert_live',
  title: { en: 'Live advertising', zh_CN: '直播广告' },
  fields: [
    nameField(),
    enumField(
      'kind',
      { en: 'Kind', zh_CN: '类型' },
      {
        preroll: { en: 'Pre-roll', zh_CN: '片头广告' },
        corner: { en: 'Corner logo', zh_CN: '角标' },
        ticker: { en: 'Ticker', zh_CN: '滚动字幕' },
      },
      { list: true },
    ),
    material,
    enumField(
      'corner',
      { en: 'Corner', zh_CN: '角标位置' },
      {
        tl: { en: 'Top left', zh_CN: '左上角' },
        tr: { en: 'Top right', zh_CN: '右上角' },
        bl: { en: 'Bottom left', zh_CN: '左下角' },
        br: { en: 'Bottom right', zh_CN: '右下角' },
      },
    ),
    {
      name: 'size_pct',
      type: 'int',
      label: { en: 'Size (%)', zh_CN: '大小（%）' },
      min: 5,
      max: 30,
      default: 15,
    },
    {
      name: 'show_s',
      type: 'int',
      label: { en: 'Show for', zh_CN: '展示时长' },
      unit: 'seconds',
      min: 1,
      max: 3600,
      default: 10,
    },
    {
      name: 'interval_min',
      type: 'int',
      label: { en: 'Interval (min)', zh_CN: '间隔（分钟）' },
      min: 1,
      max: 1440,
      default: 30,
    },
    refsField('program_ids', 'media:live', { en: 'Channels', zh_CN: '频道' }),
    refsField('category_ids', 'media:live_type', { en: 'Live classes', zh_CN: '直播分类' }),
    ...sched,
    ...targets,
    enabledField(),
  ],
};

const colour = (name: string, en: string, zh: string, def: string): FieldDef => ({
  name,
  type: 'str',
  label: { en, zh_CN: zh },
  default: def,
  pattern: {
    source: '^#[0-9A-Fa-f]{6}$',
    message: { en: `${en} must be a colour such as #FFFFFF`, zh_CN: `${zh}须为#FFFFFF格式的颜色` },
  },
});

// DOMAIN 2.7 advert/TextAd: TextAd. DOMAIN gives it no `name`: `content` is its title.
export const textAd: ResourceDef<'advert_text'> = {
  name: 'advertising:text',
  endpoint: '/admin.php/advertising/text',
  opsEndpoint: '/operations/Advertising/text',
  table: 'advert_text',
  title: { en: 'Text advertising', zh_CN: '文字广告' },
  fields: [
    {
      name: 'content',
      type: 'str',
      label: { en: 'Text', zh_CN: '文字内容' },
      required: true,
      max: 500,
      list: true,
      filter: true,
      keyword: true,
    },
    {
      name: 'content_en',
      type: 'str',
      label: { en: 'English text', zh_CN: '英文内容' },
      max: 500,
      keyword: true,
    },
    enumField(
      'position',
      { en: 'Position', zh_CN: '位置' },
      {
        top: { en: 'Top', zh_CN: '顶部' },
        bottom: { en: 'Bottom', zh_CN: '底部' },
      },
      { default: 'bottom' },
    ),
    {
      name: 'font_size',
      type: 'int',
      label: { en: 'Font size', zh_CN: '字号' },
      min: 16,
      max: 64,
      default: 28,
    },
    colour('color', 'Text colour', '文字颜色', '#FFFFFF'),
    colour('bg_color', 'Background colour', '背景颜色', '#000000'),
    {
      name: 'bg_opacity',
      type: 'int',
      label: { en: 'Background opacity (%)', zh_CN: '背景不透明度（%）' },
      min: 0,
      max: 100,
      default: 60,
    },
    enumField(
      'speed',
      { en: 'Scroll speed', zh_CN: '滚动速度' },
      {
        slow: { en: 'Slow', zh_CN: '慢速' },
        normal: { en: 'Normal', zh_CN: '正常' },
        fast: { en: 'Fast', zh_CN: '快速' },
      },
    ),
    {
      name: 'repeat',
      type: 'int',
      label: { en: 'Repeat (0 = loop)', zh_CN: '重复次数（0为循环）' },
      min: 0,
      max: 1000,
      default: 0,
    },
    ...sched,
    ...targets,
    enabledField(),
  ],
};

export const advertResources: readonly ResourceDef[] = [adMaterial, bootAd, homepageAd, liveAd, textAd];
