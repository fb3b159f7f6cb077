import {
  choices,
  enabledField,
  enumField,
  jsonField,
  nameField,
  ONLINE_WORDS,
  part,
  refField,
} from '../fields.ts';
import type { FieldDef, ResourceDef } from '../types.ts';
import type { VerbDef } from '../verbs.ts';
import { planResult } from './ac.ts';

/** TR069 (DOMAIN section 2.5); tr069/Itms is a singleton. */
const ro = (name: string, en: string, zh: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  type: 'str',
  label: { en, zh_CN: zh },
  readonly: true,
  list: true,
  ...extra,
});

const tagPattern: FieldDef['pattern'] = {
  source: '^[A-Za-z0-9_-]+$',
  message: {
    en: 'A tag may contain letters, digits, _ and - only',
    zh_CN: '标签只能包含字母、数字、_ 和 -',
  },
};
const tagField: FieldDef = {
  name: 'tag',
  type: 'str',
  label: { en: 'Tag', zh_CN: '标签' },
  required: true,
  max: 64,
  pattern: tagPattern,
};

/**
 * Parameter values as genieacs' parameterValues {path, value, type}[] (DOMAIN 2.5), with the XSD
 * types the set_params verb accepts (features/tr069-extras/device-verbs.ts).
 */
const paramRows = {
  kind: 'rows',
  fields: [
    part('path', 'str', { en: 'Parameter path', zh_CN: '参数路径' }, { required: true }),
    part('value', 'str', { en: 'Value', zh_CN: '值' }),
    part(
      'type',
      'enum',
      { en: 'Type', zh_CN: '类型' },
      {
        ...choices({
          'xsd:string': { en: 'Text (xsd:string)', zh_CN: '字符串（xsd:string）' },
          'xsd:int': { en: 'Integer (xsd:int)', zh_CN: '整数（xsd:int）' },
          'xsd:unsignedInt': {
            en: 'Unsigned integer (xsd:unsignedInt)',
            zh_CN: '无符号整数（xsd:unsignedInt）',
          },
          'xsd:boolean': { en: 'True/false (xsd:boolean)', zh_CN: '布尔值（xsd:boolean）' },
          'xsd:dateTime': { en: 'Date and time (xsd:dateTime)', zh_CN: '日期时间（xsd:dateTime）' },
        }),
        default: 'xsd:string',
      },
    ),
  ],
} as const satisfies FieldDef['shape'];

// DOMAIN 2.5 tr069/TerminalList: Cpe. Rows come from CWMP informs; only tags, template, area and
// remark are editable (the menu grants edit, del and export, no add).
export const cpe: ResourceDef<'tr069_device'> = {
  name: 'tr069:device',
  endpoint: '/admin.php/tr069/device',
  table: 'tr069_device',
  title: { en: 'CPE', zh_CN: '终端设备' },
  columns: {
    first: ['serial_number', 'model', 'online', 'ip', 'software_version', 'last_inform'],
    more: ['device_id', 'oui', 'product_class', 'manufacturer', 'hardware_version', 'mac', 'template_id'],
  },
  fields: [
    ro('device_id', 'Device id', '设备标识', { keyword: true }),
    ro('oui', 'OUI', '厂商OUI', { filter: true }),
    ro('product_class', 'Product class', '产品类型', { filter: true }),
    ro('serial_number', 'Serial number', '序列号', { filter: true, keyword: true }),
    ro('software_version', 'Software version', '软件版本', { filter: true }),
    ro('manufacturer', 'Manufacturer', '厂商'),
    ro('model', 'Model', '型号'),
    ro('hardware_version', 'Hardware version', '硬件版本'),
    ro('ip', 'IP', 'IP地址', { type: 'ip' }),
    ro('mac', 'MAC', 'MAC地址', { type: 'mac' }),
    ro('last_inform', 'Last inform', '最近上报', { type: 'dt' }),
    ro('online', 'Online', '在线', { type: 'bool', filter: true, boolLabels: ONLINE_WORDS }),
    // The CPE's ConnectionRequestURL from its informs: where the ITMS `test` verb and queued tasks
    // send the digest-authenticated connection request (DOMAIN 2.5).
    ro('connection_request_url', 'Connection request URL', '连接请求地址', { list: false, max: 512 }),
    // A list of tags, each `[A-Za-z0-9_-]` (checked by the server, features/tr069-extras/rules.ts).
    jsonField(
      'tags',
      { en: 'Tags', zh_CN: '标签' },
      {
        kind: 'list',
        of: part('tag', 'str', { en: 'Tag', zh_CN: '标签' }, { max: 64, pattern: tagPattern }),
      },
      { list: true, filter: true },
    ),
    refField(
      'template_id',
      'tr069:template',
      { en: 'Template', zh_CN: '模板' },
      { list: true, filter: true },
    ),
    refField('area_id', 'system:region', { en: 'Area', zh_CN: '区域' }, { list: true, filter: true }),
    { name: 'remark', type: 'str', label: { en: 'Remark', zh_CN: '备注' }, max: 255 },
    // Tasks queued by the verbs and timed restarts that the CPE has not taken yet: it takes them
    // in its next CWMP session (kept by the server, features/device-tasks).
    ro('pending_tasks', 'Pending tasks', '待执行任务', { type: 'int' }),
  ],
  io: { export: ['csv'] },
  // DOMAIN 2.5: each verb queues a CWMP task (genieacs names) for the CPE's next session; tag and
  // untag change the record; summon is the connection request itself.
  verbs: [
    {
      name: 'reboot',
      label: { en: 'Reboot', zh_CN: '重启' },
      scope: 'batch',
      confirm: {
        en: 'Queue a reboot for the selected CPEs? They reboot in their next session.',
        zh_CN: '为选中的终端排队重启？终端将在下次会话时重启。',
      },
      danger: true,
    },
    {
      name: 'factory_reset',
      label: { en: 'Factory reset', zh_CN: '恢复出厂设置' },
      scope: 'row',
      confirm: {
        en: 'Queue a factory reset? The CPE loses all its settings in its next session.',
        zh_CN: '排队恢复出厂设置？终端将在下次会话时清除全部配置。',
      },
      danger: true,
    },
    {
      name: 'refresh',
      label: { en: 'Refresh parameters', zh_CN: '刷新参数' },
      scope: 'row',
      fields: [
        {
          name: 'path',
          type: 'str',
          label: { en: 'Parameter path (empty = all)', zh_CN: '参数路径（空为全部）' },
          max: 256,
          pattern: {
            source: '^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z0-9_]+)*\\.?$',
            message: {
              en: 'A parameter path looks like InternetGatewayDevice.DeviceInfo.',
              zh_CN: '参数路径格式如 InternetGatewayDevice.DeviceInfo.',
            },
          },
        },
      ],
    },
    {
      name: 'set_params',
      label: { en: 'Set parameters', zh_CN: '设置参数' },
      scope: 'row',
      fields: [
        {
          // [[path, value, type], …] or [{path, value, type}, …]; checked by the server.
          name: 'params',
          type: 'json',
          label: { en: 'Parameters [path, value, type]', zh_CN: '参数 [路径, 值, 类型]' },
          required: true,
        },
      ],
    },
    {
      name: 'download',
      label: { en: 'Download file', zh_CN: '下发文件' },
      scope: 'batch',
      fields: [refField('file_id', 'tr069:file', { en: 'File', zh_CN: '文件' }, { required: true })],
    },
    {
      // The CPE's GetRPCMethods answer (the RPCs it supports) is kept on the task (its history).
      name: 'get_rpc_methods',
      label: { en: 'Get RPC methods', zh_CN: '查询RPC方法' },
      scope: 'batch',
    },
    {
      // Pending tasks only: a task the CPE has taken (sent, done, failed) is not undone.
      name: 'cancel_tasks',
      label: { en: 'Cancel pending tasks', zh_CN: '取消待执行任务' },
      scope: 'records',
      confirm: {
        en: 'Cancel the pending tasks of the selected CPEs? Tasks already taken by a CPE are kept.',
        zh_CN: '取消选中终端的待执行任务？终端已接收的任务不受影响。',
      },
      fields: [
        {
          name: 'task_id',
          type: 'int',
          label: { en: 'Task number (empty = every pending task)', zh_CN: '任务编号（空为全部待执行任务）' },
          min: 1,
        },
      ],
    },
    { name: 'summon', label: { en: 'Connection request', zh_CN: '唤醒连接' }, scope: 'row' },
    { name: 'tag', label: { en: 'Add tag', zh_CN: '添加标签' }, scope: 'batch', fields: [tagField] },
    { name: 'untag', label: { en: 'Remove tag', zh_CN: '移除标签' }, scope: 'batch', fields: [tagField] },
  ],
};

// DOMAIN 2.5 tr069/TemplateList: CpeFile.
export const cpeFile: ResourceDef<'tr069_file'> = {
  name: 'tr069:file',
  endpoint: '/admin.php/tr069/file',
  table: 'tr069_file',
  title: { en: 'CPE file', zh_CN: '终端文件' },
  fields: [
    {
      name: 'name',
      type: 'str',
      label: { en: 'Name', zh_CN: '名称' },
      required: true,
      max: 128,
      list: true,
      keyword: true,
    },
    // The FileType strings of TR-069's Download RPC, sent as they are.
    enumField(
      'file_type',
      { en: 'File type', zh_CN: '文件类型' },
      {
        '1 Firmware Upgrade Image': { en: 'Firmware upgrade image', zh_CN: '固件升级镜像' },
        '2 Web Content': { en: 'Web content', zh_CN: '网页内容' },
        '3 Vendor Configuration File': { en: 'Vendor configuration file', zh_CN: '厂商配置文件' },
        '4 Tone File': { en: 'Tone file', zh_CN: '提示音文件' },
        '5 Ringer File': { en: 'Ringer file', zh_CN: '铃声文件' },
      },
      { list: true, filter: true },
    ),
    { name: 'oui', type: 'str', label: { en: 'OUI', zh_CN: '厂商OUI' }, max: 16, list: true },
    {
      name: 'product_class',
      type: 'str',
      label: { en: 'Product class', zh_CN: '产品类型' },
      max: 64,
      list: true,
    },
    { name: 'version', type: 'str', label: { en: 'Version', zh_CN: '版本' }, max: 64, list: true },
    { name: 'file', type: 'file', label: { en: 'File', zh_CN: '文件' }, required: true },
  ],
};

// DOMAIN 2.5 tr069/TemplateList: CpeTemplate. firmware_file_id and target_sw_version are set
// together or not at all, and match_sw_version is a regular expression (both checked by the
// server, features/tr069-extras/rules.ts).
export const cpeTemplate: ResourceDef<'tr069_template'> = {
  name: 'tr069:template',
  endpoint: '/admin.php/tr069/template',
  table: 'tr069_template',
  title: { en: 'CPE template', zh_CN: '终端模板' },
  fields: [
    nameField({ unique: true }),
    { name: 'match_oui', type: 'str', label: { en: 'Match OUI', zh_CN: '匹配OUI' }, max: 16, list: true },
    {
      name: 'match_product_class',
      type: 'str',
      label: { en: 'Match product class', zh_CN: '匹配产品类型' },
      max: 64,
      list: true,
    },
    {
      name: 'match_model',
      type: 'str',
      label: { en: 'Match model', zh_CN: '匹配型号' },
      max: 64,
      list: true,
    },
    { name: 'match_tag', type: 'str', label: { en: 'Match tag', zh_CN: '匹配标签' }, max: 64, list: true },
    {
      name: 'match_sw_version',
      type: 'str',
      label: { en: 'Match software version (regex)', zh_CN: '匹配软件版本（正则）' },
      max: 128,
    },
    // The inform EventCodes of TR-069, stored as they are.
    enumField(
      'events',
      { en: 'Events', zh_CN: '触发事件' },
      {
        '0 BOOTSTRAP': { en: 'First contact (BOOTSTRAP)', zh_CN: '首次接入（BOOTSTRAP）' },
        '1 BOOT': { en: 'Boot (BOOT)', zh_CN: '开机（BOOT）' },
        '2 PERIODIC': { en: 'Periodic inform (PERIODIC)', zh_CN: '周期上报（PERIODIC）' },
        '4 VALUE CHANGE': { en: 'Value change (VALUE CHANGE)', zh_CN: '参数变化（VALUE CHANGE）' },
      },
      { many: true, required: true, default: ['1 BOOT'], list: true },
    ),
    {
      name: 'weight',
      type: 'int',
      label: { en: 'Weight', zh_CN: '权重' },
      min: -10000,
      max: 10000,
      default: 0,
      list: true,
    },
    jsonField('params', { en: 'Parameters', zh_CN: '参数' }, paramRows),
    refField('firmware_file_id', 'tr069:file', { en: 'Firmware file', zh_CN: '固件文件' }),
    {
      name: 'target_sw_version',
      type: 'str',
      label: { en: 'Target software version', zh_CN: '目标软件版本' },
      max: 64,
    },
    enabledField(),
  ],
  io: { import: ['json'], export: ['json'] },
};

// DOMAIN 2.5 tr069/TimedRestart: RebootPlan with domain tr069 (see ac:timed_reboot, DOMAIN 2.4).
// target_ids is required unless target_type is all (checked by the server,
// features/device-tasks/reboot-plans.ts); the scheduler queues a Reboot task per matching CPE.
const runNow: VerbDef = {
  name: 'run_now',
  label: { en: 'Run now', zh_CN: '立即执行' },
  scope: 'row',
  confirm: {
    en: 'Queue a reboot for every CPE of this plan now (spread over its stagger time)?',
    zh_CN: '立即为该计划的全部终端排队重启（按错峰时长分散）？',
  },
  danger: true,
};

export const tr069RebootPlan: ResourceDef<'tr069_reboot_plan'> = {
  name: 'tr069:timed_reboot',
  endpoint: '/admin.php/tr069/timed_reboot',
  table: 'tr069_reboot_plan',
  title: { en: 'Timed restart', zh_CN: '定时重启' },
  fields: [
    nameField({ max: 50 }),
    enumField(
      'target_type',
      { en: 'Target', zh_CN: '重启对象' },
      {
        all: { en: 'All CPEs', zh_CN: '全部终端' },
        tag: { en: 'CPEs with tags', zh_CN: '按标签' },
        template: { en: 'CPEs of templates', zh_CN: '按模板' },
        product_class: { en: 'CPEs of product classes', zh_CN: '按产品类型' },
        area: { en: 'CPEs of areas', zh_CN: '按区域' },
      },
      { required: true, default: 'all', list: true },
    ),
    // By target_type: templates or areas (ids, shown and picked by name), or tags or product
    // classes (words of their own, checked by features/device-tasks/reboot-plans.ts).
    {
      name: 'target_ids',
      type: 'json',
      label: { en: 'Targets', zh_CN: '对象列表' },
      refBy: {
        field: 'target_type',
        resources: { template: 'tr069:template', area: 'system:region', tag: null, product_class: null },
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

export const tr069Resources: readonly ResourceDef[] = [cpe, cpeFile, cpeTemplate, tr069RebootPlan];
