import { APP_LANGUAGES, APP_STYLES, APP_TYPES, choicesOf } from '../../extras/options.ts';
import {
  areaIdsField,
  keywordField,
  readonlyColumn,
  secondsField,
  stateField,
  weekdayField,
} from '../field-blocks.ts';
import {
  choices,
  enabledField,
  enumField,
  jsonField,
  moneyField,
  nameEnField,
  nameField,
  ONLINE_WORDS,
  part,
  refField,
  sortField,
} from '../fields.ts';
import type { ResourceDef } from '../types.ts';

/** Smart display (DOMAIN section 2.8). */

const areaIds = areaIdsField();
/** A list of uploaded pictures (upload ids), shown as thumbnails. */
const imageList = (label: { en: string; zh_CN: string }) =>
  jsonField('images', label, { kind: 'list', of: part('image', 'file', { en: 'Image', zh_CN: '图片' }) });

// DOMAIN 2.8 smart/TerminalAuthorization: Terminal, shared with operations. The command history
// (`app_command`: send and list) is not a generic collection. `state` changes only through the
// verbs (a new terminal is pending), so authorising always meets the licence's terminal limit
// (checked by the server, features/smart-display/terminal-verbs.ts).
export const terminal: ResourceDef<'smart_terminal'> = {
  name: 'index:app_list',
  endpoint: '/admin.php/index/app_list',
  opsEndpoint: '/operations/index/app_list',
  table: 'smart_terminal',
  title: { en: 'Terminal', zh_CN: '终端' },
  // The offline check reads the online terminals of every site by their last heartbeat; the
  // keyword search over every site of a fleet finds a name or serial number by any part of it;
  // the home counts them per site.
  indexes: [
    { name: 'online_seen', columns: ['last_seen'], where: { field: 'online', equals: 1 } },
    // The home's terminal figures per site read only this index (an index-only scan).
    { name: 'site_state_seen', columns: ['site_id', 'state', 'last_seen'] },
    { name: 'name_trgm', columns: ['name'], method: 'trigram' },
    { name: 'sn_trgm', columns: ['sn'], method: 'trigram' },
  ],
  columns: {
    first: ['name', 'mac', 'state', 'online', 'ip', 'app_version', 'last_seen'],
    more: ['sn', 'os_version', 'language', 'remark'],
  },
  fields: [
    {
      name: 'mac',
      type: 'mac',
      label: { en: 'MAC', zh_CN: 'MAC地址' },
      required: true,
      unique: true,
      list: true,
      filter: true,
    },
    keywordField('sn', { en: 'Serial number', zh_CN: '序列号' }, { max: 64 }),
    keywordField('name', { en: 'Name', zh_CN: '名称' }, { max: 64 }),
    readonlyColumn('model', 'str', { en: 'Model', zh_CN: '型号' }, { filter: true }),
    readonlyColumn('app_version', 'str', { en: 'App version', zh_CN: '应用版本' }, { filter: true }),
    readonlyColumn('os_version', 'str', { en: 'OS version', zh_CN: '系统版本' }, { filter: true }),
    readonlyColumn('ip', 'ip', { en: 'IP', zh_CN: 'IP地址' }, { filter: true }),
    stateField(
      {
        pending: { en: 'Pending', zh_CN: '待授权', tone: 'warning' },
        authorized: { en: 'Authorized', zh_CN: '已授权', tone: 'success' },
        rejected: { en: 'Rejected', zh_CN: '已拒绝', tone: 'error' },
        disabled: { en: 'Disabled', zh_CN: '已停用', tone: 'default' },
      },
      { default: 'pending' },
      { en: 'Authorization', zh_CN: '授权状态' },
    ),
    {
      name: 'online',
      type: 'bool',
      boolLabels: ONLINE_WORDS,
      label: { en: 'Online', zh_CN: '在线' },
      readonly: true,
      list: true,
      filter: true,
    },
    readonlyColumn('last_seen', 'dt', { en: 'Last seen', zh_CN: '最近在线' }, { filter: true }),
    {
      name: 'expire_at',
      type: 'date',
      label: { en: 'Expires (empty = never)', zh_CN: '到期日期（空为永久）' },
      list: true,
    },
    {
      name: 'language',
      type: 'enum',
      label: { en: 'Language', zh_CN: '语言' },
      ...choicesOf(APP_LANGUAGES),
      default: 'zh',
      list: true,
    },
    { name: 'remark', type: 'str', label: { en: 'Remark', zh_CN: '备注' }, max: 255, list: true },
  ],
  io: { export: ['csv'] },
  // DOMAIN: authorize also as a batch. A verb has one scope, so authorize is the batch one (a
  // single terminal is a selection of one); reject and disable sit on the rows.
  verbs: [
    {
      name: 'authorize',
      label: { en: 'Authorize', zh_CN: '授权' },
      // DOMAIN: "authorize also as a batch".
      scope: 'records',
      when: { field: 'state', in: ['pending', 'rejected', 'disabled'] },
    },
    {
      name: 'reject',
      label: { en: 'Reject', zh_CN: '拒绝' },
      scope: 'row',
      when: { field: 'state', in: ['pending'] },
      confirm: { en: 'Reject this terminal?', zh_CN: '拒绝该终端的授权申请？' },
      danger: true,
    },
    {
      name: 'disable',
      label: { en: 'Disable', zh_CN: '停用' },
      scope: 'row',
      when: { field: 'state', in: ['authorized'] },
      confirm: {
        en: 'Disable this terminal? It stops receiving content until authorized again.',
        zh_CN: '停用该终端？重新授权前它将不再获取内容。',
      },
      danger: true,
    },
  ],
};

// DOMAIN 2.8 smart/DeviceBinding: Binding, the room record. DOMAIN's import file has the columns
// room_code, mac and extension (`binding_csv`, resolved to ids by features/area-imports); the
// plain CSV import reads the field columns (area_id, terminal_id, extension_id) as everywhere.
export const binding: ResourceDef<'smart_binding'> = {
  name: 'smart:binding',
  endpoint: '/admin.php/smart/binding',
  table: 'smart_binding',
  title: { en: 'Device binding', zh_CN: '设备绑定' },
  fields: [
    refField(
      'area_id',
      'system:region',
      { en: 'Room', zh_CN: '房间' },
      { required: true, unique: true, list: true, filter: true },
    ),
    refField(
      'terminal_id',
      'index:app_list',
      { en: 'Terminal', zh_CN: '终端' },
      { unique: true, list: true },
    ),
    refField('extension_id', 'voice:extension', { en: 'Extension', zh_CN: '分机' }, { list: true }),
    refField('camera_id', 'media:camera', { en: 'Camera', zh_CN: '摄像头' }),
    { name: 'bed_no', type: 'str', label: { en: 'Bed number', zh_CN: '床位号' }, max: 32, keyword: true },
    { name: 'remark', type: 'str', label: { en: 'Remark', zh_CN: '备注' }, max: 255 },
    { name: 'bound_at', type: 'dt', label: { en: 'Bound at', zh_CN: '绑定时间' }, readonly: true },
    { name: 'bound_by', type: 'str', label: { en: 'Bound by', zh_CN: '绑定人' }, readonly: true },
  ],
  io: { import: ['csv', 'binding_csv'] },
};

// DOMAIN 2.8 smart/ApplicationScene: Scene. One default scene per site (checked by the server,
// features/smart-display/scene-default.ts).
// `scenario_other` is a singleton form (features/smart-extras). The operations twin serves the
// hidden scene routes in that mode (DOMAIN 1.2), under the operations App menu item.
export const scene: ResourceDef<'smart_scene'> = {
  name: 'index:scenario',
  endpoint: '/admin.php/index/scenario',
  opsEndpoint: '/operations/index/scenario',
  table: 'smart_scene',
  title: { en: 'Application scenario', zh_CN: '应用场景' },
  fields: [
    nameField(),
    enumField(
      'industry',
      { en: 'Industry', zh_CN: '行业' },
      {
        hotel: { en: 'Hotel', zh_CN: '酒店' },
        hospital: { en: 'Hospital', zh_CN: '医院' },
        school: { en: 'School', zh_CN: '学校' },
        custom: { en: 'Custom', zh_CN: '自定义' },
      },
      { required: true, default: 'hotel', list: true, filter: true },
    ),
    refField(
      'template_id',
      'smart:easy_template',
      { en: 'Template', zh_CN: '模板' },
      { required: true, list: true },
    ),
    // Placeholders {guest_name} {room} {bed}.
    { name: 'welcome_title', type: 'str', label: { en: 'Welcome title', zh_CN: '欢迎标题' }, max: 100 },
    {
      name: 'welcome_title_en',
      type: 'str',
      label: { en: 'Welcome title (English)', zh_CN: '欢迎标题（英文）' },
      max: 100,
    },
    { name: 'welcome_text', type: 'str', label: { en: 'Welcome text', zh_CN: '欢迎语' }, max: 1000 },
    {
      name: 'welcome_text_en',
      type: 'str',
      label: { en: 'Welcome text (English)', zh_CN: '欢迎语（英文）' },
      max: 1000,
    },
    { name: 'background', type: 'file', label: { en: 'Background', zh_CN: '背景' } },
    { name: 'bgm', type: 'file', label: { en: 'Background music', zh_CN: '背景音乐' } },
    { name: 'logo', type: 'file', label: { en: 'Logo', zh_CN: '标志' } },
    { name: 'show_clock', type: 'bool', label: { en: 'Show clock', zh_CN: '显示时钟' }, default: 1 },
    { name: 'show_weather', type: 'bool', label: { en: 'Show weather', zh_CN: '显示天气' }, default: 0 },
    { ...areaIds, list: true },
    { name: 'is_default', type: 'bool', label: { en: 'Default', zh_CN: '默认场景' }, list: true },
    enabledField(),
  ],
};

// DOMAIN 2.8 smart/ApplicationScene `scenario_resource`: the scene's carousel, one row per item
// {file, duration_s, title}, ordered by `sort`; `scene_id` ties it to its scene. Edited inside the
// scene editor (smart/SceneEdit), not as a list of its own.
export const sceneResource: ResourceDef<'smart_scene_resource'> = {
  name: 'index:scenario_resource',
  endpoint: '/admin.php/index/scenario_resource',
  opsEndpoint: '/operations/index/scenario_resource',
  table: 'smart_scene_resource',
  title: { en: 'Scenario carousel item', zh_CN: '场景轮播资源' },
  editedIn: 'index:scenario',
  fields: [
    refField(
      'scene_id',
      'index:scenario',
      { en: 'Scenario', zh_CN: '场景' },
      { required: true, list: true, filter: true },
    ),
    { name: 'file', type: 'file', label: { en: 'File', zh_CN: '文件' }, required: true, list: true },
    secondsField('duration_s', { en: 'Duration', zh_CN: '时长' }, { min: 1, max: 3600, list: true }),
    {
      name: 'title',
      type: 'str',
      label: { en: 'Title', zh_CN: '标题' },
      max: 100,
      list: true,
      keyword: true,
    },
    sortField(),
  ],
};

// DOMAIN 2.8 smart/EasyTemplate: EasyTemplate. The tile count must equal the layout's slots
// (checked by the server, features/smart-display/template-tiles.ts). Operations mode has no
// endpoint for it (DOMAIN 1.2), yet its scenes need one: the gateway's templates serve every site.
export const easyTemplate: ResourceDef<'smart_easy_template'> = {
  name: 'smart:easy_template',
  endpoint: '/admin.php/smart/easy_template',
  table: 'smart_easy_template',
  title: { en: 'Easy template', zh_CN: '简易模板' },
  sharedWithSites: true,
  fields: [
    nameField(),
    enumField(
      'layout',
      { en: 'Layout', zh_CN: '布局' },
      {
        banner_4: { en: 'Banner and 4 tiles', zh_CN: '横幅加4格' },
        banner_6: { en: 'Banner and 6 tiles', zh_CN: '横幅加6格' },
        grid_3x2: { en: 'Grid 3 × 2', zh_CN: '3×2宫格' },
        grid_4x2: { en: 'Grid 4 × 2', zh_CN: '4×2宫格' },
        list: { en: 'List', zh_CN: '列表' },
      },
      { list: true },
    ),
    enumField(
      'orientation',
      { en: 'Orientation', zh_CN: '方向' },
      {
        landscape: { en: 'Landscape', zh_CN: '横屏' },
        portrait: { en: 'Portrait', zh_CN: '竖屏' },
      },
    ),
    // {slot, app_menu_id}[]: one app menu per slot of the layout (features/smart-display/template-tiles.ts).
    jsonField(
      'tiles',
      { en: 'Tiles', zh_CN: '磁贴' },
      {
        kind: 'rows',
        fields: [
          part('slot', 'int', { en: 'Slot', zh_CN: '位置' }, { required: true, min: 1, max: 50 }),
          part(
            'app_menu_id',
            'ref',
            { en: 'App menu', zh_CN: '应用菜单' },
            { ref: 'index:app_menu', required: true },
          ),
        ],
      },
    ),
    { name: 'background', type: 'file', label: { en: 'Background', zh_CN: '背景' } },
    enabledField(),
  ],
};

// DOMAIN 2.8 smart/AppMenu: AppMenu, shared with operations. `type`, `style` and `languages` take
// the fixed lists the `app_type`, `app_style` and `app_language` calls serve (extras/options.ts),
// labelled from there; DOMAIN does not describe those lists as entities. An apk item must name
// the package of a published AppRelease (checked by the server).
export const appMenu: ResourceDef<'smart_app_menu'> = {
  name: 'index:app_menu',
  endpoint: '/admin.php/index/app_menu',
  opsEndpoint: '/operations/index/app_menu',
  table: 'smart_app_menu',
  title: { en: 'App menu', zh_CN: '应用菜单' },
  fields: [
    nameField(),
    nameEnField({ keyword: true, list: true, filter: true }),
    {
      name: 'type',
      type: 'enum',
      label: { en: 'Type', zh_CN: '类型' },
      ...choicesOf(APP_TYPES),
      list: true,
      filter: true,
    },
    // A package name, an http(s) URL or a category id, by type.
    {
      name: 'target',
      type: 'str',
      label: { en: 'Target', zh_CN: '目标' },
      required: true,
      max: 1024,
      list: true,
    },
    { name: 'icon', type: 'file', label: { en: 'Icon', zh_CN: '图标' }, required: true, list: true },
    { name: 'focus_icon', type: 'file', label: { en: 'Focused icon', zh_CN: '选中图标' }, list: true },
    // Two levels at most, hence no cycles (checked by the server).
    refField('parent_id', 'index:app_menu', { en: 'Parent menu', zh_CN: '上级菜单' }, { filter: true }),
    { name: 'style', type: 'enum', label: { en: 'Style', zh_CN: '样式' }, ...choicesOf(APP_STYLES) },
    // The languages the item is shown in; none means every language. Stored as a JSON array, as
    // the free `json` field before it held them.
    {
      name: 'languages',
      type: 'enums',
      label: { en: 'Languages', zh_CN: '语言' },
      ...choicesOf(APP_LANGUAGES),
    },
    areaIds,
    { name: 'visible', type: 'bool', label: { en: 'Visible', zh_CN: '显示' }, list: true, filter: true },
    sortField({ filter: true }),
  ],
};

// DOMAIN 2.8 smart/AppUpdate: AppRelease. version_code must exceed the latest of the package
// (checked by the server, features/smart-display/app-release-version.ts). Operations twin under
// the operations App menu item (DOMAIN 1.2).
export const appRelease: ResourceDef<'smart_app_release'> = {
  name: 'index:app_upgrade',
  endpoint: '/admin.php/index/app_upgrade',
  opsEndpoint: '/operations/index/app_upgrade',
  table: 'smart_app_release',
  title: { en: 'App release', zh_CN: '应用版本' },
  fields: [
    keywordField('package_name', { en: 'Package name', zh_CN: '包名' }, { required: true, max: 128 }),
    {
      name: 'version_name',
      type: 'str',
      label: { en: 'Version name', zh_CN: '版本名称' },
      required: true,
      max: 64,
      list: true,
      keyword: true,
    },
    {
      name: 'version_code',
      type: 'int',
      label: { en: 'Version code', zh_CN: '版本号' },
      required: true,
      min: 1,
      max: 2_147_483_647,
      list: true,
    },
    { name: 'file', type: 'file', label: { en: 'APK file', zh_CN: 'APK文件' }, required: true },
    {
      name: 'size',
      type: 'int',
      label: { en: 'Size', zh_CN: '大小' },
      unit: 'bytes',
      readonly: true,
    },
    { name: 'md5', type: 'str', label: { en: 'MD5', zh_CN: 'MD5' }, readonly: true },
    { name: 'force', type: 'bool', label: { en: 'Forced update', zh_CN: '强制升级' }, list: true },
    // Staged rollout: models and areas.
    // Terminal models (compared without case, features/terminal-api/upgrade.ts); none = every model.
    jsonField(
      'models',
      { en: 'Models', zh_CN: '适用型号' },
      { kind: 'list', of: part('model', 'str', { en: 'Model', zh_CN: '型号' }) },
    ),
    areaIds,
    { name: 'notes', type: 'text', label: { en: 'Release notes', zh_CN: '更新说明' }, max: 5000 },
    enumField(
      'state',
      { en: 'State', zh_CN: '状态' },
      {
        draft: { en: 'Draft', zh_CN: '草稿', tone: 'warning' },
        published: { en: 'Published', zh_CN: '已发布', tone: 'success' },
        withdrawn: { en: 'Withdrawn', zh_CN: '已撤回', tone: 'default' },
      },
      { list: true, filter: true },
    ),
  ],
};

// DOMAIN 2.8 smart/IntroductionResources: IntroResource. `parent_id` is an expert's department.
export const introResource: ResourceDef<'smart_intro_resource'> = {
  name: 'introduce:resource',
  endpoint: '/admin.php/introduce/resource',
  table: 'smart_intro_resource',
  title: { en: 'Introduction resource', zh_CN: '介绍资源' },
  fields: [
    enumField(
      'kind',
      { en: 'Kind', zh_CN: '类型' },
      {
        department: { en: 'Department', zh_CN: '科室' },
        expert: { en: 'Expert', zh_CN: '专家' },
        facility: { en: 'Facility', zh_CN: '设施' },
        service: { en: 'Service', zh_CN: '服务' },
      },
      { list: true, filter: true },
    ),
    nameField(),
    refField('parent_id', 'introduce:resource', { en: 'Department', zh_CN: '所属科室' }, { filter: true }),
    { name: 'title', type: 'str', label: { en: 'Title', zh_CN: '职称' }, max: 64, list: true },
    { name: 'specialty', type: 'str', label: { en: 'Specialty', zh_CN: '专长' }, max: 500 },
    { name: 'photo', type: 'file', label: { en: 'Photo', zh_CN: '照片' } },
    { name: 'description', type: 'html', label: { en: 'Description', zh_CN: '介绍' } },
    { name: 'location', type: 'str', label: { en: 'Location', zh_CN: '位置' }, max: 128 },
    { name: 'phone', type: 'str', label: { en: 'Phone', zh_CN: '电话' }, max: 32 },
    { name: 'open_hours', type: 'str', label: { en: 'Opening hours', zh_CN: '开放时间' }, max: 128 },
    // DOMAIN: {weekday, am|pm}[], the weekday as ISO 1 (Monday) to 7 (Sunday), as DOMAIN's Sched.
    jsonField(
      'schedule',
      { en: 'Clinic schedule', zh_CN: '出诊安排' },
      {
        kind: 'rows',
        fields: [
          weekdayField('weekday', { required: true }),
          part(
            'period',
            'enum',
            { en: 'Session', zh_CN: '时段' },
            {
              ...choices({
                am: { en: 'Morning', zh_CN: '上午' },
                pm: { en: 'Afternoon', zh_CN: '下午' },
              }),
              required: true,
            },
          ),
        ],
      },
    ),
    sortField(),
    enabledField(),
  ],
};

// DOMAIN 2.8 smart/OtherIntroduction: IntroType (`type`), shared with operations.
export const introType: ResourceDef<'smart_intro_type'> = {
  name: 'introduce:type',
  endpoint: '/admin.php/introduce/type',
  opsEndpoint: '/operations/Introduce/type',
  table: 'smart_intro_type',
  title: { en: 'Introduction type', zh_CN: '介绍类型' },
  fields: [
    nameField(),
    nameEnField({ keyword: true }),
    { name: 'icon', type: 'file', label: { en: 'Icon', zh_CN: '图标' } },
    enumField(
      'template',
      { en: 'Template', zh_CN: '展示模板' },
      {
        text: { en: 'Text and pictures', zh_CN: '图文' },
        gallery: { en: 'Gallery', zh_CN: '图集' },
        video: { en: 'Video', zh_CN: '视频' },
      },
      { list: true },
    ),
    sortField(),
    enabledField(),
  ],
};

// DOMAIN 2.8 smart/OtherIntroduction: IntroItem (`index`), shared with operations.
export const introItem: ResourceDef<'smart_intro_item'> = {
  name: 'introduce:index',
  endpoint: '/admin.php/introduce/index',
  opsEndpoint: '/operations/Introduce/index',
  table: 'smart_intro_item',
  title: { en: 'Introduction item', zh_CN: '介绍内容' },
  fields: [
    refField(
      'type_id',
      'introduce:type',
      { en: 'Type', zh_CN: '类型' },
      { required: true, list: true, filter: true },
    ),
    keywordField('title', { en: 'Title', zh_CN: '标题' }, { required: true, max: 100 }),
    { name: 'cover', type: 'file', label: { en: 'Cover', zh_CN: '封面' } },
    { name: 'content', type: 'html', label: { en: 'Content', zh_CN: '正文' } },
    imageList({ en: 'Images', zh_CN: '图片' }),
    { name: 'video', type: 'file', label: { en: 'Video', zh_CN: '视频' } },
    sortField(),
    enabledField(),
  ],
};

// DOMAIN 2.8 smart/MallManagement: GoodsType (`type`), shared with operations.
export const goodsType: ResourceDef<'shop_goods_type'> = {
  name: 'shop:type',
  endpoint: '/admin.php/shop/type',
  opsEndpoint: '/operations/shop/type',
  table: 'shop_goods_type',
  title: { en: 'Goods type', zh_CN: '商品分类' },
  fields: [
    nameField(),
    nameEnField({ keyword: true }),
    { name: 'icon', type: 'file', label: { en: 'Icon', zh_CN: '图标' } },
    sortField(),
    enabledField(),
  ],
};

// DOMAIN 2.8 smart/MallManagement: Goods (`goods`), shared with operations. original_price >= price
// and at most 9 images (checked by the server, features/smart-display/goods-rules.ts).
export const goods: ResourceDef<'shop_goods'> = {
  name: 'shop:goods',
  endpoint: '/admin.php/shop/goods',
  opsEndpoint: '/operations/shop/goods',
  table: 'shop_goods',
  title: { en: 'Goods', zh_CN: '商品' },
  fields: [
    refField(
      'type_id',
      'shop:type',
      { en: 'Type', zh_CN: '分类' },
      { required: true, list: true, filter: true },
    ),
    nameField({ max: 60 }),
    nameEnField({ keyword: true, max: 60, required: true, list: true, filter: true }),
    { name: 'cover', type: 'file', label: { en: 'Cover', zh_CN: '封面' }, required: true, list: true },
    { ...imageList({ en: 'Images (up to 9)', zh_CN: '图片（最多9张）' }), list: true },
    moneyField('price', { en: 'Price', zh_CN: '价格' }, { required: true, list: true }),
    moneyField('original_price', { en: 'Original price', zh_CN: '原价' }, { list: true }),
    {
      name: 'stock',
      type: 'int',
      label: { en: 'Stock (-1 = unlimited)', zh_CN: '库存（-1为不限）' },
      min: -1,
      max: 1_000_000_000,
      default: -1,
      list: true,
    },
    { name: 'unit', type: 'str', label: { en: 'Unit', zh_CN: '单位' }, max: 16 },
    enumField(
      'delivery',
      { en: 'Delivery', zh_CN: '配送方式' },
      {
        room: { en: 'Delivered to the room', zh_CN: '送至房间' },
        pickup: { en: 'Pick up at the front desk', zh_CN: '前台自取' },
        service: { en: 'Brought by staff', zh_CN: '服务人员上门' },
      },
      { required: true, default: 'room' },
    ),
    { name: 'description', type: 'html', label: { en: 'Description', zh_CN: '详情' } },
    {
      name: 'on_sale',
      type: 'bool',
      label: { en: 'On sale', zh_CN: '上架' },
      default: 1,
      list: true,
      filter: true,
    },
    sortField({ filter: true }),
  ],
  io: { import: ['csv'], export: ['csv'] },
};

// DOMAIN 2.8 smart/MallManagement: Order (`order`), shared with operations. Orders come from
// terminals; the menu grants edit, del, export and the state verbs, no add. Table `shop_order`,
// which the cart badge (hint `order`) and the dashboard count: a new order starts pending.
// `state` moves only by the verbs: pending → accepted → delivering → completed (a pickup or
// service order may complete once accepted), or cancelled before it completes. A new order
// takes its goods' stock and a cancelled one gives it back (features/smart-display/order-*.ts).
export const order: ResourceDef<'shop_order'> = {
  name: 'shop:order',
  endpoint: '/admin.php/shop/order',
  opsEndpoint: '/operations/shop/order',
  table: 'shop_order',
  title: { en: 'Order', zh_CN: '订单' },
  fields: [
    keywordField('order_no', { en: 'Order number', zh_CN: '订单号' }, { readonly: true }),
    readonlyColumn('area', 'str', { en: 'Room', zh_CN: '房间' }, { filter: true }),
    readonlyColumn('terminal', 'str', { en: 'Terminal', zh_CN: '终端' }, { filter: true }),
    // A snapshot of each line when ordered: the goods, its name and unit price then, the quantity
    // (features/smart-display/order-stock.ts).
    jsonField(
      'items',
      { en: 'Items', zh_CN: '商品明细' },
      {
        kind: 'rows',
        fields: [
          part('goods_id', 'ref', { en: 'Goods', zh_CN: '商品' }, { ref: 'shop:goods', required: true }),
          part('name', 'str', { en: 'Name', zh_CN: '名称' }),
          moneyField('price', { en: 'Unit price', zh_CN: '单价' }),
          part('qty', 'int', { en: 'Quantity', zh_CN: '数量' }, { required: true, min: 1 }),
        ],
      },
      { readonly: true },
    ),
    // The sum of the lines, in fen; set with the order, so without moneyField's input range.
    readonlyColumn('amount', 'int', { en: 'Amount', zh_CN: '金额' }, { unit: 'fen' }),
    enumField(
      'pay_method',
      { en: 'Payment', zh_CN: '支付方式' },
      {
        room_charge: { en: 'Charge to room', zh_CN: '挂房账' },
        cash: { en: 'Cash', zh_CN: '现金' },
        wechat: { en: 'WeChat Pay', zh_CN: '微信支付' },
        alipay: { en: 'Alipay', zh_CN: '支付宝' },
      },
      { list: true },
    ),
    stateField(
      {
        pending: { en: 'Pending', zh_CN: '待接单', tone: 'warning' },
        accepted: { en: 'Accepted', zh_CN: '已接单', tone: 'processing' },
        delivering: { en: 'Delivering', zh_CN: '配送中', tone: 'processing' },
        completed: { en: 'Completed', zh_CN: '已完成', tone: 'success' },
        cancelled: { en: 'Cancelled', zh_CN: '已取消', tone: 'default' },
      },
      { default: 'pending' },
    ),
    { name: 'remark', type: 'str', label: { en: 'Remark', zh_CN: '备注' }, max: 255 },
    { name: 'contact_phone', type: 'str', label: { en: 'Contact phone', zh_CN: '联系电话' }, max: 32 },
    { name: 'handled_by', type: 'str', label: { en: 'Handled by', zh_CN: '处理人' }, readonly: true },
    // The `cancel` verb's reason.
    {
      name: 'cancel_reason',
      type: 'str',
      label: { en: 'Cancel reason', zh_CN: '取消原因' },
      max: 255,
      readonly: true,
    },
  ],
  io: { export: ['csv'] },
  verbs: [
    {
      name: 'accept',
      label: { en: 'Accept', zh_CN: '接单' },
      scope: 'row',
      when: { field: 'state', in: ['pending'] },
    },
    {
      name: 'deliver',
      label: { en: 'Deliver', zh_CN: '配送' },
      scope: 'row',
      when: { field: 'state', in: ['accepted'] },
    },
    {
      name: 'complete',
      label: { en: 'Complete', zh_CN: '完成' },
      scope: 'row',
      when: { field: 'state', in: ['accepted', 'delivering'] },
      confirm: { en: 'Mark this order as completed?', zh_CN: '确认该订单已完成？' },
    },
    {
      name: 'cancel',
      label: { en: 'Cancel order', zh_CN: '取消订单' },
      scope: 'row',
      when: { field: 'state', in: ['pending', 'accepted', 'delivering'] },
      fields: [
        {
          name: 'reason',
          type: 'str',
          label: { en: 'Reason', zh_CN: '取消原因' },
          required: true,
          max: 255,
        },
      ],
      danger: true,
    },
  ],
};

// DOMAIN 2.8 smart/MessageBoard: Message. Messages come from terminals (no add in the menu).
// `state` moves only by the verbs: unread → read → replied (again and again) → closed.
export const message: ResourceDef<'smart_message'> = {
  name: 'smart:message_board',
  endpoint: '/admin.php/smart/message_board',
  table: 'smart_message',
  title: { en: 'Message', zh_CN: '留言' },
  fields: [
    readonlyColumn('area', 'str', { en: 'Room', zh_CN: '房间' }, { filter: true }),
    { name: 'terminal', type: 'str', label: { en: 'Terminal', zh_CN: '终端' }, readonly: true },
    {
      name: 'guest_name',
      type: 'str',
      label: { en: 'Guest', zh_CN: '客人' },
      readonly: true,
      keyword: true,
    },
    enumField(
      'category',
      { en: 'Category', zh_CN: '类别' },
      {
        suggestion: { en: 'Suggestion', zh_CN: '建议' },
        complaint: { en: 'Complaint', zh_CN: '投诉' },
        request: { en: 'Request', zh_CN: '服务请求' },
        other: { en: 'Other', zh_CN: '其他' },
      },
      { list: true, filter: true },
    ),
    {
      name: 'content',
      type: 'text',
      label: { en: 'Message', zh_CN: '留言内容' },
      readonly: true,
      keyword: true,
    },
    { name: 'contact', type: 'str', label: { en: 'Contact', zh_CN: '联系方式' }, max: 64 },
    stateField(
      {
        unread: { en: 'Unread', zh_CN: '未读', tone: 'warning' },
        read: { en: 'Read', zh_CN: '已读', tone: 'processing' },
        replied: { en: 'Replied', zh_CN: '已回复', tone: 'success' },
        closed: { en: 'Closed', zh_CN: '已关闭', tone: 'default' },
      },
      { default: 'unread' },
    ),
    { name: 'reply', type: 'text', label: { en: 'Reply', zh_CN: '回复' }, max: 2000 },
    readonlyColumn('replied_by', 'str', { en: 'Replied by', zh_CN: '回复人' }),
    readonlyColumn('replied_at', 'dt', { en: 'Replied at', zh_CN: '回复时间' }),
  ],
  io: { export: ['csv'] },
  verbs: [
    {
      name: 'reply',
      label: { en: 'Reply', zh_CN: '回复' },
      scope: 'row',
      when: { field: 'state', in: ['unread', 'read', 'replied'] },
      fields: [
        {
          name: 'reply',
          type: 'text',
          label: { en: 'Reply', zh_CN: '回复' },
          required: true,
          max: 2000,
        },
      ],
    },
    {
      name: 'close',
      label: { en: 'Close', zh_CN: '关闭' },
      scope: 'row',
      when: { field: 'state', in: ['unread', 'read', 'replied'] },
      confirm: { en: 'Close this message?', zh_CN: '关闭该留言？' },
    },
    {
      name: 'read',
      label: { en: 'Mark as read', zh_CN: '标为已读' },
      scope: 'batch',
      when: { field: 'state', in: ['unread'] },
    },
  ],
};

// DOMAIN 2.8 smart/HospitalEvaluation: EvalItem. The field name `required` is DOMAIN's.
export const evalItem: ResourceDef<'smart_eval_item'> = {
  name: 'smart:eval_item',
  endpoint: '/admin.php/smart/eval_item',
  table: 'smart_eval_item',
  title: { en: 'Evaluation question', zh_CN: '评价题目' },
  fields: [
    {
      name: 'question',
      type: 'str',
      label: { en: 'Question', zh_CN: '题目' },
      required: true,
      max: 200,
      list: true,
      keyword: true,
    },
    {
      name: 'question_en',
      type: 'str',
      label: { en: 'Question (English)', zh_CN: '题目（英文）' },
      max: 200,
      keyword: true,
    },
    enumField(
      'type',
      { en: 'Answer type', zh_CN: '题型' },
      {
        star5: { en: 'Five-star rating', zh_CN: '五星评分' },
        choice: { en: 'Multiple choice', zh_CN: '选择题' },
        text: { en: 'Free text', zh_CN: '文字意见' },
      },
      { list: true },
    ),
    // The answers a choice question offers, as the terminal shows them.
    jsonField(
      'options',
      { en: 'Choices', zh_CN: '选项' },
      { kind: 'list', of: part('choice', 'str', { en: 'Choice', zh_CN: '选项' }) },
    ),
    enumField(
      'target',
      { en: 'Evaluates', zh_CN: '评价对象' },
      {
        hospital: { en: 'Hospital', zh_CN: '医院' },
        department: { en: 'Department', zh_CN: '科室' },
        nurse: { en: 'Nurse', zh_CN: '护士' },
        doctor: { en: 'Doctor', zh_CN: '医生' },
      },
      { list: true, filter: true },
    ),
    { name: 'required', type: 'bool', label: { en: 'Required', zh_CN: '必答' } },
    sortField(),
    enabledField(),
  ],
};

// DOMAIN 2.8 smart/HospitalEvaluation: EvalRecord (read-only). One submission per admission per
// terminal: for the terminal API to enforce, which does not exist yet (no call writes these rows).
export const evalRecord: ResourceDef<'smart_eval_record'> = {
  name: 'smart:eval_record',
  endpoint: '/admin.php/smart/eval_record',
  table: 'smart_eval_record',
  title: { en: 'Evaluation record', zh_CN: '评价记录' },
  readonly: true,
  fields: [
    keywordField('area', { en: 'Area / bed', zh_CN: '病区/床位' }),
    { name: 'patient', type: 'str', label: { en: 'Patient', zh_CN: '患者' }, list: true, keyword: true },
    // DOMAIN {item_id, value}[]: the value is the stars (1–5), the choice or the text given.
    jsonField(
      'answers',
      { en: 'Answers', zh_CN: '答案' },
      {
        kind: 'rows',
        fields: [
          part(
            'item_id',
            'ref',
            { en: 'Question', zh_CN: '题目' },
            { ref: 'smart:eval_item', required: true },
          ),
          // A number (stars) or text: a part of any value.
          part('value', 'json', { en: 'Answer', zh_CN: '回答' }),
        ],
      },
    ),
    {
      name: 'score_avg',
      type: 'num',
      label: { en: 'Average score', zh_CN: '平均分' },
      min: 0,
      max: 5,
      list: true,
    },
    { name: 'comment', type: 'text', label: { en: 'Comment', zh_CN: '意见' } },
    {
      name: 'submitted_at',
      type: 'dt',
      label: { en: 'Submitted', zh_CN: '提交时间' },
      list: true,
      filter: true,
    },
  ],
  io: { export: ['csv'] },
  defaultSort: { field: 'submitted_at', order: 'desc' },
};

// DOMAIN 2.8 smart/PlayRecord: PlayRecord (read-only).
export const playRecord: ResourceDef<'smart_play_record'> = {
  name: 'smart:play_record',
  endpoint: '/admin.php/smart/play_record',
  table: 'smart_play_record',
  title: { en: 'Play record', zh_CN: '播放记录' },
  readonly: true,
  fields: [
    keywordField('terminal', { en: 'Terminal', zh_CN: '终端' }),
    keywordField('area', { en: 'Area', zh_CN: '区域' }),
    enumField(
      'content_type',
      { en: 'Content type', zh_CN: '内容类型' },
      {
        live: { en: 'Live TV', zh_CN: '直播' },
        vod: { en: 'Video on demand', zh_CN: '点播' },
        ad: { en: 'Advert', zh_CN: '广告' },
        music: { en: 'Music', zh_CN: '音乐' },
        self_media: { en: 'Self-media', zh_CN: '自媒体' },
      },
      { list: true, filter: true },
    ),
    {
      name: 'content_id',
      type: 'int',
      label: { en: 'Content id', zh_CN: '内容编号' },
      min: 0,
      max: 2_147_483_647,
    },
    {
      name: 'content_name',
      type: 'str',
      label: { en: 'Content', zh_CN: '内容名称' },
      list: true,
      keyword: true,
    },
    { name: 'start_at', type: 'dt', label: { en: 'Started', zh_CN: '开始时间' }, list: true, filter: true },
    { name: 'end_at', type: 'dt', label: { en: 'Ended', zh_CN: '结束时间' } },
    secondsField('duration_s', { en: 'Duration', zh_CN: '时长' }, { min: 0, max: 2_147_483_647, list: true }),
  ],
  io: { export: ['csv'] },
  defaultSort: { field: 'start_at', order: 'desc' },
};

// DOMAIN 2.8 smart/TerminalRecord: TerminalEvent. Events come from the terminal API (the menu grants
// del and the read verbs, no add or edit). Table `smart_terminal_event` (the server's own
// `terminal_events` is a different, older table).
export const terminalEvent: ResourceDef<'smart_terminal_event'> = {
  name: 'smart:terminal_record',
  endpoint: '/admin.php/smart/terminal_record',
  table: 'smart_terminal_event',
  title: { en: 'Terminal record', zh_CN: '终端记录' },
  fields: [
    keywordField('terminal', { en: 'Terminal', zh_CN: '终端' }, { max: 64 }),
    { name: 'area', type: 'str', label: { en: 'Area', zh_CN: '区域' }, max: 64, list: true },
    // What happened, toned as the state it reports.
    enumField(
      'type',
      { en: 'Event', zh_CN: '事件类型' },
      {
        online: { en: 'Came online', zh_CN: '上线', tone: 'success' },
        offline: { en: 'Went offline', zh_CN: '离线', tone: 'error' },
        auth_request: { en: 'Authorization request', zh_CN: '授权申请', tone: 'warning' },
        command_ack: { en: 'Command acknowledged', zh_CN: '指令已执行', tone: 'success' },
        upgrade_ok: { en: 'Upgrade succeeded', zh_CN: '升级成功', tone: 'success' },
        upgrade_fail: { en: 'Upgrade failed', zh_CN: '升级失败', tone: 'error' },
        message: { en: 'Guest message', zh_CN: '客人留言', tone: 'processing' },
      },
      { list: true, filter: true },
    ),
    { name: 'detail', type: 'text', label: { en: 'Detail', zh_CN: '详情' }, max: 2000, list: true },
    {
      name: 'read',
      type: 'bool',
      label: { en: 'Read', zh_CN: '已读' },
      default: 0,
      list: true,
      filter: true,
    },
  ],
  verbs: [
    { name: 'read', label: { en: 'Mark as read', zh_CN: '标为已读' }, scope: 'batch' },
    {
      name: 'read_all',
      label: { en: 'Mark all as read', zh_CN: '全部标为已读' },
      scope: 'page',
      confirm: { en: 'Mark every terminal record as read?', zh_CN: '将全部终端记录标为已读？' },
    },
  ],
};

export const smartResources: readonly ResourceDef[] = [
  terminal,
  binding,
  scene,
  sceneResource,
  easyTemplate,
  appMenu,
  appRelease,
  introResource,
  introType,
  introItem,
  goodsType,
  goods,
  order,
  message,
  evalItem,
  evalRecord,
  playRecord,
  terminalEvent,
];
