import {
  enabledField,
  enumField,
  jsonField,
  nameField,
  ONLINE_WORDS,
  part,
  refField,
  refsField,
} from '../fields.ts';
import type { FieldDef, ResourceDef } from '../types.ts';
import type { VerbDef } from '../verbs.ts';

/** Wireless AC (DOMAIN section 2.4). */

// DOMAIN 2.4 ac/ApCategory: ApCategory.
export const apCategory: ResourceDef<'ac_ap_category'> = {
  name: 'ac:ap_category',
  endpoint: '/admin.php/ac/ap_category',
  table: 'ac_ap_category',
  title: { en: 'AP category', zh_CN: 'AP分类' },
  fields: [
    nameField(),
    { name: 'description', type: 'text', label: { en: 'Description', zh_CN: '描述' }, max: 500 },
    refsField('template_ids', 'ac:template', { en: 'Default templates', zh_CN: '默认模板' }),
    enabledField(),
  ],
};

/** The firmware build an upgrade installs (a Build of the AP's category). */
const buildField: FieldDef = refField(
  'build_id',
  'ac:firmware',
  { en: 'Firmware build', zh_CN: '固件版本' },
  { required: true },
);

// DOMAIN 2.4 ac/ApCategory: Ap.
export const ap: ResourceDef<'ac_ap'> = {
  name: 'ac:ap',
  endpoint: '/admin.php/ac/ap',
  table: 'ac_ap',
  title: { en: 'AP', zh_CN: 'AP' },
  columns: {
    first: ['name', 'management_ip', 'online', 'clients', 'config_status'],
    more: ['mac', 'category_id', 'os', 'last_ip'],
  },
  fields: [
    nameField({
      max: 63,
      pattern: {
        source: '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$',
        message: {
          en: 'Name may contain letters, digits and inner hyphens only',
          zh_CN: '名称只能包含字母、数字和中间的连字符',
        },
      },
    }),
    {
      name: 'mac',
      type: 'mac',
      label: { en: 'MAC', zh_CN: 'MAC地址' },
      required: true,
      unique: true,
      list: true,
      filter: true,
    },
    refField(
      'category_id',
      'ac:ap_category',
      { en: 'Category', zh_CN: '分类' },
      { required: true, list: true, filter: true },
    ),
    refField('area_id', 'system:region', { en: 'Area', zh_CN: '区域' }, { list: true, filter: true }),
    refsField('template_ids', 'ac:template', { en: 'Extra templates', zh_CN: '附加模板' }),
    { name: 'management_ip', type: 'ip', label: { en: 'Management IP', zh_CN: '管理IP' }, list: true },
    {
      name: 'channel_2g',
      type: 'str',
      label: { en: '2.4 GHz channel', zh_CN: '2.4G信道' },
      default: 'auto',
      pattern: {
        source: '^(auto|[1-9]|1[0-3])$',
        message: { en: '2.4 GHz channel must be auto or 1 to 13', zh_CN: '2.4G信道须为auto或1到13' },
      },
    },
    {
      name: 'channel_5g',
      type: 'str',
      label: { en: '5 GHz channel', zh_CN: '5G信道' },
      default: 'auto',
      pattern: {
        source: '^(auto|3[6-9]|[4-9]\\d|1[0-5]\\d|16[0-5])$',
        message: { en: '5 GHz channel must be auto or 36 to 165', zh_CN: '5G信道须为auto或36到165' },
      },
    },
    {
      name: 'tx_power',
      type: 'str',
      label: { en: 'Transmit power (dBm)', zh_CN: '发射功率（dBm）' },
      default: 'auto',
      pattern: {
        source: '^(auto|[1-9]|[12]\\d|30)$',
        message: { en: 'Transmit power must be auto or 1 to 30', zh_CN: '发射功率须为auto或1到30' },
      },
    },
    { name: 'model', type: 'str', label: { en: 'Model', zh_CN: '型号' }, readonly: true, list: true },
    { name: 'os', type: 'str', label: { en: 'Firmware', zh_CN: '系统版本' }, readonly: true, list: true },
    { name: 'last_ip', type: 'ip', label: { en: 'Last IP', zh_CN: '最近IP' }, readonly: true, list: true },
    enumField(
      'config_status',
      { en: 'Config status', zh_CN: '配置状态' },
      {
        modified: { en: 'Modified, not applied', zh_CN: '已修改未下发', tone: 'warning' },
        applied: { en: 'Applied', zh_CN: '已应用', tone: 'success' },
        error: { en: 'Error', zh_CN: '出错', tone: 'error' },
      },
      { default: 'modified', readonly: true, list: true, filter: true },
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
    {
      name: 'clients',
      type: 'int',
      label: { en: 'Clients', zh_CN: '终端数' },
      readonly: true,
      list: true,
      filter: true,
    },
    {
      name: 'last_seen',
      type: 'dt',
      label: { en: 'Last seen', zh_CN: '最近在线' },
      readonly: true,
      list: true,
      filter: true,
    },
    // Commands queued by the verbs and timed reboots that the AP agent has not taken yet: it takes
    // them at its next poll (kept by the server, features/device-tasks).
    {
      name: 'pending_tasks',
      type: 'int',
      label: { en: 'Pending tasks', zh_CN: '待执行任务' },
      readonly: true,
      list: true,
    },
  ],
  io: { import: ['csv'], export: ['csv'] },
  // DOMAIN 2.4: each verb queues a command for the AP agent's next poll.
  verbs: [
    {
      name: 'reboot',
      label: { en: 'Reboot', zh_CN: '重启' },
      scope: 'batch',
      confirm: {
        en: 'Queue a reboot for the selected APs? Their clients lose Wi-Fi for a few minutes.',
        zh_CN: '为选中的AP排队重启？其下终端将断开WiFi数分钟。',
      },
      danger: true,
    },
    {
      name: 'apply',
      label: { en: 'Apply configuration', zh_CN: '下发配置' },
      scope: 'batch',
      confirm: {
        en: 'Have the selected APs fetch and apply their configuration at their next poll?',
        zh_CN: '让选中的AP在下次轮询时获取并应用配置？',
      },
    },
    {
      name: 'change_password',
      label: { en: 'Change password', zh_CN: '修改密码' },
      scope: 'row',
      fields: [
        {
          name: 'password',
          type: 'pwd',
          label: { en: 'New root password', zh_CN: '新的root密码' },
          required: true,
          min: 8,
          max: 64,
        },
      ],
    },
    { name: 'locate', label: { en: 'Locate (blink LED)', zh_CN: '定位（闪烁指示灯）' }, scope: 'row' },
    {
      name: 'upgrade',
      label: { en: 'Upgrade firmware', zh_CN: '升级固件' },
      scope: 'batch',
      fields: [buildField],
    },
  ],
};

// DOMAIN 2.4 ac/ApUpdate: Build. `version` is unique per category (a pair): checked by the server
// (features/ac/rules.ts). FirmwareImage and BatchUpgrade have no endpoint of their own in the menu
// data.
export const firmwareBuild: ResourceDef<'ac_firmware_build'> = {
  name: 'ac:firmware',
  endpoint: '/admin.php/ac/firmware',
  table: 'ac_firmware_build',
  title: { en: 'Firmware build', zh_CN: '固件版本' },
  fields: [
    refField(
      'category_id',
      'ac:ap_category',
      { en: 'AP category', zh_CN: 'AP分类' },
      { required: true, list: true, filter: true },
    ),
    {
      name: 'version',
      type: 'str',
      label: { en: 'Version', zh_CN: '版本' },
      required: true,
      max: 32,
      list: true,
      filter: true,
      keyword: true,
    },
    { name: 'os', type: 'str', label: { en: 'Operating system', zh_CN: '系统' }, max: 64, list: true },
    { name: 'changelog', type: 'text', label: { en: 'Changelog', zh_CN: '更新说明' }, max: 5000 },
  ],
};

// DOMAIN 2.4 ac/ApUpdate: UpgradeOperation (read-only), listed on the upgrade endpoint whose
// verbs (upgrade, batch_upgrade, cancel) create them. `ap` and `image` are names, so history
// never blocks deleting an AP.
export const upgradeOperation: ResourceDef<'ac_upgrade_operation'> = {
  name: 'ac:upgrade',
  endpoint: '/admin.php/ac/upgrade',
  table: 'ac_upgrade_operation',
  title: { en: 'AP upgrade', zh_CN: 'AP升级记录' },
  readonly: true,
  fields: [
    { name: 'ap', type: 'str', label: { en: 'AP', zh_CN: 'AP' }, list: true, keyword: true },
    { name: 'image', type: 'str', label: { en: 'Firmware image', zh_CN: '固件镜像' }, list: true },
    // As openwisp-firmware-upgrader logs them.
    enumField(
      'state',
      { en: 'State', zh_CN: '状态' },
      {
        'in-progress': { en: 'In progress', zh_CN: '升级中', tone: 'processing' },
        success: { en: 'Succeeded', zh_CN: '成功', tone: 'success' },
        failed: { en: 'Failed', zh_CN: '失败', tone: 'error' },
        cancelled: { en: 'Cancelled', zh_CN: '已取消', tone: 'default' },
        aborted: { en: 'Aborted', zh_CN: '已中止', tone: 'error' },
      },
      { list: true, filter: true },
    ),
    {
      name: 'progress',
      type: 'int',
      label: { en: 'Progress (%)', zh_CN: '进度（%）' },
      min: 0,
      max: 100,
      list: true,
    },
    // How it ended, set by the server (features/ac/upgrades.ts): the firmware the agent reported
    // after a success, the agent's reason for a failure, or that the agent never answered. Kept as
    // a catalogue key, so it reads in the reader's language.
    { name: 'result', type: 'str', label: { en: 'Result', zh_CN: '结果' }, list: true },
    { name: 'log', type: 'text', label: { en: 'Log', zh_CN: '日志' } },
  ],
  // upgrade and batch_upgrade start operations (one per AP, its command queued for the agent's
  // next poll); cancel stops one that is still in progress.
  verbs: [
    {
      name: 'upgrade',
      label: { en: 'Upgrade an AP', zh_CN: '升级AP' },
      scope: 'page',
      fields: [refField('ap_id', 'ac:ap', { en: 'AP', zh_CN: 'AP' }, { required: true }), buildField],
    },
    {
      name: 'batch_upgrade',
      label: { en: 'Batch upgrade', zh_CN: '批量升级' },
      scope: 'page',
      fields: [
        buildField,
        refField('area_id', 'system:region', {
          en: 'Only this area (empty = the whole category)',
          zh_CN: '仅限区域（空为整个分类）',
        }),
      ],
    },
    {
      name: 'cancel',
      label: { en: 'Cancel', zh_CN: '取消' },
      scope: 'row',
      when: { field: 'state', in: ['in-progress'] },
      confirm: { en: 'Cancel this upgrade?', zh_CN: '取消本次升级？' },
      danger: true,
    },
  ],
};

// DOMAIN 2.4 ac/NetworkModel: NetworkTemplate. The field names `default` and `required` are
// DOMAIN's (quoted identifiers in SQL).
export const networkTemplate: ResourceDef<'ac_network_template'> = {
  name: 'ac:template',
  endpoint: '/admin.php/ac/template',
  table: 'ac_network_template',
  title: { en: 'Network template', zh_CN: '网络模板' },
  fields: [
    nameField({ unique: true }),
    enumField(
      'type',
      { en: 'Type', zh_CN: '类型' },
      {
        generic: { en: 'Wi-Fi network', zh_CN: '无线网络' },
        vpn: { en: 'VPN client', zh_CN: 'VPN客户端' },
      },
      { required: true, default: 'generic', list: true, filter: true },
    ),
    {
      name: 'default',
      type: 'bool',
      label: { en: 'Assign to new APs', zh_CN: '新AP自动应用' },
      default: 0,
      list: true,
    },
    {
      name: 'required',
      type: 'bool',
      label: { en: 'Required (cannot be removed)', zh_CN: '强制（不可移除）' },
      default: 0,
      list: true,
    },
    {
      name: 'ssid',
      type: 'str',
      label: { en: 'SSID', zh_CN: 'SSID' },
      required: true,
      min: 1,
      max: 32,
      list: true,
      keyword: true,
    },
    enumField(
      'band',
      { en: 'Band', zh_CN: '频段' },
      {
        '2g': { en: '2.4 GHz', zh_CN: '2.4 GHz频段' },
        '5g': { en: '5 GHz', zh_CN: '5 GHz频段' },
        dual: { en: 'Dual band', zh_CN: '双频' },
      },
      { required: true, default: 'dual', list: true },
    ),
    enumField(
      'encryption',
      { en: 'Encryption', zh_CN: '加密方式' },
      {
        none: { en: 'Open (no encryption)', zh_CN: '开放（不加密）' },
        psk2: { en: 'WPA2-PSK', zh_CN: 'WPA2-PSK（个人）' },
        sae: { en: 'WPA3-SAE', zh_CN: 'WPA3-SAE（个人）' },
        'psk2+sae': { en: 'WPA2-PSK/WPA3-SAE mixed', zh_CN: 'WPA2-PSK/WPA3-SAE混合' },
        'wpa2-eap': { en: 'WPA2-Enterprise (802.1X)', zh_CN: 'WPA2企业级（802.1X）' },
      },
      { required: true, default: 'psk2', list: true },
    ),
    // 8 to 63 characters for the psk modes.
    { name: 'key', type: 'pwd', label: { en: 'Wi-Fi password', zh_CN: 'WiFi密码' }, min: 8, max: 63 },
    { name: 'radius_server', type: 'host', label: { en: 'RADIUS server', zh_CN: 'RADIUS服务器' } },
    { name: 'radius_secret', type: 'pwd', label: { en: 'RADIUS secret', zh_CN: 'RADIUS密钥' }, max: 128 },
    { name: 'hidden', type: 'bool', label: { en: 'Hide SSID', zh_CN: '隐藏SSID' }, default: 0 },
    { name: 'isolate', type: 'bool', label: { en: 'Client isolation', zh_CN: '客户端隔离' }, default: 0 },
    {
      name: 'vlan_id',
      type: 'int',
      label: { en: 'VLAN id', zh_CN: 'VLAN ID' },
      min: 0,
      max: 4094,
      default: 0,
    },
    {
      name: 'max_clients',
      type: 'int',
      label: { en: 'Max clients (0 = unlimited)', zh_CN: '最大接入数（0为不限）' },
      min: 0,
      max: 1000,
      default: 0,
    },
    {
      name: 'rate_limit_kbps',
      type: 'int',
      label: { en: 'Rate limit (0 = unlimited)', zh_CN: '限速（0为不限）' },
      unit: 'kbps',
      min: 0,
      max: 10_000_000,
      default: 0,
    },
    {
      name: 'country',
      type: 'str',
      label: { en: 'Country code', zh_CN: '国家代码' },
      required: true,
      default: 'CN',
      pattern: {
        source: '^[A-Z]{2}$',
        message: { en: 'Country code must be two capital letters', zh_CN: '国家代码须为两个大写字母' },
      },
    },
  ],
};

// DOMAIN 2.4 ac/TimedReboot: RebootPlan with domain ac (the twin is tr069:timed_reboot; the
// table names the domain, so DOMAIN's RO `domain` column is not stored). target_ids is required
// unless target_type is all (checked by the server, features/device-tasks/reboot-plans.ts); the
// scheduler queues the reboots at the plan's time.
const runNow: VerbDef = {
  name: 'run_now',
  label: { en: 'Run now', zh_CN: '立即执行' },
  scope: 'row',
  confirm: {
    en: 'Queue a reboot for every AP of this plan now (spread over its stagger time)?',
    zh_CN: '立即为该计划的全部AP排队重启（按错峰时长分散）？',
  },
  danger: true,
};
/**
 * What the last run of a plan did (features/device-tasks/reboot-plans.ts PlanResult), or, for a
 * slot missed while the server was down, when it was due.
 */
export const planResult: FieldDef = jsonField(
  'last_result',
  { en: 'Last result', zh_CN: '上次结果' },
  {
    kind: 'object',
    fields: [
      part('targets', 'int', { en: 'Devices', zh_CN: '设备数' }),
      part('queued', 'int', { en: 'Queued', zh_CN: '已排队' }),
      part('already', 'int', { en: 'Already pending', zh_CN: '已在队列' }),
      part('done', 'int', { en: 'Done', zh_CN: '已完成' }),
      part('failed', 'int', { en: 'Failed', zh_CN: '失败' }),
      part('missed', 'dt', { en: 'Missed run', zh_CN: '错过的执行' }),
    ],
  },
  { readonly: true, list: true },
);

export const acRebootPlan: ResourceDef<'ac_reboot_plan'> = {
  name: 'ac:timed_reboot',
  endpoint: '/admin.php/ac/timed_reboot',
  table: 'ac_reboot_plan',
  title: { en: 'Timed restart', zh_CN: '定时重启' },
  fields: [
    nameField({ max: 50 }),
    enumField(
      'target_type',
      { en: 'Target', zh_CN: '重启对象' },
      {
        all: { en: 'All APs', zh_CN: '全部AP' },
        category: { en: 'APs of categories', zh_CN: '按AP分类' },
        ap: { en: 'Chosen APs', zh_CN: '指定AP' },
        area: { en: 'APs of areas', zh_CN: '按区域' },
      },
      { required: true, default: 'all', list: true },
    ),
    // Ids of the records target_type names: AP categories, APs or areas, shown and picked by name.
    {
      name: 'target_ids',
      type: 'json',
      label: { en: 'Targets', zh_CN: '对象列表' },
      refBy: {
        field: 'target_type',
        resources: { category: 'ac:ap_category', ap: 'ac:ap', area: 'system:region' },
      },
    },
    {
      name: 'cron',
      type: 'cron',
      label: { en: 'Schedule (cron)', zh_CN: '执行计划（cron）' },
      required: true,
      list: true,
    },
    {
      name: 'stagger_s',
      type: 'int',
      label: { en: 'Spread over', zh_CN: '错峰时长' },
      unit: 'seconds',
      min: 0,
      max: 3600,
      default: 60,
    },
    enabledField(),
    {
      name: 'last_run_at',
      type: 'dt',
      label: { en: 'Last run', zh_CN: '上次执行' },
      readonly: true,
      list: true,
    },
    planResult,
    {
      name: 'next_run_at',
      type: 'dt',
      label: { en: 'Next run', zh_CN: '下次执行' },
      readonly: true,
      list: true,
    },
  ],
  verbs: [runNow],
};

export const acResources: readonly ResourceDef[] = [
  apCategory,
  ap,
  firmwareBuild,
  upgradeOperation,
  networkTemplate,
  acRebootPlan,
];
