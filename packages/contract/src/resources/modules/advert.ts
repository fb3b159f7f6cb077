import type { FieldDef, ResourceDef } from '../types.ts';

/**
 * Advertising (DOMAIN section 2.7), shared with the operations advertising tabs. The four ad kinds
 * each add the Sched and Targets blocks (DOMAIN section 0) and `enabled`. Lists show name, the
 * kind's main field, start_at, end_at, priority and enabled; DOMAIN's derived `state` filter
 * (upcoming, active, expired from the dates) is not a stored field, so it is not described here.
 */

const enabled: FieldDef = {
  name: 'enabled',
  type: 'bool',
  label: { en: 'Enabled', zh_CN: '启用' },
  default: 1,
  list: true,
  filter: true,
};
const adName: FieldDef = {
  name: 'name',
  type: 'str',
  label: { en: 'Name', zh_CN: '名称' },
  required: true,
  max: 64,
  list: true,
  filter: true,
  keyword: true,
};
const material: FieldDef = {
  name: 'material_id',
  type: 'ref',
  ref: 'advertising:resource',
  label: { en: 'Material', zh_CN: '素材' },
  required: true,
  list: true,
};

/** Sched (DOMAIN section 0). end_at after start_at and weekdays 1–7 are checked by the server (advert-rules). */
const sched: readonly FieldDef[] = [
  { name: 'start_at', type: 'dt', label: { en: 'Starts', zh_CN: '开始时间' }, required: true, list: true },
  { name: 'end_at', type: 'dt', label: { en: 'Ends', zh_CN: '结束时间' }, required: true, list: true },
  {
    name: 'weekdays',
    type: 'json',
    label: { en: 'Weekdays', zh_CN: '星期' },
    default: [1, 2, 3, 4, 5, 6, 7],
  },
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
  { name: 'area_ids', type: 'refs', ref: 'system:region', label: { en: 'Areas', zh_CN: '区域' } },
  { name: 'terminal_ids', type: 'refs', ref: 'index:app_list', label: { en: 'Terminals', zh_CN: '终端' } },
  {
    name: 'package_ids',
    type: 'refs',
    ref: 'media:live_package',
    label: { en: 'Packages', zh_CN: '套餐' },
  },
];

// DOMAIN 2.7 advert/Resources: AdMaterial. A new material, or a new file, waits for the resource audit.
export const adMaterial: ResourceDef = {
  name: 'advertising:resource',
  endpoint: '/admin.php/advertising/resource',
  opsEndpoint: '/operations/Advertising/resource',
  table: 'advert_material',
  title: { en: 'Advertising material', zh_CN: '广告素材' },
  fields: [
    adName,
    {
      name: 'kind',
      type: 'enum',
      label: { en: 'Kind', zh_CN: '类型' },
      options: ['image', 'video'],
      readonly: true,
      list: true,
      filter: true,
    },
    { name: 'file', type: 'file', label: { en: 'File', zh_CN: '文件' }, required: true },
    { name: 'width', type: 'int', label: { en: 'Width', zh_CN: '宽度' }, readonly: true, list: true },
    { name: 'height', type: 'int', label: { en: 'Height', zh_CN: '高度' }, readonly: true, list: true },
    {
      name: 'duration_s',
      type: 'int',
      label: { en: 'Duration (s)', zh_CN: '时长（秒）' },
      readonly: true,
      list: true,
    },
    { name: 'size', type: 'int', label: { en: 'Size (bytes)', zh_CN: '大小（字节）' }, readonly: true },
    { name: 'sha256', type: 'str', label: { en: 'SHA-256', zh_CN: 'SHA-256' }, readonly: true },
    { name: 'tags', type: 'json', label: { en: 'Tags', zh_CN: '标签' }, filter: true },
    {
      name: 'audit_state',
      type: 'enum',
      label: { en: 'Audit state', zh_CN: '审核状态' },
      options: ['pending', 'approved', 'rejected'],
      default: 'pending',
      readonly: true,
      list: true,
      filter: true,
    },
  ],
};

// DOMAIN 2.7 advert/BootAd: BootAd. A video plays its full length whatever show_s says.
export const bootAd: ResourceDef = {
  name: 'advertising:boot',
  endpoint: '/admin.php/advertising/boot',
  opsEndpoint: '/operations/Advertising/boot',
  table: 'advert_boot',
  title: { en: 'Boot advertising', zh_CN: '开机广告' },
  fields: [
    adName,
    material,
    {
      name: 'show_s',
      type: 'int',
      label: { en: 'Show for (s)', zh_CN: '展示时长（秒）' },
      min: 3,
      max: 30,
      default: 5,
    },
    {
      name: 'skip_after_s',
      type: 'int',
      label: { en: 'Skippable after (s, 0 = never)', zh_CN: '可跳过时间（秒，0为不可跳过）' },
      min: 0,
      max: 30,
      default: 0,
    },
    ...sched,
    ...targets,
    enabled,
  ],
};

// DOMAIN 2.7 advert/HomepageAd (`main`): HomepageAd. `items` holds at most 10
// {material_id, duration_s, link_type, link_target}; their material ids are not refs, so the server
// checks them on write and refuses to delete a material an item still uses (advert-rules).
export const homepageAd: ResourceDef = {
  name: 'advertising:main',
  endpoint: '/admin.php/advertising/main',
  opsEndpoint: '/operations/Advertising/main',
  table: 'advert_homepage',
  title: { en: 'Homepage advertising', zh_CN: '首页广告' },
  fields: [
    adName,
    {
      name: 'position',
      type: 'enum',
      label: { en: 'Position', zh_CN: '位置' },
      options: ['banner', 'corner', 'screensaver', 'popup'],
      list: true,
    },
    { name: 'items', type: 'json', label: { en: 'Items', zh_CN: '广告项' }, required: true },
    ...sched,
    ...targets,
    enabled,
  ],
};

// DOMAIN 2.7 advert/LiveAd: LiveAd. Empty program_ids and category_ids mean all channels.
export const liveAd: ResourceDef = {
  name: 'advertising:live',
  endpoint: '/admin.php/advertising/live',
  opsEndpoint: '/operations/Advertising/live',
  table: 'advert_live',
  title: { en: 'Live advertising', zh_CN: '直播广告' },
  fields: [
    adName,
    {
      name: 'kind',
      type: 'enum',
      label: { en: 'Kind', zh_CN: '类型' },
      options: ['preroll', 'corner', 'ticker'],
      list: true,
    },
    material,
    {
      name: 'corner',
      type: 'enum',
      label: { en: 'Corner', zh_CN: '角标位置' },
      options: ['tl', 'tr', 'bl', 'br'],
    },
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
      label: { en: 'Show for (s)', zh_CN: '展示时长（秒）' },
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
    { name: 'program_ids', type: 'refs', ref: 'media:live', label: { en: 'Channels', zh_CN: '频道' } },
    {
      name: 'category_ids',
      type: 'refs',
      ref: 'media:live_type',
      label: { en: 'Live classes', zh_CN: '直播分类' },
    },
    ...sched,
    ...targets,
    enabled,
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
export const textAd: ResourceDef = {
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
    {
      name: 'position',
      type: 'enum',
      label: { en: 'Position', zh_CN: '位置' },
      options: ['top', 'bottom'],
      default: 'bottom',
    },
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
    {
      name: 'speed',
      type: 'enum',
      label: { en: 'Scroll speed', zh_CN: '滚动速度' },
      options: ['slow', 'normal', 'fast'],
    },
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
    enabled,
  ],
};

export const advertResources: readonly ResourceDef[] = [adMaterial, bootAd, homepageAd, liveAd, textAd];
