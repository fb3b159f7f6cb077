import { SERVICE_TITLES } from '../../extras/system-services.ts';
import { OPERATIONS_JOB_TYPES } from '../../system-admin.ts';
import {
  choices,
  enabledField,
  enumField,
  jsonField,
  nameField,
  part,
  refField,
  refsField,
  sortField,
} from '../fields.ts';
import type { FieldDef, ResourceDef } from '../types.ts';

/**
 * System (DOMAIN section 2.9): the record lists. Dhcp (`dhcp_set`), Dns (`dns_set`), HotStandby,
 * SmsSettings and WebSettings are singletons; the other system pages are hand-built screens.
 */

const description: FieldDef = {
  name: 'description',
  type: 'str',
  label: { en: 'Description', zh_CN: '描述' },
  max: 255,
};

// DOMAIN 2.9 system/RegionalManagement: Area, used everywhere and shown as a tree. DOMAIN's import
// file is a CSV of paths such as `A栋/8F/0805` (`region_path`), which the server turns into the
// areas of the tree, reusing those that exist (features/area-imports/region-paths.ts).
export const area: ResourceDef<'system_area'> = {
  name: 'system:region',
  endpoint: '/admin.php/system/region',
  table: 'system_area',
  title: { en: 'Area', zh_CN: '区域' },
  fields: [
    nameField(),
    enumField(
      'type',
      { en: 'Type', zh_CN: '类型' },
      {
        building: { en: 'Building', zh_CN: '楼栋' },
        floor: { en: 'Floor', zh_CN: '楼层' },
        room: { en: 'Room', zh_CN: '房间' },
        ward: { en: 'Ward', zh_CN: '病区' },
        bed: { en: 'Bed', zh_CN: '床位' },
        zone: { en: 'Zone', zh_CN: '片区' },
      },
      { list: true, filter: true },
    ),
    refField('parent_id', 'system:region', { en: 'Parent area', zh_CN: '上级区域' }, { filter: true }),
    // The room or bed number: the PMS/HIS join key.
    {
      name: 'code',
      type: 'str',
      label: { en: 'Room / bed number', zh_CN: '房间/床位号' },
      max: 32,
      unique: true,
      list: true,
      filter: true,
      keyword: true,
    },
    sortField(),
  ],
  io: { import: ['csv', 'region_path'] },
};

// DOMAIN 2.9 system/ExternalLinks: ExternalLink. `parent` is a group route; `role_ids` are roles.
export const externalLink: ResourceDef<'system_external_link'> = {
  name: 'system:external_link',
  endpoint: '/admin.php/system/external_link',
  table: 'system_external_link',
  title: { en: 'External link', zh_CN: '外部链接' },
  fields: [
    {
      name: 'title',
      type: 'str',
      label: { en: 'Title', zh_CN: '标题' },
      required: true,
      max: 64,
      list: true,
      keyword: true,
    },
    {
      name: 'title_en',
      type: 'str',
      label: { en: 'English title', zh_CN: '英文标题' },
      max: 64,
      list: true,
      keyword: true,
    },
    {
      name: 'url',
      type: 'url',
      label: { en: 'URL', zh_CN: '链接地址' },
      required: true,
      max: 1024,
      list: true,
      pattern: {
        source: '^https?://',
        message: {
          en: 'URL must start with http:// or https://',
          zh_CN: '链接地址须以http://或https://开头',
        },
      },
    },
    { name: 'icon', type: 'file', label: { en: 'Icon', zh_CN: '图标' } },
    { name: 'parent', type: 'str', label: { en: 'Menu group', zh_CN: '所属菜单组' }, max: 128 },
    // The roles that see the link (features/menus/external-links.ts); none = every role. Roles are
    // a LOOKUPS list, not a resource: named here and picked by name all the same.
    refsField('role_ids', 'system:role', { en: 'Roles', zh_CN: '角色' }),
    sortField(),
    enabledField(),
  ],
};

// DOMAIN 2.9 system/Dhcp: DhcpHost (`dhcp_host`). The IP must be inside the DHCP subnet (checked by
// the server). I/O also: the dnsmasq config export belongs to `dhcp_set`.
export const dhcpHost: ResourceDef<'system_dhcp_host'> = {
  name: 'system:dhcp_host',
  endpoint: '/admin.php/system/dhcp_host',
  table: 'system_dhcp_host',
  title: { en: 'Static DHCP lease', zh_CN: 'DHCP静态分配' },
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
    {
      name: 'ip',
      type: 'ip',
      label: { en: 'IP', zh_CN: 'IP地址' },
      required: true,
      unique: true,
      list: true,
    },
    {
      name: 'hostname',
      type: 'host',
      label: { en: 'Host name', zh_CN: '主机名' },
      list: true,
      keyword: true,
    },
    description,
  ],
  io: { import: ['csv'], export: ['csv'] },
};

// DOMAIN 2.9 system/Dns: DnsHost (`dns_host`). Import also takes the /etc/hosts format (format
// `hosts`, registered by the server's dnsmasq feature); the dnsmasq export is `system/dns_set`'s.
// DomainOverride has no endpoint in the menu data: it lives in the dns_set settings.
export const dnsHost: ResourceDef<'system_dns_host'> = {
  name: 'system:dns_host',
  endpoint: '/admin.php/system/dns_host',
  table: 'system_dns_host',
  title: { en: 'DNS host record', zh_CN: 'DNS主机记录' },
  fields: [
    {
      name: 'host',
      type: 'host',
      label: { en: 'Host name (FQDN)', zh_CN: '域名' },
      required: true,
      list: true,
      keyword: true,
    },
    { name: 'ip', type: 'ip', label: { en: 'IP', zh_CN: 'IP地址' }, required: true, list: true },
    description,
  ],
  io: { import: ['csv', 'hosts'] },
};

// DOMAIN 2.9 system/ExternalInterface (`outreach`): PmsInterface. Its event log (RO) has no
// endpoint of its own in the menu data.
export const pmsInterface: ResourceDef<'system_pms_interface'> = {
  name: 'system:outreach',
  endpoint: '/admin.php/system/outreach',
  table: 'system_pms_interface',
  title: { en: 'External interface', zh_CN: '外部接口' },
  fields: [
    nameField(),
    enumField(
      'type',
      { en: 'Type', zh_CN: '类型' },
      {
        fias: { en: 'Hotel PMS (FIAS)', zh_CN: '酒店管理系统（FIAS）' },
        his_http: { en: 'Hospital HIS (HTTP)', zh_CN: '医院信息系统（HTTP）' },
      },
      { required: true, default: 'fias', list: true, filter: true },
    ),
    // fias: we are the TCP client of the PMS interface.
    { name: 'host', type: 'host', label: { en: 'PMS host', zh_CN: 'PMS地址' }, list: true },
    {
      name: 'port',
      type: 'int',
      label: { en: 'PMS port', zh_CN: 'PMS端口' },
      min: 1,
      max: 65535,
      list: true,
    },
    // his_http: the bearer token of inbound POSTs.
    { name: 'token', type: 'pwd', label: { en: 'Inbound token', zh_CN: '接入令牌' }, max: 128 },
    // What a check-in and a check-out do to the room (features/outreach/room-effects.ts).
    enumField(
      'on_checkin',
      { en: 'On check-in', zh_CN: '入住时' },
      {
        greet: { en: 'Welcome the guest by name', zh_CN: '按姓名欢迎客人' },
        enable_calls: { en: 'Open the room phone', zh_CN: '开通客房电话' },
        grant_package: { en: 'Grant the live TV packages', zh_CN: '开通直播套餐' },
      },
      { many: true, default: ['greet', 'enable_calls', 'grant_package'] },
    ),
    enumField(
      'on_checkout',
      { en: 'On check-out', zh_CN: '退房时' },
      {
        restrict_calls: { en: 'Restrict the room phone to internal calls', zh_CN: '客房电话限内线' },
        cancel_wakeups: { en: 'Cancel wake-up calls', zh_CN: '取消叫醒服务' },
        clear_messages: { en: 'Close the guest messages', zh_CN: '关闭客人留言' },
        end_package: { en: 'End the live TV packages', zh_CN: '结束直播套餐' },
      },
      { many: true, default: ['restrict_calls', 'cancel_wakeups', 'clear_messages', 'end_package'] },
    ),
    enabledField(),
    // FIAS: TCP connected, then linked once the PMS answers Link Start (features/outreach/fias-client.ts).
    enumField(
      'link_state',
      { en: 'Link state', zh_CN: '连接状态' },
      {
        connected: {
          en: 'Connected, awaiting link start',
          zh_CN: '已连接，等待链路建立',
          tone: 'processing',
        },
        linked: { en: 'Linked', zh_CN: '链路正常', tone: 'success' },
        down: { en: 'Down', zh_CN: '已断开', tone: 'error' },
      },
      { readonly: true, list: true, filter: true },
    ),
  ],
};

// DOMAIN 2.9 system/HolidayTheme (`festival/index`): Theme. Its `export` verb is the home export
// (DOMAIN 2.1), served elsewhere on the same endpoint. end_date >= start_date is checked by the
// server (holiday-themes/rules.ts).
export const theme: ResourceDef<'system_theme'> = {
  name: 'festival:index',
  endpoint: '/admin.php/festival/index',
  table: 'system_theme',
  title: { en: 'Holiday theme', zh_CN: '节日主题' },
  fields: [
    nameField(),
    enumField(
      'festival',
      { en: 'Festival', zh_CN: '节日' },
      {
        spring_festival: { en: 'Spring Festival', zh_CN: '春节' },
        lantern: { en: 'Lantern Festival', zh_CN: '元宵节' },
        qingming: { en: 'Qingming Festival', zh_CN: '清明节' },
        labour_day: { en: 'Labour Day', zh_CN: '劳动节' },
        dragon_boat: { en: 'Dragon Boat Festival', zh_CN: '端午节' },
        mid_autumn: { en: 'Mid-Autumn Festival', zh_CN: '中秋节' },
        national_day: { en: 'National Day', zh_CN: '国庆节' },
        christmas: { en: 'Christmas', zh_CN: '圣诞节' },
        new_year: { en: "New Year's Day", zh_CN: '元旦' },
        custom: { en: 'Custom', zh_CN: '自定义' },
      },
      { list: true, filter: true },
    ),
    {
      name: 'start_date',
      type: 'date',
      label: { en: 'Starts', zh_CN: '开始日期' },
      required: true,
      list: true,
    },
    { name: 'end_date', type: 'date', label: { en: 'Ends', zh_CN: '结束日期' }, required: true, list: true },
    { name: 'background', type: 'file', label: { en: 'Background', zh_CN: '背景' } },
    { name: 'overlay', type: 'file', label: { en: 'Overlay', zh_CN: '装饰图层' } },
    { name: 'bgm', type: 'file', label: { en: 'Background music', zh_CN: '背景音乐' } },
    { name: 'greeting', type: 'str', label: { en: 'Greeting', zh_CN: '祝福语' }, max: 200 },
    {
      name: 'greeting_en',
      type: 'str',
      label: { en: 'Greeting (English)', zh_CN: '祝福语（英文）' },
      max: 200,
    },
    refsField('scene_ids', 'index:scenario', { en: 'Scenarios', zh_CN: '应用场景' }),
    // The higher priority wins when themes overlap.
    { name: 'priority', type: 'int', label: { en: 'Priority', zh_CN: '优先级' }, min: 0, max: 99 },
    enabledField(),
  ],
};

// DOMAIN 2.9 system/ResourceAudit (`resources/index`): AuditItem, a read-only view over uploads
// (handled through the approve and reject verbs). The same endpoint also answers `changeMode`.
// The server keeps one item per audited record (films, self-media posts, ad materials; any site):
// a new record, or a change to what a reviewer looked at, makes it pending again. Approve and
// reject set the item and the record's `audit_state`. Approve is a batch verb (one selected row or
// many): a verb has one scope, and DOMAIN grants a single approve key for both.
export const auditItem: ResourceDef<'system_audit_item'> = {
  name: 'resources:index',
  endpoint: '/admin.php/resources/index',
  table: 'system_audit_item',
  title: { en: 'Resource audit', zh_CN: '资源审核' },
  readonly: true,
  fields: [
    enumField(
      'resource_type',
      { en: 'Resource type', zh_CN: '资源类型' },
      {
        ad_material: { en: 'Ad material', zh_CN: '广告素材' },
        film: { en: 'Film', zh_CN: '影片' },
        self_media: { en: 'Self-media post', zh_CN: '自媒体内容' },
        intro: { en: 'Introduction', zh_CN: '介绍资源' },
        goods: { en: 'Goods', zh_CN: '商品' },
        apk: { en: 'App package', zh_CN: '应用安装包' },
        theme: { en: 'Holiday theme', zh_CN: '节日主题' },
      },
      { list: true, filter: true },
    ),
    {
      name: 'name',
      type: 'str',
      label: { en: 'Name', zh_CN: '名称' },
      list: true,
      filter: true,
      keyword: true,
    },
    { name: 'uploader', type: 'str', label: { en: 'Uploader', zh_CN: '上传人' }, list: true },
    { name: 'mime', type: 'str', label: { en: 'MIME type', zh_CN: '文件类型' } },
    {
      name: 'size',
      type: 'int',
      label: { en: 'Size', zh_CN: '大小' },
      unit: 'bytes',
      min: 0,
      max: 2_147_483_647,
    },
    { name: 'preview_url', type: 'str', label: { en: 'Preview', zh_CN: '预览地址' } },
    {
      name: 'submitted_at',
      type: 'dt',
      label: { en: 'Submitted', zh_CN: '提交时间' },
      list: true,
      filter: true,
    },
    enumField(
      'state',
      { en: 'State', zh_CN: '审核状态' },
      {
        pending: { en: 'Pending', zh_CN: '待审核', tone: 'warning' },
        approved: { en: 'Approved', zh_CN: '已通过', tone: 'success' },
        rejected: { en: 'Rejected', zh_CN: '已驳回', tone: 'error' },
      },
      { list: true, filter: true },
    ),
    { name: 'reviewer', type: 'str', label: { en: 'Reviewer', zh_CN: '审核人' } },
    { name: 'reviewed_at', type: 'dt', label: { en: 'Reviewed', zh_CN: '审核时间' } },
    // Required to reject (checked by the reject verb).
    { name: 'reason', type: 'text', label: { en: 'Reason', zh_CN: '原因' } },
    // The audited record (of the table resource_type names); absent on items the demo made.
    {
      name: 'resource_id',
      type: 'int',
      label: { en: 'Record', zh_CN: '记录' },
      readonly: true,
    },
  ],
  defaultSort: { field: 'submitted_at', order: 'desc' },
  verbs: [
    {
      name: 'approve',
      label: { en: 'Approve', zh_CN: '通过' },
      // On a row, and on the selection (DOMAIN: batch approve).
      scope: 'records',
      when: { field: 'state', in: ['pending', 'rejected'] },
    },
    {
      name: 'reject',
      label: { en: 'Reject', zh_CN: '驳回' },
      scope: 'row',
      when: { field: 'state', in: ['pending', 'approved'] },
      danger: true,
      fields: [
        {
          name: 'reason',
          type: 'text',
          label: { en: 'Reason', zh_CN: '原因' },
          required: true,
          max: 500,
        },
      ],
    },
  ],
};

/** The services a restart_service task may name: those run by a program of their own (not web, gb28181). */
const RESTARTABLE_SERVICES = choices({
  sip: SERVICE_TITLES.sip,
  dhcp_dns: SERVICE_TITLES.dhcp_dns,
  acs: { en: 'TR-069 ACS', zh_CN: 'TR-069 ACS服务' },
  rtmp: SERVICE_TITLES.rtmp,
  ntp: SERVICE_TITLES.ntp,
  ssh: SERVICE_TITLES.ssh,
  snmp: SERVICE_TITLES.snmp,
  igmpproxy: SERVICE_TITLES.igmpproxy,
});
/** The terminal commands a task may queue (features/scheduler/jobs.ts SCHEDULABLE_COMMANDS). */
const SCHEDULABLE_COMMANDS = choices({
  reboot: { en: 'Reboot', zh_CN: '重启' },
  clear_cache: { en: 'Clear cache', zh_CN: '清除缓存' },
  screenshot: { en: 'Screenshot', zh_CN: '截屏' },
  show_message: { en: 'Show a message', zh_CN: '显示消息' },
});

// DOMAIN 2.9 system/ScheduledTask: ScheduledJob, shared with operations (where the types are
// limited to sync_sources, epg_refresh, clear_cache and terminal_command: checked by the server).
export const scheduledJob: ResourceDef<'system_scheduled_job'> = {
  name: 'system:timed_task',
  endpoint: '/admin.php/system/timed_task',
  opsEndpoint: '/operations/system/timed_task',
  table: 'system_scheduled_job',
  title: { en: 'Scheduled task', zh_CN: '定时任务' },
  fields: [
    nameField(),
    enumField(
      'type',
      { en: 'Action', zh_CN: '任务类型' },
      {
        reboot_system: { en: 'Reboot the system', zh_CN: '重启系统' },
        restart_service: { en: 'Restart a service', zh_CN: '重启服务' },
        backup: { en: 'Back up', zh_CN: '备份' },
        clean_logs: { en: 'Clean logs', zh_CN: '清理日志' },
        sync_sources: { en: 'Sync live sources', zh_CN: '同步直播源' },
        epg_refresh: { en: 'Refresh the programme guide', zh_CN: '刷新节目单' },
        clear_cache: { en: 'Clear server caches', zh_CN: '清理服务器缓存' },
        terminal_command: { en: 'Terminal command', zh_CN: '终端指令' },
      },
      { required: true, opsOptions: OPERATIONS_JOB_TYPES, list: true, filter: true },
    ),
    // The keys each type reads (checked by the server, features/scheduler/jobs.ts): clean_logs
    // older_than_days; restart_service service; terminal_command command, text (show_message) and
    // area_ids (none = every terminal).
    jsonField(
      'params',
      { en: 'Parameters', zh_CN: '参数' },
      {
        kind: 'object',
        fields: [
          part(
            'older_than_days',
            'int',
            { en: 'Older than (days)', zh_CN: '早于（天）' },
            { min: 1, max: 3650 },
          ),
          part('service', 'enum', { en: 'Service', zh_CN: '服务' }, RESTARTABLE_SERVICES),
          part('command', 'enum', { en: 'Command', zh_CN: '指令' }, SCHEDULABLE_COMMANDS),
          part('text', 'str', { en: 'Message text', zh_CN: '消息内容' }, { max: 500 }),
          part('area_ids', 'refs', { en: 'Areas', zh_CN: '区域' }, { ref: 'system:region' }),
        ],
      },
    ),
    {
      name: 'cron',
      type: 'cron',
      label: { en: 'Schedule (cron)', zh_CN: '执行计划（cron）' },
      required: true,
      default: '0 3 * * *',
      list: true,
    },
    enabledField(),
    {
      name: 'last_run_at',
      type: 'dt',
      label: { en: 'Last run', zh_CN: '上次执行' },
      readonly: true,
      list: true,
    },
    {
      name: 'last_result',
      type: 'str',
      label: { en: 'Last result', zh_CN: '上次结果' },
      readonly: true,
      list: true,
    },
    {
      name: 'next_run_at',
      type: 'dt',
      label: { en: 'Next run', zh_CN: '下次执行' },
      readonly: true,
      list: true,
    },
  ],
};

export const systemResources: readonly ResourceDef[] = [
  area,
  externalLink,
  dhcpHost,
  dnsHost,
  pmsInterface,
  theme,
  auditItem,
  scheduledJob,
];
