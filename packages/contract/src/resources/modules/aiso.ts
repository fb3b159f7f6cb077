import {
  areaIdField,
  areaIdsField,
  dialableField,
  extensionNumberField,
  keywordField,
  readonlyColumn,
  secondsField,
  stateField,
  weeklyWindowFields,
} from '../field-blocks.ts';
import { enabledField, enumField, jsonField, nameField, part, refField } from '../fields.ts';
import type { FieldDef, OptionLabel, ResourceDef } from '../types.ts';

/** Emergency and security voice services (DOMAIN section 2.2, the `aiso/` pages). */

// DOMAIN 2.2 aiso/Phone: EmergencyPhone.
export const emergencyPhone: ResourceDef<'aiso_phone'> = {
  name: 'aiso:phone',
  endpoint: '/admin.php/aiso/phone',
  table: 'aiso_phone',
  title: { en: 'Emergency phone', zh_CN: '求助话机' },
  fields: [
    nameField(),
    refField(
      'extension_id',
      'voice:extension',
      { en: 'Extension', zh_CN: '分机' },
      { required: true, unique: true, list: true },
    ),
    enumField(
      'device_type',
      { en: 'Device type', zh_CN: '设备类型' },
      {
        wall_sos: { en: 'Wall SOS button', zh_CN: '壁挂求助按钮' },
        bedside: { en: 'Bedside call point', zh_CN: '床头呼叫器' },
        pillar: { en: 'Help point pillar', zh_CN: '立柱式求助终端' },
        elevator: { en: 'Lift intercom', zh_CN: '电梯对讲' },
        desk: { en: 'Desk phone', zh_CN: '桌面话机' },
      },
      { list: true, filter: true },
    ),
    areaIdField({ required: true, list: true, filter: true }),
    refField('plan_id', 'voice:preplan', { en: 'Preplan', zh_CN: '预案' }),
    refField('camera_id', 'media:camera', { en: 'Camera', zh_CN: '联动摄像头' }),
    { name: 'auto_answer', type: 'bool', label: { en: 'Auto answer', zh_CN: '自动应答' }, default: 1 },
    stateField({
      online: { en: 'Online', zh_CN: '在线', tone: 'success' },
      offline: { en: 'Offline', zh_CN: '离线', tone: 'error' },
      alarm: { en: 'Alarm', zh_CN: '报警中', tone: 'error' },
    }),
    readonlyColumn('last_alarm_at', 'dt', { en: 'Last alarm', zh_CN: '最近报警' }),
  ],
};

// A participant of a multi-party call, as listed in its `participants`: an extension or number.
const participant = dialableField('participant', { en: 'Participant', zh_CN: '参与方' }, { required: true });

const ALARM_SOURCES = {
  sos_call: { en: 'SOS call', zh_CN: '求助电话' },
  gb28181_alarm: { en: 'GB28181 device alarm', zh_CN: 'GB28181设备报警' },
  webhook: { en: 'Webhook', zh_CN: '网络推送(Webhook)' },
  patrol_missed: { en: 'Missed patrol checkpoint', zh_CN: '巡更漏检' },
} as const satisfies Record<string, OptionLabel>;
const alarmSource = (): FieldDef =>
  enumField('source', { en: 'Source', zh_CN: '报警来源' }, ALARM_SOURCES, { list: true, filter: true });

// DOMAIN 2.2 aiso/AlarmLinkage: AlarmRule.
export const alarmRule: ResourceDef<'aiso_alarm_rule'> = {
  name: 'aiso:alarm_rule',
  endpoint: '/admin.php/aiso/alarm_rule',
  table: 'aiso_alarm_rule',
  title: { en: 'Alarm rule', zh_CN: '报警规则' },
  fields: [
    nameField(),
    alarmSource(),
    // Emergency phones, GB28181 devices or patrol routes, by `source` (a webhook names none); none
    // listed: any of them.
    jsonField(
      'source_ids',
      { en: 'Source devices', zh_CN: '来源设备' },
      {
        kind: 'list',
        of: part('id', 'int', { en: 'Device id', zh_CN: '设备编号' }, { min: 1, max: 2_147_483_647 }),
      },
      {
        refBy: {
          field: 'source',
          resources: {
            sos_call: 'aiso:phone',
            gb28181_alarm: 'video:gb_device',
            patrol_missed: 'aiso:patrol',
          },
        },
      },
    ),
    areaIdsField(),
    ...weeklyWindowFields(),
    refField('plan_id', 'voice:preplan', { en: 'Preplan', zh_CN: '预案' }, { required: true, list: true }),
    secondsField('cooldown_s', { en: 'Cooldown', zh_CN: '冷却时间' }, { min: 0, max: 86400, default: 60 }),
    enabledField(),
  ],
};

// DOMAIN 2.2 aiso/AlarmLinkage: AlarmEvent (read-only; handled through the ack and close verbs).
export const alarmEvent: ResourceDef<'aiso_alarm_event'> = {
  name: 'aiso:alarm_event',
  endpoint: '/admin.php/aiso/alarm_event',
  table: 'aiso_alarm_event',
  title: { en: 'Alarm event', zh_CN: '报警事件' },
  readonly: true,
  fields: [
    { name: 'time', type: 'dt', label: { en: 'Time', zh_CN: '时间' }, list: true, filter: true },
    alarmSource(),
    keywordField('area', { en: 'Area', zh_CN: '区域' }),
    { name: 'detail', type: 'text', label: { en: 'Detail', zh_CN: '详情' }, keyword: true },
    enumField(
      'state',
      { en: 'State', zh_CN: '状态' },
      {
        new: { en: 'New', zh_CN: '新报警', tone: 'warning' },
        acknowledged: { en: 'Acknowledged', zh_CN: '已确认', tone: 'processing' },
        closed: { en: 'Closed', zh_CN: '已关闭', tone: 'default' },
      },
      { list: true, filter: true },
    ),
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
export const multiParty: ResourceDef<'aiso_multi_party'> = {
  name: 'aiso:multi_party',
  endpoint: '/admin.php/aiso/multi_party',
  table: 'aiso_multi_party',
  title: { en: 'Multi-party call', zh_CN: '多方通话' },
  fields: [
    nameField({ required: undefined, filter: undefined }),
    refField(
      'moderator_ext',
      'voice:extension',
      { en: 'Moderator extension', zh_CN: '主持人分机' },
      { required: true, list: true },
    ),
    jsonField(
      'participants',
      { en: 'Participants', zh_CN: '参与方' },
      { kind: 'list', of: participant },
      { example: '["8001", "8002"]', required: true },
    ),
    { name: 'record', type: 'bool', label: { en: 'Record', zh_CN: '录音' } },
    stateField({
      active: { en: 'In progress', zh_CN: '通话中', tone: 'success' },
      ended: { en: 'Ended', zh_CN: '已结束', tone: 'default' },
    }),
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
export const patrolRoute: ResourceDef<'aiso_patrol_route'> = {
  name: 'aiso:patrol',
  endpoint: '/admin.php/aiso/patrol',
  table: 'aiso_patrol_route',
  title: { en: 'Patrol route', zh_CN: '巡更路线' },
  fields: [
    nameField(),
    // DOMAIN: {extension, area_id, window_min (10)}: the checkpoint's phone by its number, where
    // it is, and the minutes the guard has to confirm.
    jsonField(
      'checkpoints',
      { en: 'Checkpoints', zh_CN: '巡更点' },
      {
        kind: 'rows',
        fields: [
          // Shown with the extension's name, picked from the extensions.
          extensionNumberField({ en: 'Extension', zh_CN: '分机号' }, { required: true }),
          areaIdField(),
          part(
            'window_min',
            'int',
            { en: 'Time to confirm (min)', zh_CN: '确认时限（分钟）' },
            { min: 1, max: 1440, default: 10 },
          ),
        ],
      },
      { required: true },
    ),
    jsonField(
      'times',
      { en: 'Times', zh_CN: '巡更时间' },
      { kind: 'list', of: part('time', 'time', { en: 'Time', zh_CN: '时间' }) },
      { required: true },
    ),
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
    enabledField(),
  ],
};

// DOMAIN 2.2 aiso/VoicePatrol: PatrolRecord (read-only). DOMAIN marks only `result`; all are shown.
export const patrolRecord: ResourceDef<'aiso_patrol_record'> = {
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
    enumField(
      'result',
      { en: 'Result', zh_CN: '结果' },
      {
        confirmed: { en: 'Confirmed', zh_CN: '已确认', tone: 'success' },
        no_answer: { en: 'No answer', zh_CN: '未应答', tone: 'warning' },
        wrong_key: { en: 'Wrong key', zh_CN: '按键错误', tone: 'warning' },
        failed: { en: 'Failed', zh_CN: '失败', tone: 'error' },
      },
      { list: true, filter: true },
    ),
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
