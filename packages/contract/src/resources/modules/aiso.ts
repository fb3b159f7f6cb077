import type { FieldDef, ResourceDef } from '../types.ts';

/** Emergency and security voice services (DOMAIN section 2.2, the `aiso/` pages). */

const enabled: FieldDef = {
  name: 'enabled',
  type: 'bool',
  label: { en: 'Enabled', zh_CN: '启用' },
  default: 1,
  list: true,
  filter: true,
};
const name: FieldDef = {
  name: 'name',
  type: 'str',
  label: { en: 'Name', zh_CN: '名称' },
  required: true,
  max: 64,
  list: true,
  filter: true,
  keyword: true,
};

// DOMAIN 2.2 aiso/Phone: EmergencyPhone.
export const emergencyPhone: ResourceDef = {
  name: 'aiso:phone',
  endpoint: '/admin.php/aiso/phone',
  table: 'aiso_phone',
  title: { en: 'Emergency phone', zh_CN: '求助话机' },
  fields: [
    name,
    {
      name: 'extension_id',
      type: 'ref',
      ref: 'voice:extension',
      label: { en: 'Extension', zh_CN: '分机' },
      required: true,
      unique: true,
      list: true,
    },
    {
      name: 'device_type',
      type: 'enum',
      label: { en: 'Device type', zh_CN: '设备类型' },
      options: ['wall_sos', 'bedside', 'pillar', 'elevator', 'desk'],
      list: true,
      filter: true,
    },
    {
      name: 'area_id',
      type: 'ref',
      ref: 'system:region',
      label: { en: 'Area', zh_CN: '区域' },
      required: true,
      list: true,
      filter: true,
    },
    { name: 'plan_id', type: 'ref', ref: 'voice:preplan', label: { en: 'Preplan', zh_CN: '预案' } },
    { name: 'camera_id', type: 'ref', ref: 'media:camera', label: { en: 'Camera', zh_CN: '联动摄像头' } },
    { name: 'auto_answer', type: 'bool', label: { en: 'Auto answer', zh_CN: '自动应答' }, default: 1 },
    {
      name: 'state',
      type: 'enum',
      label: { en: 'State', zh_CN: '状态' },
      options: ['online', 'offline', 'alarm'],
      readonly: true,
      list: true,
      filter: true,
    },
    {
      name: 'last_alarm_at',
      type: 'dt',
      label: { en: 'Last alarm', zh_CN: '最近报警' },
      readonly: true,
      list: true,
    },
  ],
};

// A participant of a multi-party call, as listed in its `participants`.
const participant: FieldDef = {
  name: 'participant',
  type: 'str',
  label: { en: 'Participant', zh_CN: '参与方' },
  required: true,
  max: 32,
  pattern: {
    source: '^[0-9*#+]{1,32}$',
    message: {
      en: 'Participant may contain digits, *, # and + only',
      zh_CN: '参与方只能包含数字、*、#和+',
    },
  },
};

const ALARM_SOURCES = ['sos_call', 'gb28181_alarm', 'webhook', 'patrol_missed'] as const;

// DOMAIN 2.2 aiso/AlarmLinkage: AlarmRule.
export const alarmRule: ResourceDef = {
  name: 'aiso:alarm_rule',
  endpoint: '/admin.php/aiso/alarm_rule',
  table: 'aiso_alarm_rule',
  title: { en: 'Alarm rule', zh_CN: '报警规则' },
  fields: [
    name,
    {
      name: 'source',
      type: 'enum',
      label: { en: 'Source', zh_CN: '报警来源' },
      options: ALARM_SOURCES,
      list: true,
      filter: true,
    },
    // Ids of phones, GB28181 devices or patrol routes, depending on the source.
    { name: 'source_ids', type: 'json', label: { en: 'Source devices', zh_CN: '来源设备' } },
    { name: 'area_ids', type: 'refs', ref: 'system:region', label: { en: 'Areas', zh_CN: '区域' } },
    { name: 'weekdays', type: 'json', label: { en: 'Weekdays', zh_CN: '星期' } },
    { name: 'time_from', type: 'time', label: { en: 'From', zh_CN: '开始时间' } },
    { name: 'time_to', type: 'time', label: { en: 'To', zh_CN: '结束时间' } },
    {
      name: 'plan_id',
      type: 'ref',
      ref: 'voice:preplan',
      label: { en: 'Preplan', zh_CN: '预案' },
      required: true,
      list: true,
    },
    {
      name: 'cooldown_s',
      type: 'int',
      label: { en: 'Cooldown (s)', zh_CN: '冷却时间（秒）' },
      min: 0,
      max: 86400,
      default: 60,
    },
    enabled,
  ],
};

// DOMAIN 2.2 aiso/AlarmLinkage: AlarmEvent (read-only; handled through the ack and close verbs).
export const alarmEvent: ResourceDef = {
  name: 'aiso:alarm_event',
  endpoint: '/admin.php/aiso/alarm_event',
  table: 'aiso_alarm_event',
  title: { en: 'Alarm event', zh_CN: '报警事件' },
  readonly: true,
  fields: [
    { name: 'time', type: 'dt', label: { en: 'Time', zh_CN: '时间' }, list: true, filter: true },
    {
      name: 'source',
      type: 'enum',
      label: { en: 'Source', zh_CN: '报警来源' },
      options: ALARM_SOURCES,
      list: true,
      filter: true,
    },
    {
      name: 'area',
      type: 'str',
      label: { en: 'Area', zh_CN: '区域' },
      list: true,
      filter: true,
      keyword: true,
    },
    { name: 'detail', type: 'text', label: { en: 'Detail', zh_CN: '详情' }, keyword: true },
    {
      name: 'state',
      type: 'enum',
      label: { en: 'State', zh_CN: '状态' },
      options: ['new', 'acknowledged', 'closed'],
      list: true,
      filter: true,
    },
    { name: 'handled_by', type: 'str', label: { en: 'Handled by', zh_CN: '处理人' }, list: true },
    { name: 'note', type: 'text', label: { en: 'Note', zh_CN: '处理备注' } },
  ],
  defaultSort: { field: 'time', order: 'desc' },
  // Both record the caller as `handled_by`; a note given replaces the stored one.
  verbs: [
    {
      name: 'ack',
      label: { en: 'Acknowledge', zh_CN: '确认' },
      scope: 'row',
      when: { field: 'state', in: ['new'] },
    },
    {
      name: 'close',
      label: { en: 'Close', zh_CN: '关闭' },
      scope: 'row',
      when: { field: 'state', in: ['new', 'acknowledged'] },
      fields: [{ name: 'note', type: 'text', label: { en: 'Note', zh_CN: '处理备注' }, max: 2000 }],
    },
  ],
};

// DOMAIN 2.2 aiso/MultiPartyCall: MultiPartySession. Participants: 2 to 16 extensions or numbers
// (422 from the server's voice write rules). The verbs go through Asterisk's manager interface: an
// ad-hoc ConfBridge `igs-mp-<id>` that each participant is called into (503 when it cannot be
// reached). A session that is not active can be started again.
export const multiParty: ResourceDef = {
  name: 'aiso:multi_party',
  endpoint: '/admin.php/aiso/multi_party',
  table: 'aiso_multi_party',
  title: { en: 'Multi-party call', zh_CN: '多方通话' },
  fields: [
    { name: 'name', type: 'str', label: { en: 'Name', zh_CN: '名称' }, max: 64, list: true, keyword: true },
    {
      name: 'moderator_ext',
      type: 'ref',
      ref: 'voice:extension',
      label: { en: 'Moderator extension', zh_CN: '主持人分机' },
      required: true,
      list: true,
    },
    {
      name: 'participants',
      type: 'json',
      example: '["8001", "8002"]',
      label: { en: 'Participants', zh_CN: '参与方' },
      required: true,
    },
    { name: 'record', type: 'bool', label: { en: 'Record', zh_CN: '录音' } },
    {
      name: 'state',
      type: 'enum',
      label: { en: 'State', zh_CN: '状态' },
      options: ['active', 'ended'],
      readonly: true,
      list: true,
      filter: true,
    },
    { name: 'started_at', type: 'dt', label: { en: 'Started', zh_CN: '开始时间' }, readonly: true },
    { name: 'ended_at', type: 'dt', label: { en: 'Ended', zh_CN: '结束时间' }, readonly: true },
  ],
  verbs: [
    {
      name: 'start',
      label: { en: 'Start', zh_CN: '发起' },
      scope: 'row',
      confirm: { en: 'Every participant is called now.', zh_CN: '将立即呼叫全部参与方。' },
    },
    {
      name: 'mute',
      label: { en: 'Mute', zh_CN: '静音' },
      scope: 'row',
      when: { field: 'state', in: ['active'] },
      fields: [participant],
    },
    {
      name: 'kick',
      label: { en: 'Remove', zh_CN: '移出' },
      scope: 'row',
      when: { field: 'state', in: ['active'] },
      fields: [participant],
      danger: true,
    },
    {
      name: 'end',
      label: { en: 'End', zh_CN: '结束' },
      scope: 'row',
      when: { field: 'state', in: ['active'] },
      confirm: { en: 'Every participant is hung up.', zh_CN: '将挂断全部参与方。' },
      danger: true,
    },
  ],
};

// DOMAIN 2.2 aiso/VoicePatrol: PatrolRoute. DOMAIN marks no list columns; name is shown.
export const patrolRoute: ResourceDef = {
  name: 'aiso:patrol',
  endpoint: '/admin.php/aiso/patrol',
  table: 'aiso_patrol_route',
  title: { en: 'Patrol route', zh_CN: '巡更路线' },
  fields: [
    name,
    {
      name: 'checkpoints',
      type: 'json',
      label: { en: 'Checkpoints', zh_CN: '巡更点' },
      required: true,
    },
    { name: 'times', type: 'json', label: { en: 'Times', zh_CN: '巡更时间' }, required: true },
    {
      name: 'confirm_key',
      type: 'str',
      label: { en: 'Confirm key', zh_CN: '确认按键' },
      default: '1',
      pattern: {
        source: '^[0-9*#]$',
        message: { en: 'Confirm key must be one of 0-9, * or #', zh_CN: '确认按键须为0-9、*或#' },
      },
    },
    { name: 'sound', type: 'file', label: { en: 'Prompt', zh_CN: '提示音' } },
    enabled,
  ],
};

// DOMAIN 2.2 aiso/VoicePatrol: PatrolRecord (read-only). DOMAIN marks only `result`; all are shown.
export const patrolRecord: ResourceDef = {
  name: 'aiso:patrol_record',
  endpoint: '/admin.php/aiso/patrol_record',
  table: 'aiso_patrol_record',
  title: { en: 'Patrol record', zh_CN: '巡更记录' },
  readonly: true,
  fields: [
    { name: 'route', type: 'str', label: { en: 'Route', zh_CN: '路线' }, list: true, keyword: true },
    {
      name: 'checkpoint',
      type: 'str',
      label: { en: 'Checkpoint', zh_CN: '巡更点' },
      list: true,
      keyword: true,
    },
    { name: 'due_at', type: 'dt', label: { en: 'Due', zh_CN: '应巡时间' }, list: true },
    { name: 'answered_at', type: 'dt', label: { en: 'Answered', zh_CN: '应答时间' }, list: true },
    {
      name: 'result',
      type: 'enum',
      label: { en: 'Result', zh_CN: '结果' },
      options: ['confirmed', 'no_answer', 'wrong_key', 'failed'],
      list: true,
      filter: true,
    },
  ],
  io: { export: ['csv'] },
  defaultSort: { field: 'due_at', order: 'desc' },
};

export const aisoResources: readonly ResourceDef[] = [
  emergencyPhone,
  alarmRule,
  alarmEvent,
  multiParty,
  patrolRoute,
  patrolRecord,
];
