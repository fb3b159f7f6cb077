import {
  areaIdField,
  areaIdsField,
  dialableField,
  dialablePattern,
  digitsField,
  digitsPattern,
  extensionNumberField,
  keywordField,
  readonlyColumn,
  secondsField,
  stateField,
  weekdaysField,
  weeklyWindowFields,
} from '../field-blocks.ts';
import {
  enabledField,
  enumField,
  jsonField,
  nameField,
  part,
  refField,
  refsField,
  sortField,
} from '../fields.ts';
import { TEXT_ENCODING_LABELS } from '../formats.ts';
import type { FieldDef, JsonShape, OptionLabel, ResourceDef } from '../types.ts';

/** Voice (DOMAIN section 2.2): the record lists; BasicSettings and AdvancedSettings are singletons. */

/**
 * An Asterisk extension pattern as the server's dialplan writer reads it (isPatternBody): an
 * optional leading `_`, then at most 64 of digits, * # +, the wildcards X Z N . ! (either case),
 * `-` (ignored by Asterisk) and character classes such as [1-5] (not empty, not nested); a
 * literal number is the same without wildcards. The stored patterns are written with or
 * without the `_` (the writer adds it where a wildcard needs it).
 */
const asteriskPattern = (en: string, zh: string) => ({
  source: '^_?(?=[^_]{1,64}$)(?:[0-9*#+XNZxnz.!-]|\\[[0-9*#+-]+\\])+$',
  message: {
    en: `${en} must be a number (digits, *, #) or an Asterisk pattern such as _9NXXXXXX (digits, X, Z, N, [1-5], . and !)`,
    zh_CN: `${zh}须为号码（数字、*、#）或Asterisk号码规则，如_9NXXXXXX（数字、X、Z、N、[1-5]、.、!）`,
  },
});

// Fields of the voice verbs (DOMAIN "Verbs:"), asked in the verb's small form.
const dialNumber = (en: string, zh: string): FieldDef =>
  dialableField('number', { en, zh_CN: zh }, { required: true });
const extensionNumber = (en: string, zh: string): FieldDef =>
  digitsField('extension', { en, zh_CN: zh }, 16, { required: true });
// An Asterisk channel name as AMI lists it (PJSIP/8001-00000002); `all` where AMI takes it.
const channel: FieldDef = {
  name: 'channel',
  type: 'str',
  label: { en: 'Channel', zh_CN: '通道' },
  required: true,
  max: 128,
  pattern: {
    source: '^[A-Za-z0-9/@._;:+-]{1,128}$',
    message: { en: 'Channel is not a channel name', zh_CN: '通道名称不正确' },
  },
};

// --- The words of the voice enums ---

/** An extension's call permission, and the level of an outbound route (internal has no route). */
const CALL_PERMISSIONS = {
  internal: { en: 'Internal only', zh_CN: '仅内部通话' },
  local: { en: 'Local', zh_CN: '市话' },
  national: { en: 'National', zh_CN: '国内长途' },
  international: { en: 'International', zh_CN: '国际长途' },
} as const satisfies Record<string, OptionLabel>;
const ROUTE_LEVELS = {
  local: CALL_PERMISSIONS.local,
  national: CALL_PERMISSIONS.national,
  international: CALL_PERMISSIONS.international,
} as const satisfies Record<string, OptionLabel>;

/** A Dest (DOMAIN section 0): the kind of target and its number (or record id), as destSteps reads it. */
const destShape: JsonShape = {
  kind: 'object',
  fields: [
    enumField(
      'type',
      { en: 'Send to', zh_CN: '目的地类型' },
      {
        extension: { en: 'Extension', zh_CN: '分机' },
        ivr: { en: 'IVR menu', zh_CN: 'IVR语音导航' },
        queue: { en: 'Call queue', zh_CN: '呼叫队列' },
        conference: { en: 'Meeting room', zh_CN: '会议室' },
        paging: { en: 'Paging group', zh_CN: '广播组' },
        voicemail: { en: 'Voicemail', zh_CN: '语音信箱' },
        external: { en: 'External number', zh_CN: '外部号码' },
        hangup: { en: 'Hang up', zh_CN: '挂断' },
      },
    ),
    dialableField('target', { en: 'Number', zh_CN: '号码' }),
  ],
};

/** A list of extension numbers (the server stores the numbers, not the records' ids). */
const extensionNumbers = (en: string, zh: string): JsonShape => ({
  kind: 'list',
  of: extensionNumberField({ en, zh_CN: zh }),
});

/** A list of numbers to dial. */
const numberList: JsonShape = { kind: 'list', of: dialableField('number', { en: 'Number', zh_CN: '号码' }) };

/** `number`: the record's number in the numbering plan (unique there), listed and found by it. */
const planNumber = (): FieldDef =>
  digitsField('number', { en: 'Number', zh_CN: '号码' }, 16, {
    required: true,
    unique: true,
    list: true,
    filter: true,
    keyword: true,
  });

// DOMAIN 2.2 voice/SipTrunk: Trunk. I/O: the pjsip.conf sections of the trunks (`pjsip`, export,
// passwords masked), written by the server's voice feature.
export const trunk: ResourceDef<'voice_trunk'> = {
  name: 'voice:trunk',
  endpoint: '/admin.php/voice/trunk',
  table: 'voice_trunk',
  title: { en: 'SIP outgoing line', zh_CN: 'SIP外线' },
  fields: [
    nameField({
      max: 50,
      unique: true,
      pattern: {
        source: '^[A-Za-z0-9_-]+$',
        message: {
          en: 'Name may contain letters, digits, _ and - only',
          zh_CN: '名称只能包含字母、数字、下划线和连字符',
        },
      },
    }),
    {
      name: 'sip_server',
      type: 'host',
      label: { en: 'SIP server', zh_CN: 'SIP服务器' },
      required: true,
      list: true,
      keyword: true,
    },
    {
      name: 'sip_server_port',
      type: 'int',
      label: { en: 'SIP server port', zh_CN: 'SIP服务器端口' },
      min: 1,
      max: 65535,
      default: 5060,
      list: true,
    },
    enumField(
      'transport',
      { en: 'Transport', zh_CN: '传输协议' },
      {
        udp: { en: 'UDP', zh_CN: 'UDP传输' },
        tcp: { en: 'TCP', zh_CN: 'TCP传输' },
        tls: { en: 'TLS (encrypted)', zh_CN: 'TLS加密传输' },
      },
      { required: true, default: 'udp' },
    ),
    enumField(
      'registration',
      { en: 'Registration', zh_CN: '注册方式' },
      {
        send: { en: 'Register to the provider', zh_CN: '发送注册' },
        receive: { en: 'Provider registers here', zh_CN: '接收注册' },
        none: { en: 'No registration', zh_CN: '不注册' },
      },
      { required: true, default: 'send', list: true },
    ),
    enumField(
      'auth',
      { en: 'Authentication', zh_CN: '认证方式' },
      {
        outbound: { en: 'Outbound (we authenticate)', zh_CN: '出局认证' },
        inbound: { en: 'Inbound (provider authenticates)', zh_CN: '入局认证' },
        both: { en: 'Both ways', zh_CN: '双向认证' },
        none: { en: 'None', zh_CN: '不认证' },
      },
      { required: true, default: 'outbound' },
    ),
    // Required when registration is `send` (422 from the server's voice write rules).
    { name: 'username', type: 'str', label: { en: 'Username', zh_CN: '用户名' }, max: 64 },
    { name: 'secret', type: 'pwd', label: { en: 'Password', zh_CN: '密码' }, max: 128 },
    { name: 'outcid', type: 'str', label: { en: 'Outbound caller ID', zh_CN: '外显号码' }, max: 64 },
    { name: 'dial_prefix', type: 'str', label: { en: 'Dial prefix', zh_CN: '拨号前缀' }, max: 32 },
    {
      name: 'max_channels',
      type: 'int',
      label: { en: 'Max channels (0 = unlimited)', zh_CN: '最大通道数（0为不限）' },
      min: 0,
      max: 10000,
      default: 0,
    },
    enabledField(),
    // From AMI PJSIPShowRegistrationsOutbound; the same words and colours as the voice management page.
    enumField(
      'reg_state',
      { en: 'Registration state', zh_CN: '注册状态' },
      {
        registered: { en: 'Registered', zh_CN: '已注册', tone: 'success' },
        unregistered: { en: 'Unregistered', zh_CN: '未注册', tone: 'warning' },
        rejected: { en: 'Rejected', zh_CN: '被拒绝', tone: 'error' },
        unreachable: { en: 'Unreachable', zh_CN: '不可达', tone: 'error' },
      },
      { readonly: true, list: true, filter: true },
    ),
  ],
  io: { export: ['pjsip'] },
};

// DOMAIN 2.2 voice/SipTrunkGroup: TrunkGroup.
export const trunkGroup: ResourceDef<'voice_trunk_group'> = {
  name: 'voice:trunk_group',
  endpoint: '/admin.php/voice/trunk_group',
  table: 'voice_trunk_group',
  title: { en: 'SIP outgoing group', zh_CN: 'SIP外线组' },
  fields: [
    nameField(),
    enumField(
      'strategy',
      { en: 'Strategy', zh_CN: '选线策略' },
      {
        sequential: { en: 'In order', zh_CN: '顺序选线' },
        round_robin: { en: 'Round robin', zh_CN: '轮询' },
      },
      { default: 'sequential', list: true },
    ),
    refsField(
      'trunk_ids',
      'voice:trunk',
      { en: 'Trunks (in dialling order)', zh_CN: '外线（按呼出顺序）' },
      { required: true, max: 8 },
    ),
    { name: 'description', type: 'text', label: { en: 'Description', zh_CN: '描述' }, max: 500 },
  ],
};

// DOMAIN 2.2 voice/RoutingSettings: InboundRoute. (did, cid) is unique as a pair (409 from the
// server's voice write rules; an empty DID or caller pattern counts as "any").
export const inboundRoute: ResourceDef<'voice_inbound_route'> = {
  name: 'voice:inbound_route',
  endpoint: '/admin.php/voice/inbound_route',
  table: 'voice_inbound_route',
  title: { en: 'Inbound route', zh_CN: '呼入路由' },
  fields: [
    keywordField('description', { en: 'Description', zh_CN: '描述' }, { required: true, max: 100 }),
    digitsField('did', { en: 'DID (empty = any)', zh_CN: '被叫号码（空为任意）' }, 32, {
      list: true,
      filter: true,
      pattern: digitsPattern({ en: 'DID', zh_CN: '被叫号码' }),
    }),
    { name: 'cid', type: 'str', label: { en: 'Caller pattern', zh_CN: '主叫号码规则' }, max: 64, list: true },
    jsonField('dest', { en: 'Destination', zh_CN: '目的地' }, destShape, { required: true, list: true }),
    ...weeklyWindowFields({
      names: ['hours_weekdays', 'hours_from', 'hours_to'],
      labels: [
        { en: 'Office days', zh_CN: '工作日' },
        { en: 'Office hours from', zh_CN: '工作时间开始' },
        { en: 'Office hours to', zh_CN: '工作时间结束' },
      ],
    }),
    jsonField('after_hours_dest', { en: 'After-hours destination', zh_CN: '非工作时间目的地' }, destShape),
    enabledField(),
  ],
};

// DOMAIN 2.2 voice/RoutingList: OutboundRoute. `seq` is set by the `sort` call (ids in their new
// order, button key :edit as every sort, DOMAIN 3.2); a new route goes last. Each pattern's `match`
// must be an Asterisk pattern (checked on write).
export const outboundRoute: ResourceDef<'voice_outbound_route'> = {
  name: 'voice:outbound_route',
  endpoint: '/admin.php/voice/outbound_route',
  table: 'voice_outbound_route',
  title: { en: 'Outbound route', zh_CN: '呼出路由' },
  fields: [
    nameField({ max: 40, unique: true }),
    // FreePBX's outbound_route_patterns as the dialplan writer reads them (patternItems): a number
    // dialled as `prefix` + `match` (from caller `cid`, when set) goes out as `prepend` + `match`,
    // the prefix removed.
    jsonField(
      'patterns',
      { en: 'Dial patterns', zh_CN: '拨号规则' },
      {
        kind: 'rows',
        fields: [
          dialableField('prepend', { en: 'Prepend', zh_CN: '前置号码' }),
          dialableField(
            'prefix',
            { en: 'Prefix (removed)', zh_CN: '前缀（拨出时去掉）' },
            { pattern: dialablePattern({ en: 'Prefix', zh_CN: '前缀' }) },
          ),
          part(
            'match',
            'str',
            { en: 'Match pattern', zh_CN: '匹配规则' },
            { required: true, max: 65, pattern: asteriskPattern('Match pattern', '匹配规则') },
          ),
          part(
            'cid',
            'str',
            { en: 'Caller pattern', zh_CN: '主叫规则' },
            { max: 65, pattern: asteriskPattern('Caller pattern', '主叫规则') },
          ),
        ],
      },
      { example: '[{"match": "_9NXXXXXX", "prefix": "9"}]', required: true, list: true },
    ),
    refField(
      'trunk_group_id',
      'voice:trunk_group',
      { en: 'Trunk group', zh_CN: '外线组' },
      { required: true, list: true, filter: true },
    ),
    enumField('level', { en: 'Call level', zh_CN: '呼叫级别' }, ROUTE_LEVELS, {
      required: true,
      default: 'local',
      list: true,
      filter: true,
    }),
    { name: 'outcid', type: 'str', label: { en: 'Outbound caller ID', zh_CN: '外显号码' }, max: 64 },
    digitsField('pin', { en: 'PIN', zh_CN: '密码' }, 16),
    { name: 'emergency', type: 'bool', label: { en: 'Emergency route', zh_CN: '紧急路由' } },
    { name: 'seq', type: 'int', label: { en: 'Order', zh_CN: '顺序' }, readonly: true, list: true },
    enabledField(),
  ],
  defaultSort: { field: 'seq', order: 'asc' },
};

const extensionRecording = {
  inherit: { en: 'As the global setting', zh_CN: '跟随全局设置' },
  always: { en: 'Always', zh_CN: '始终录音' },
  never: { en: 'Never', zh_CN: '不录音' },
} as const satisfies Record<string, OptionLabel>;

// DOMAIN 2.2 voice/Extension: Extension. The number is unique across the whole numbering plan
// (checked by the server); its length follows BasicSettings.ext_length (3 to 6 digits).
// I/O also: the pjsip.conf sections of the extensions (`pjsip`, export, passwords masked).
// `batch_add` adds a range of numbers, all or nothing, each by the rules of add.
export const extension: ResourceDef<'voice_extension'> = {
  name: 'voice:extension',
  endpoint: '/admin.php/voice/extension',
  table: 'voice_extension',
  title: { en: 'Extension', zh_CN: '分机' },
  fields: [
    digitsField('extension', { en: 'Extension number', zh_CN: '分机号' }, 6, {
      required: true,
      min: 3,
      unique: true,
      list: true,
      filter: true,
      keyword: true,
    }),
    nameField({ max: 50 }),
    // Required, but generated by the server when left empty.
    {
      name: 'secret',
      type: 'pwd',
      label: { en: 'SIP password', zh_CN: 'SIP密码' },
      required: true,
      min: 12,
      max: 128,
    },
    enumField('call_permission', { en: 'Call permission', zh_CN: '呼叫权限' }, CALL_PERMISSIONS, {
      required: true,
      default: 'local',
      list: true,
      filter: true,
    }),
    areaIdField({ list: true, filter: true }),
    { name: 'outbound_cid', type: 'str', label: { en: 'Outbound caller ID', zh_CN: '外显号码' }, max: 64 },
    { name: 'voicemail', type: 'bool', label: { en: 'Voicemail', zh_CN: '语音信箱' } },
    {
      name: 'vm_pin',
      type: 'str',
      label: { en: 'Voicemail PIN', zh_CN: '信箱密码' },
      pattern: {
        source: '^\\d{4,8}$',
        message: { en: 'Voicemail PIN must be 4 to 8 digits', zh_CN: '信箱密码须为4到8位数字' },
      },
    },
    secondsField(
      'ring_timeout',
      { en: 'Ring timeout (0 = global)', zh_CN: '振铃超时（0为全局）' },
      { min: 0, max: 600, default: 0 },
    ),
    enumField('recording', { en: 'Recording', zh_CN: '录音' }, extensionRecording, { default: 'inherit' }),
    { name: 'cf_always', type: 'str', label: { en: 'Always forward to', zh_CN: '无条件转移' }, max: 32 },
    { name: 'cf_busy', type: 'str', label: { en: 'Forward when busy', zh_CN: '遇忙转移' }, max: 32 },
    { name: 'cf_noanswer', type: 'str', label: { en: 'Forward on no answer', zh_CN: '无应答转移' }, max: 32 },
    { name: 'pickup_group', type: 'int', label: { en: 'Pickup group', zh_CN: '代答组' }, min: 0, max: 63 },
    {
      name: 'max_contacts',
      type: 'int',
      label: { en: 'Max registrations', zh_CN: '最大注册数' },
      min: 1,
      max: 10,
      default: 1,
    },
    { name: 'nat', type: 'bool', label: { en: 'NAT', zh_CN: 'NAT穿透' }, default: 1 },
    { name: 'dnd', type: 'bool', label: { en: 'Do not disturb', zh_CN: '免打扰' }, default: 0, list: true },
    // Written by the server's registration sweep (voice/reg-state.ts) from this host's Asterisk
    // (`pjsip show contacts`): online (a contact registered), unreachable (registered, every
    // contact failing its qualify), offline (no contact); `contact` is the registered address.
    // Empty (unknown) where Asterisk is not installed or not running.
    enumField(
      'reg_state',
      { en: 'Registration state', zh_CN: '注册状态' },
      {
        online: { en: 'Online', zh_CN: '在线', tone: 'success' },
        unreachable: { en: 'Unreachable', zh_CN: '不可达', tone: 'warning' },
        offline: { en: 'Offline', zh_CN: '离线', tone: 'error' },
      },
      { readonly: true, list: true, filter: true },
    ),
    readonlyColumn(
      'contact',
      'str',
      { en: 'Contact (address and user agent)', zh_CN: '注册地址及终端' },
      { filter: true },
    ),
  ],
  io: { import: ['csv'], export: ['csv', 'pjsip'] },
  verbs: [
    {
      name: 'batch_add',
      label: { en: 'Add a range', zh_CN: '批量添加' },
      scope: 'page',
      fields: [
        digitsField('from', { en: 'From number', zh_CN: '起始号码' }, 6, { required: true }),
        digitsField('to', { en: 'To number', zh_CN: '结束号码' }, 6, { required: true }),
        {
          name: 'name_pattern',
          type: 'str',
          label: { en: 'Name ({n} = number)', zh_CN: '名称（{n}为号码）' },
          required: true,
          max: 50,
          default: 'Room {n}',
        },
        enumField('call_permission', { en: 'Call permission', zh_CN: '呼叫权限' }, CALL_PERMISSIONS, {
          required: true,
          default: 'local',
        }),
      ],
    },
  ],
};

// DOMAIN 2.2 voice/SoftTerminal: SoftTerminal.
export const softTerminal: ResourceDef<'voice_soft_terminal'> = {
  name: 'voice:soft_terminal',
  endpoint: '/admin.php/voice/soft_terminal',
  table: 'voice_soft_terminal',
  title: { en: 'Soft terminal', zh_CN: '软终端' },
  fields: [
    refField(
      'extension_id',
      'voice:extension',
      { en: 'Extension', zh_CN: '分机' },
      { required: true, unique: true, list: true },
    ),
    enumField(
      'platform',
      { en: 'Platform', zh_CN: '平台' },
      {
        android: { en: 'Android', zh_CN: '安卓手机' },
        ios: { en: 'iOS', zh_CN: '苹果手机' },
        windows: { en: 'Windows', zh_CN: 'Windows电脑' },
        web: { en: 'Web browser', zh_CN: '网页浏览器' },
      },
      { list: true, filter: true },
    ),
    // DOMAIN: on by default for the web platform (a rule of the form, not a fixed default).
    { name: 'webrtc', type: 'bool', label: { en: 'WebRTC', zh_CN: 'WebRTC' } },
    {
      name: 'display_name',
      type: 'str',
      label: { en: 'Display name', zh_CN: '显示名称' },
      max: 64,
      list: true,
      keyword: true,
    },
    enabledField(),
    readonlyColumn('last_register', 'dt', { en: 'Last registered', zh_CN: '最近注册' }),
    readonlyColumn('user_agent', 'str', { en: 'User agent', zh_CN: '终端型号' }),
  ],
};

// DOMAIN 2.2 voice/AddressBook: ContactGroup.
export const contactGroup: ResourceDef<'voice_contact_group'> = {
  name: 'voice:contact_group',
  endpoint: '/admin.php/voice/contact_group',
  table: 'voice_contact_group',
  title: { en: 'Contact group', zh_CN: '通讯录分组' },
  fields: [
    nameField({ filter: undefined }),
    refField('parent_id', 'voice:contact_group', { en: 'Parent group', zh_CN: '上级分组' }, { filter: true }),
    sortField(),
  ],
};

// DOMAIN 2.2 voice/AddressBook: Contact. I/O: CSV and vCard (`vcard`: 2.1, 3.0 and 4.0 read, 3.0
// written, by the server's voice feature), import and export.
export const contact: ResourceDef<'voice_contact'> = {
  name: 'voice:contact',
  endpoint: '/admin.php/voice/contact',
  table: 'voice_contact',
  title: { en: 'Contact', zh_CN: '联系人' },
  fields: [
    { ...nameField(), label: { en: 'Name', zh_CN: '姓名' } },
    { name: 'pinyin', type: 'str', label: { en: 'Pinyin', zh_CN: '拼音' }, readonly: true, keyword: true },
    refField('group_id', 'voice:contact_group', { en: 'Group', zh_CN: '分组' }, { list: true, filter: true }),
    // vCard ORG: the company, then the department (the units after it, joined by " / ").
    { name: 'company', type: 'str', label: { en: 'Company', zh_CN: '公司' }, max: 128 },
    { name: 'department', type: 'str', label: { en: 'Department', zh_CN: '部门' }, max: 64, list: true },
    { name: 'position', type: 'str', label: { en: 'Position', zh_CN: '职务' }, max: 64 },
    {
      name: 'extension',
      type: 'str',
      label: { en: 'Extension', zh_CN: '分机号' },
      max: 32,
      list: true,
      keyword: true,
    },
    {
      name: 'mobile',
      type: 'str',
      label: { en: 'Mobile', zh_CN: '手机号' },
      list: true,
      keyword: true,
      // E.164 (+14155550100) or local digits (a Chinese mobile is kept as its 11 digits): the
      // vCard import writes numbers in this form (spaces, dashes, dots and brackets left out).
      pattern: {
        source: '^(\\+[1-9]\\d{6,14}|\\d{3,15})$',
        message: {
          en: 'Mobile must be an E.164 number (+14155550100) or local digits',
          zh_CN: '手机号须为E.164格式（如+14155550100）或本地号码数字',
        },
      },
    },
    { name: 'phone', type: 'str', label: { en: 'Phone', zh_CN: '电话' }, max: 48 },
    // vCard N: the structured name (family;given) as the card gives it; `name` is the name shown.
    { name: 'family_name', type: 'str', label: { en: 'Family name', zh_CN: '姓' }, max: 64 },
    { name: 'given_name', type: 'str', label: { en: 'Given name', zh_CN: '名' }, max: 64 },
    // Every other TEL of a card, with its type (CELL, WORK, HOME, FAX… or an Apple label) and extension.
    jsonField(
      'phones',
      { en: 'Other phones', zh_CN: '其他电话' },
      {
        kind: 'rows',
        fields: [
          part('type', 'str', { en: 'Type', zh_CN: '类型' }, { max: 64 }),
          part('number', 'str', { en: 'Number', zh_CN: '号码' }, { max: 48, required: true }),
          part('ext', 'str', { en: 'Extension', zh_CN: '分机' }, { max: 16 }),
        ],
      },
    ),
    // vCard ADR: post office box, extended address, street, city, region, postal code, country.
    jsonField(
      'address',
      { en: 'Address', zh_CN: '地址' },
      {
        kind: 'object',
        fields: [
          part('pobox', 'str', { en: 'PO box', zh_CN: '邮政信箱' }, { max: 64 }),
          part('extended', 'str', { en: 'Extended address', zh_CN: '附加地址' }, { max: 128 }),
          part('street', 'str', { en: 'Street', zh_CN: '街道' }, { max: 128 }),
          part('locality', 'str', { en: 'City', zh_CN: '城市' }, { max: 64 }),
          part('region', 'str', { en: 'Region', zh_CN: '省/州' }, { max: 64 }),
          part('postcode', 'str', { en: 'Postal code', zh_CN: '邮编' }, { max: 16 }),
          part('country', 'str', { en: 'Country', zh_CN: '国家' }, { max: 64 }),
        ],
      },
    ),
    { name: 'note', type: 'text', label: { en: 'Note', zh_CN: '备注' }, max: 2000 },
    {
      name: 'email',
      type: 'str',
      label: { en: 'Email', zh_CN: '邮箱' },
      max: 128,
      pattern: {
        source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$',
        message: { en: 'Email must be an email address', zh_CN: '邮箱格式不正确' },
      },
    },
    sortField(),
  ],
  io: { import: ['csv', 'vcard'], export: ['csv', 'vcard'] },
};

// DOMAIN 2.2 voice/MeetingRoom: Conference. `number` is unique in the numbering plan; the two PINs
// must differ (422 from the server's voice write rules). The live verbs go through Asterisk's
// manager interface (503 when it cannot be reached).
export const conference: ResourceDef<'voice_conference'> = {
  name: 'voice:conference',
  endpoint: '/admin.php/voice/conference',
  table: 'voice_conference',
  title: { en: 'Meeting room', zh_CN: '会议室' },
  fields: [
    planNumber(),
    nameField(),
    digitsField('user_pin', { en: 'Member PIN', zh_CN: '成员密码' }, 16),
    digitsField('admin_pin', { en: 'Host PIN', zh_CN: '主持人密码' }, 16),
    {
      name: 'max_members',
      type: 'int',
      label: { en: 'Max members', zh_CN: '最大人数' },
      min: 2,
      max: 100,
      default: 20,
      list: true,
    },
    { name: 'record', type: 'bool', label: { en: 'Record', zh_CN: '录音' }, default: 0 },
    { name: 'wait_admin', type: 'bool', label: { en: 'Wait for host', zh_CN: '等待主持人' }, default: 0 },
    { name: 'announce_join', type: 'bool', label: { en: 'Announce joins', zh_CN: '入会提示' }, default: 1 },
    {
      name: 'moh_when_alone',
      type: 'bool',
      label: { en: 'Music when alone', zh_CN: '单人时播放音乐' },
      default: 1,
    },
    // DOMAIN: the people in the room now, {caller, joined_at, admin, muted}[].
    jsonField(
      'members',
      { en: 'Members', zh_CN: '在会成员' },
      {
        kind: 'rows',
        fields: [
          part('caller', 'str', { en: 'Caller', zh_CN: '成员号码' }),
          part('joined_at', 'dt', { en: 'Joined', zh_CN: '入会时间' }),
          part('admin', 'bool', { en: 'Host', zh_CN: '主持人' }),
          part('muted', 'bool', { en: 'Muted', zh_CN: '已静音' }),
        ],
      },
      { readonly: true, list: true },
    ),
  ],
  verbs: [
    {
      name: 'invite',
      label: { en: 'Invite', zh_CN: '邀请入会' },
      scope: 'row',
      fields: [dialNumber('Number to call', '呼叫号码')],
    },
    {
      name: 'kick',
      label: { en: 'Remove member', zh_CN: '踢出成员' },
      scope: 'row',
      fields: [channel],
      danger: true,
    },
    { name: 'mute', label: { en: 'Mute', zh_CN: '静音' }, scope: 'row', fields: [channel] },
    { name: 'unmute', label: { en: 'Unmute', zh_CN: '取消静音' }, scope: 'row', fields: [channel] },
    {
      name: 'lock',
      label: { en: 'Lock', zh_CN: '锁定会议' },
      scope: 'row',
      confirm: { en: 'Nobody else can join until it is unlocked.', zh_CN: '解锁前其他人无法入会。' },
    },
    { name: 'unlock', label: { en: 'Unlock', zh_CN: '解锁会议' }, scope: 'row' },
  ],
};

// DOMAIN 2.2 voice/Ivr: Ivr. `number` is unique in the numbering plan. The destinations default
// to hangup (set by the server: a Dest is an object).
export const ivr: ResourceDef<'voice_ivr'> = {
  name: 'voice:ivr',
  endpoint: '/admin.php/voice/ivr',
  table: 'voice_ivr',
  title: { en: 'IVR', zh_CN: 'IVR语音导航' },
  fields: [
    nameField(),
    digitsField('number', { en: 'Number', zh_CN: '号码' }, 16, { unique: true, list: true }),
    { name: 'announcement', type: 'file', label: { en: 'Announcement', zh_CN: '提示音' }, required: true },
    secondsField('timeout_s', { en: 'Timeout', zh_CN: '超时' }, { min: 1, max: 60, default: 10 }),
    {
      name: 'invalid_loops',
      type: 'int',
      label: { en: 'Invalid-key retries', zh_CN: '按键错误重试次数' },
      min: 0,
      max: 9,
      default: 3,
    },
    {
      name: 'timeout_loops',
      type: 'int',
      label: { en: 'Timeout retries', zh_CN: '超时重试次数' },
      min: 0,
      max: 9,
      default: 3,
    },
    jsonField('invalid_dest', { en: 'Invalid-key destination', zh_CN: '按键错误目的地' }, destShape),
    jsonField('timeout_dest', { en: 'Timeout destination', zh_CN: '超时目的地' }, destShape),
    enumField(
      'direct_dial',
      { en: 'Direct dial', zh_CN: '直拨分机' },
      {
        none: { en: 'Not allowed', zh_CN: '不允许' },
        extensions: { en: 'Any extension', zh_CN: '可直拨分机' },
      },
      { default: 'none' },
    ),
    // {key, dest}[]: each key one of 0-9, * and #, used once (422 from the server's voice write rules).
    jsonField(
      'entries',
      { en: 'Key entries', zh_CN: '按键菜单' },
      {
        kind: 'rows',
        fields: [
          part(
            'key',
            'str',
            { en: 'Key', zh_CN: '按键' },
            {
              required: true,
              pattern: {
                source: '^[0-9*#]$',
                message: { en: 'Key must be one of 0-9, * or #', zh_CN: '按键须为0-9、*或#' },
              },
            },
          ),
          jsonField('dest', { en: 'Destination', zh_CN: '目的地' }, destShape),
        ],
      },
      {
        example:
          '[{"key": "1", "dest": {"type": "queue", "target": "6100"}}, {"key": "0", "dest": {"type": "extension", "target": "8000"}}]',
        required: true,
        list: true,
      },
    ),
  ],
};

// DOMAIN 2.2 voice/CallCenter: Queue. `number` is unique in the numbering plan.
export const queue: ResourceDef<'voice_queue'> = {
  name: 'voice:queue',
  endpoint: '/admin.php/voice/queue',
  table: 'voice_queue',
  title: { en: 'Call queue', zh_CN: '呼叫队列' },
  fields: [
    planNumber(),
    nameField(),
    // Asterisk queues.conf `strategy`.
    enumField(
      'strategy',
      { en: 'Ring strategy', zh_CN: '振铃策略' },
      {
        ringall: { en: 'Ring all', zh_CN: '全部同时振铃' },
        leastrecent: { en: 'Longest idle first', zh_CN: '最久未接听优先' },
        fewestcalls: { en: 'Fewest calls first', zh_CN: '接听最少优先' },
        random: { en: 'Random', zh_CN: '随机' },
        rrmemory: { en: 'Round robin with memory', zh_CN: '记忆轮询' },
        linear: { en: 'In listed order', zh_CN: '按列表顺序' },
      },
      { required: true, default: 'rrmemory', list: true },
    ),
    // {extension, penalty 0-10}[] (422 from the server's voice write rules): extension numbers,
    // as queues.conf's `member` lines are written from them; an agent of a lower penalty rings first.
    jsonField(
      'members',
      { en: 'Static agents', zh_CN: '固定坐席' },
      {
        kind: 'rows',
        fields: [
          extensionNumberField({ en: 'Agent extension', zh_CN: '坐席分机' }, { required: true }),
          part('penalty', 'int', { en: 'Penalty', zh_CN: '优先级' }, { min: 0, max: 10, default: 0 }),
        ],
      },
      { list: true },
    ),
    secondsField(
      'agent_timeout',
      { en: 'Agent ring time', zh_CN: '坐席振铃时长' },
      { required: true, min: 0, max: 600, default: 15 },
    ),
    secondsField(
      'retry',
      { en: 'Retry interval', zh_CN: '重试间隔' },
      { required: true, min: 0, max: 600, default: 5 },
    ),
    secondsField(
      'wrapup',
      { en: 'Wrap-up time', zh_CN: '话后整理时间' },
      { required: true, min: 0, max: 3600, default: 0 },
    ),
    {
      name: 'maxlen',
      type: 'int',
      label: { en: 'Max callers (0 = unlimited)', zh_CN: '最大排队数（0为不限）' },
      min: 0,
      max: 10000,
      default: 0,
    },
    secondsField(
      'maxwait',
      { en: 'Max wait (0 = unlimited)', zh_CN: '最长等待（0为不限）' },
      { min: 0, max: 86400, default: 0 },
    ),
    {
      name: 'joinempty',
      type: 'bool',
      label: { en: 'Join when empty', zh_CN: '无坐席时可入队' },
      default: 0,
    },
    {
      name: 'announce_position',
      type: 'bool',
      label: { en: 'Announce position', zh_CN: '播报排队位置' },
      default: 0,
    },
    secondsField(
      'announce_frequency',
      { en: 'Announce every', zh_CN: '播报间隔' },
      { min: 0, max: 3600, default: 0 },
    ),
    { name: 'periodic_announce', type: 'file', label: { en: 'Periodic announcement', zh_CN: '周期提示音' } },
    jsonField('fail_dest', { en: 'Failover destination', zh_CN: '失败目的地' }, destShape),
    { name: 'record', type: 'bool', label: { en: 'Record', zh_CN: '录音' }, default: 0 },
    // DOMAIN: the queue now: callers waiting, the longest wait, calls answered and abandoned, agents.
    jsonField(
      'live',
      { en: 'Live state', zh_CN: '实时状态' },
      {
        kind: 'object',
        fields: [
          part('waiting', 'int', { en: 'Waiting callers', zh_CN: '排队人数' }),
          secondsField('longest_wait', { en: 'Longest wait', zh_CN: '最长等待' }),
          part('answered', 'int', { en: 'Answered', zh_CN: '已接听' }),
          part('abandoned', 'int', { en: 'Abandoned', zh_CN: '放弃' }),
          part('agents', 'int', { en: 'Agents', zh_CN: '坐席数' }),
        ],
      },
      { readonly: true, list: true },
    ),
  ],
  // Through Asterisk's manager interface: QueueAdd and QueueRemove (503 when it cannot be reached).
  verbs: [
    {
      name: 'agent_login',
      label: { en: 'Agent login', zh_CN: '坐席签入' },
      scope: 'row',
      fields: [extensionNumber('Agent extension', '坐席分机')],
    },
    {
      name: 'agent_logout',
      label: { en: 'Agent logout', zh_CN: '坐席签出' },
      scope: 'row',
      fields: [extensionNumber('Agent extension', '坐席分机')],
    },
  ],
};

// DOMAIN 2.2 voice/Broadcast: PagingGroup. `number` is unique in the numbering plan.
export const pagingGroup: ResourceDef<'voice_paging_group'> = {
  name: 'voice:paging',
  endpoint: '/admin.php/voice/paging',
  table: 'voice_paging_group',
  title: { en: 'Paging group', zh_CN: '广播组' },
  fields: [
    planNumber(),
    nameField(),
    // Extension numbers and/or areas (an area pages every extension in it and in the areas below
    // it), as the dialplan writer reads them (memberExtensions).
    jsonField(
      'members',
      { en: 'Members', zh_CN: '成员' },
      {
        kind: 'object',
        fields: [
          part(
            'extensions',
            'json',
            { en: 'Extensions', zh_CN: '分机' },
            {
              shape: extensionNumbers('Extension', '分机号'),
            },
          ),
          part(
            'area_ids',
            'json',
            { en: 'Areas (with the areas below)', zh_CN: '区域（含下级区域）' },
            {
              shape: { kind: 'list', of: areaIdField() },
            },
          ),
        ],
      },
      { required: true },
    ),
    { name: 'duplex', type: 'bool', label: { en: 'Two-way', zh_CN: '双向对讲' }, default: 0 },
    { name: 'force', type: 'bool', label: { en: 'Barge in on busy phones', zh_CN: '强插忙线' }, default: 0 },
    { name: 'announcement', type: 'file', label: { en: 'Announcement', zh_CN: '提示音' } },
  ],
};

// DOMAIN 2.2 voice/Broadcast: BroadcastTask.
export const broadcastTask: ResourceDef<'voice_broadcast_task'> = {
  name: 'voice:broadcast_task',
  endpoint: '/admin.php/voice/broadcast_task',
  table: 'voice_broadcast_task',
  title: { en: 'Broadcast task', zh_CN: '广播任务' },
  fields: [
    nameField(),
    refField(
      'group_id',
      'voice:paging',
      { en: 'Paging group', zh_CN: '广播组' },
      { required: true, list: true, filter: true },
    ),
    { name: 'sound', type: 'file', label: { en: 'Sound', zh_CN: '播放音频' }, required: true },
    { name: 'repeat', type: 'int', label: { en: 'Repeat', zh_CN: '重复次数' }, min: 1, max: 10, default: 1 },
    enumField(
      'schedule',
      { en: 'Schedule', zh_CN: '执行周期' },
      {
        once: { en: 'Once', zh_CN: '单次' },
        daily: { en: 'Daily', zh_CN: '每天' },
        weekly: { en: 'Weekly', zh_CN: '每周' },
      },
      { list: true },
    ),
    { name: 'date', type: 'date', label: { en: 'Date', zh_CN: '日期' } },
    { name: 'time', type: 'time', label: { en: 'Time', zh_CN: '时间' }, required: true },
    weekdaysField({ example: '[1, 2, 3, 4, 5]' }),
    enabledField(),
    readonlyColumn('last_run', 'dt', { en: 'Last run', zh_CN: '上次执行' }),
    readonlyColumn('last_result', 'str', { en: 'Last result', zh_CN: '上次结果' }),
  ],
  // Drops a call file into Asterisk's outgoing spool (503 when the spool cannot be written).
  verbs: [
    {
      name: 'play_now',
      label: { en: 'Play now', zh_CN: '立即播放' },
      scope: 'row',
      confirm: { en: 'The group is paged now.', zh_CN: '将立即向广播组播放。' },
    },
  ],
};

// DOMAIN 2.2 voice/WakeupService: Wakeup. `date` is required when repeat is once (422 from the
// server's voice write rules); a new call is `scheduled`, added by hand unless a source is given.
export const wakeup: ResourceDef<'voice_wakeup'> = {
  name: 'voice:wakeup',
  endpoint: '/admin.php/voice/wakeup',
  table: 'voice_wakeup',
  title: { en: 'Wake-up call', zh_CN: '叫醒服务' },
  fields: [
    refField(
      'room_ext',
      'voice:extension',
      { en: 'Room extension', zh_CN: '房间分机' },
      { required: true, list: true, filter: true },
    ),
    { name: 'date', type: 'date', label: { en: 'Date', zh_CN: '日期' }, list: true, filter: true },
    {
      name: 'time',
      type: 'time',
      label: { en: 'Time', zh_CN: '时间' },
      required: true,
      list: true,
      filter: true,
    },
    enumField(
      'repeat',
      { en: 'Repeat', zh_CN: '重复' },
      {
        once: { en: 'Once', zh_CN: '单次' },
        daily: { en: 'Daily', zh_CN: '每天' },
        weekdays: { en: 'Weekdays (Mon–Fri)', zh_CN: '工作日（周一至周五）' },
      },
      { required: true, default: 'once', list: true },
    ),
    {
      name: 'max_retries',
      type: 'int',
      label: { en: 'Max retries', zh_CN: '最大重试次数' },
      required: true,
      min: 0,
      max: 10,
      default: 3,
    },
    secondsField(
      'retry_s',
      { en: 'Retry interval', zh_CN: '重试间隔' },
      { required: true, min: 10, max: 600, default: 60 },
    ),
    secondsField(
      'wait_s',
      { en: 'Ring time', zh_CN: '振铃时长' },
      { required: true, min: 10, max: 120, default: 60 },
    ),
    enumField(
      'language',
      { en: 'Language', zh_CN: '语言' },
      { zh: { en: 'Chinese', zh_CN: '中文' }, en: { en: 'English', zh_CN: '英文' } },
      { default: 'zh' },
    ),
    enumField(
      'source',
      { en: 'Source', zh_CN: '来源' },
      {
        manual: { en: 'Added by hand', zh_CN: '手工添加' },
        phone: { en: 'Set on the phone', zh_CN: '话机设置' },
        pms: { en: 'Hotel PMS', zh_CN: '酒店管理系统(PMS)' },
      },
      { readonly: true, list: true, filter: true },
    ),
    stateField({
      scheduled: { en: 'Scheduled', zh_CN: '待叫醒', tone: 'warning' },
      calling: { en: 'Calling', zh_CN: '呼叫中', tone: 'processing' },
      answered: { en: 'Answered', zh_CN: '已接听', tone: 'success' },
      failed: { en: 'Failed', zh_CN: '失败', tone: 'error' },
      cancelled: { en: 'Cancelled', zh_CN: '已取消', tone: 'default' },
    }),
  ],
  io: { export: ['csv'] },
  defaultSort: { field: 'time', order: 'asc' },
  verbs: [
    {
      name: 'cancel',
      label: { en: 'Cancel', zh_CN: '取消叫醒' },
      scope: 'batch',
      when: { field: 'state', in: ['scheduled', 'calling'] },
      confirm: { en: 'The chosen wake-up calls will not be made.', zh_CN: '所选叫醒将不再呼叫。' },
      danger: true,
    },
  ],
};

// DOMAIN 2.2 voice/DoNotDisturb: DndSchedule. At least one of extension_ids and area_ids
// (422 from the server's voice write rules).
export const dnd: ResourceDef<'voice_dnd_schedule'> = {
  name: 'voice:dnd',
  endpoint: '/admin.php/voice/dnd',
  table: 'voice_dnd_schedule',
  title: { en: 'Do-not-disturb schedule', zh_CN: '免打扰计划' },
  fields: [
    nameField(),
    refsField('extension_ids', 'voice:extension', { en: 'Extensions', zh_CN: '分机' }),
    areaIdsField(),
    ...weeklyWindowFields({ required: true, example: '[1, 2, 3, 4, 5]' }),
    // Callers who still get through.
    jsonField('exempt_numbers', { en: 'Exempt numbers', zh_CN: '白名单号码' }, numberList),
    enumField(
      'action',
      { en: 'Action', zh_CN: '处理方式' },
      {
        busy: { en: 'Busy tone', zh_CN: '回忙音' },
        voicemail: { en: 'To voicemail', zh_CN: '转语音信箱' },
        forward: { en: 'Forward', zh_CN: '转移到号码' },
      },
      { default: 'busy' },
    ),
    { name: 'forward_to', type: 'str', label: { en: 'Forward to', zh_CN: '转移号码' }, max: 32 },
    enabledField(),
    readonlyColumn('now_active', 'bool', { en: 'Active now', zh_CN: '当前生效' }),
  ],
};

// DOMAIN 2.2 voice/CommunicationControl: DispatchConsole. DOMAIN marks no list columns; name and
// operator are shown.
export const dispatch: ResourceDef<'voice_dispatch_console'> = {
  name: 'voice:dispatch',
  endpoint: '/admin.php/voice/dispatch',
  table: 'voice_dispatch_console',
  title: { en: 'Dispatch console', zh_CN: '调度台' },
  fields: [
    nameField({ filter: undefined }),
    refField(
      'operator_ext',
      'voice:extension',
      { en: 'Operator extension', zh_CN: '调度员分机' },
      { required: true, list: true },
    ),
    refsField('monitored_area_ids', 'system:region', { en: 'Monitored areas', zh_CN: '监控区域' }),
    refsField('monitored_extension_ids', 'voice:extension', {
      en: 'Monitored extensions',
      zh_CN: '监控分机',
    }),
    { name: 'record', type: 'bool', label: { en: 'Record', zh_CN: '录音' }, default: 0 },
  ],
  // From the console's operator extension, through Asterisk's manager interface (Originate with
  // ChanSpy or Page, Hangup, Redirect; 503 when it cannot be reached). spy, whisper, barge and
  // intercom reach only the extensions the console monitors.
  verbs: [
    {
      name: 'call',
      label: { en: 'Call', zh_CN: '呼叫' },
      scope: 'row',
      fields: [dialNumber('Number', '号码')],
    },
    {
      name: 'hangup',
      label: { en: 'Hang up', zh_CN: '挂断' },
      scope: 'row',
      fields: [channel],
      danger: true,
    },
    {
      name: 'spy',
      label: { en: 'Listen', zh_CN: '监听' },
      scope: 'row',
      fields: [extensionNumber('Extension', '分机')],
    },
    {
      name: 'whisper',
      label: { en: 'Whisper', zh_CN: '密语' },
      scope: 'row',
      fields: [extensionNumber('Extension', '分机')],
    },
    {
      name: 'barge',
      label: { en: 'Barge in', zh_CN: '强插' },
      scope: 'row',
      fields: [extensionNumber('Extension', '分机')],
    },
    {
      name: 'transfer',
      label: { en: 'Transfer', zh_CN: '转接' },
      scope: 'row',
      fields: [channel, { ...dialNumber('Transfer to', '转接到'), name: 'to' }],
    },
    {
      name: 'intercom',
      label: { en: 'Intercom', zh_CN: '对讲' },
      scope: 'row',
      fields: [extensionNumber('Extension', '分机')],
    },
  ],
};

// DOMAIN 2.2 voice/CallRecords: CDR (read-only). I/O: CSV with a header, and Asterisk's Master.csv
// layout (`cdr_csv`: 16 columns, or 18/21 when the calls carry the extended columns), export. The
// records are read-only, so the generic import and delete are not served: `import` takes an
// uploaded Master.csv of 16 to 21 columns (all or nothing; a call already stored, from this form or
// another, is skipped and completed with the extended columns it lacked) and `del` removes the
// calls that started in a date range.
export const cdr: ResourceDef<'voice_cdr'> = {
  name: 'voice:cdr',
  endpoint: '/admin.php/voice/cdr',
  table: 'voice_cdr',
  title: { en: 'Call record', zh_CN: '通话记录' },
  readonly: true,
  fields: [
    { name: 'start', type: 'dt', label: { en: 'Start', zh_CN: '开始时间' }, list: true, filter: true },
    { name: 'answer', type: 'dt', label: { en: 'Answered', zh_CN: '应答时间' } },
    { name: 'end', type: 'dt', label: { en: 'End', zh_CN: '结束时间' } },
    keywordField('src', { en: 'Caller', zh_CN: '主叫' }, { max: 80 }),
    keywordField('dst', { en: 'Callee', zh_CN: '被叫' }, { max: 80 }),
    { name: 'clid', type: 'str', label: { en: 'Caller ID', zh_CN: '主叫显示' }, max: 80 },
    { name: 'channel', type: 'str', label: { en: 'Channel', zh_CN: '主叫通道' }, max: 80 },
    { name: 'dstchannel', type: 'str', label: { en: 'Destination channel', zh_CN: '被叫通道' }, max: 80 },
    { name: 'dcontext', type: 'str', label: { en: 'Destination context', zh_CN: '目的上下文' }, max: 80 },
    { name: 'lastapp', type: 'str', label: { en: 'Last application', zh_CN: '最后应用' }, max: 80 },
    { name: 'lastdata', type: 'str', label: { en: 'Last data', zh_CN: '最后参数' } },
    // cdr_csv's duration (from the start) and billsec (from the answer), in seconds.
    secondsField('duration', { en: 'Duration', zh_CN: '时长' }, { min: 0, max: 100_000_000, list: true }),
    secondsField(
      'billsec',
      { en: 'Billed', zh_CN: '通话时长' },
      { min: 0, max: 100_000_000, list: true, filter: true },
    ),
    enumField(
      'disposition',
      { en: 'Result', zh_CN: '呼叫结果' },
      {
        ANSWERED: { en: 'Answered', zh_CN: '已接听', tone: 'success' },
        'NO ANSWER': { en: 'No answer', zh_CN: '未接听', tone: 'warning' },
        BUSY: { en: 'Busy', zh_CN: '忙线', tone: 'error' },
        FAILED: { en: 'Failed', zh_CN: '呼叫失败', tone: 'error' },
        CONGESTION: { en: 'Congestion', zh_CN: '线路拥塞', tone: 'error' },
      },
      { list: true, filter: true },
    ),
    { name: 'accountcode', type: 'str', label: { en: 'Account code', zh_CN: '账户代码' }, max: 80 },
    { name: 'amaflags', type: 'str', label: { en: 'AMA flags', zh_CN: 'AMA标志' }, max: 32 },
    { name: 'uniqueid', type: 'str', label: { en: 'Unique id', zh_CN: '唯一标识' }, max: 64 },
    // The extended Master.csv columns (cdr.conf loguserfield, newcdrcolumns).
    { name: 'userfield', type: 'str', label: { en: 'User field', zh_CN: '用户字段' }, max: 256 },
    { name: 'peeraccount', type: 'str', label: { en: 'Peer account', zh_CN: '对端账户' }, max: 80 },
    { name: 'linkedid', type: 'str', label: { en: 'Linked id', zh_CN: '关联标识' }, max: 64 },
    { name: 'sequence', type: 'int', label: { en: 'Sequence', zh_CN: '序号' }, min: 0, max: 2_000_000_000 },
    // The call's recording in Asterisk's monitor folder, as the generated dialplan names it
    // (MixMonitor(${UNIQUEID}.wav); the queues record as wav under the same name): set by `import`
    // only where that file exists, and played through a single-use download link that `play`
    // makes (which checks the name again), never a host path.
    { name: 'recording', type: 'str', label: { en: 'Recording', zh_CN: '录音' }, max: 128 },
    enumField(
      'direction',
      { en: 'Direction', zh_CN: '呼叫方向' },
      {
        internal: { en: 'Internal', zh_CN: '内部' },
        inbound: { en: 'Inbound', zh_CN: '呼入' },
        outbound: { en: 'Outbound', zh_CN: '呼出' },
      },
      { list: true, filter: true },
    ),
  ],
  io: { export: ['csv', 'cdr_csv'] },
  defaultSort: { field: 'start', order: 'desc' },
  verbs: [
    // Offered only where the call was recorded.
    {
      name: 'play',
      label: { en: 'Play recording', zh_CN: '播放录音' },
      scope: 'row',
      result: 'url',
      when: { field: 'recording', filled: true },
    },
    {
      name: 'del',
      label: { en: 'Delete by date', zh_CN: '按日期删除' },
      scope: 'page',
      danger: true,
      confirm: {
        en: 'Every call that started in this range is deleted.',
        zh_CN: '将删除该时间段内开始的全部通话记录。',
      },
      fields: [
        { name: 'from', type: 'dt', label: { en: 'Started from', zh_CN: '开始时间自' }, required: true },
        { name: 'to', type: 'dt', label: { en: 'Started until', zh_CN: '开始时间至' }, required: true },
      ],
    },
    {
      name: 'import',
      label: { en: 'Import Master.csv', zh_CN: '导入 Master.csv' },
      scope: 'page',
      fields: [
        // An upload of kind text (the console picks the kind by this name).
        {
          name: 'text_file',
          type: 'file',
          label: { en: 'Master.csv file', zh_CN: 'Master.csv 文件' },
          required: true,
        },
        // Empty: detected (a BOM, valid UTF-8, or a guess); a PBX on a Windows host writes ANSI.
        enumField('encoding', { en: 'Encoding', zh_CN: '文件编码' }, TEXT_ENCODING_LABELS),
        { name: 'dry_run', type: 'bool', label: { en: 'Check only', zh_CN: '仅检查' }, default: 0 },
      ],
    },
  ],
};

// DOMAIN 2.2 voice/QueueNotification: NotifyTask. DOMAIN's export is the call results as CSV;
// the generic export gives the tasks with their `results` column.
export const notifyTask: ResourceDef<'voice_notify_task'> = {
  name: 'voice:notify',
  endpoint: '/admin.php/voice/notify',
  table: 'voice_notify_task',
  title: { en: 'Queue notification', zh_CN: '排队通知' },
  fields: [
    nameField(),
    // Extensions, numbers and contact groups (their people's extension, mobile or phone), as the
    // `start` verb reads them.
    jsonField(
      'callees',
      { en: 'Callees', zh_CN: '通知对象' },
      {
        kind: 'object',
        fields: [
          part(
            'extensions',
            'json',
            { en: 'Extensions', zh_CN: '分机' },
            {
              shape: extensionNumbers('Extension', '分机号'),
            },
          ),
          part('numbers', 'json', { en: 'Numbers', zh_CN: '号码' }, { shape: numberList }),
          part(
            'contact_group_ids',
            'json',
            { en: 'Contact groups', zh_CN: '通讯录分组' },
            {
              shape: {
                kind: 'list',
                of: refField('contact_group_id', 'voice:contact_group', {
                  en: 'Contact group',
                  zh_CN: '通讯录分组',
                }),
              },
            },
          ),
        ],
      },
      { required: true },
    ),
    { name: 'sound', type: 'file', label: { en: 'Sound', zh_CN: '通知音频' }, required: true },
    {
      name: 'concurrency',
      type: 'int',
      label: { en: 'Concurrent calls', zh_CN: '并发数' },
      min: 1,
      max: 10,
      default: 2,
    },
    { name: 'retries', type: 'int', label: { en: 'Retries', zh_CN: '重试次数' }, min: 0, max: 5, default: 2 },
    secondsField(
      'retry_interval_s',
      { en: 'Retry interval', zh_CN: '重试间隔' },
      { min: 0, max: 86400, default: 60 },
    ),
    {
      name: 'require_confirm',
      type: 'bool',
      label: { en: 'Require key 1 to confirm', zh_CN: '需按1确认' },
      default: 1,
    },
    { name: 'start_at', type: 'dt', label: { en: 'Start at (empty = now)', zh_CN: '开始时间（空为立即）' } },
    stateField({
      draft: { en: 'Draft', zh_CN: '草稿', tone: 'warning' },
      running: { en: 'Running', zh_CN: '进行中', tone: 'processing' },
      done: { en: 'Done', zh_CN: '已完成', tone: 'success' },
      cancelled: { en: 'Cancelled', zh_CN: '已取消', tone: 'default' },
    }),
    // DOMAIN: one row per callee, {callee, attempts, result, at}.
    jsonField(
      'results',
      { en: 'Results', zh_CN: '通知结果' },
      {
        kind: 'rows',
        fields: [
          part('callee', 'str', { en: 'Callee', zh_CN: '通知对象' }),
          part('attempts', 'int', { en: 'Attempts', zh_CN: '呼叫次数' }),
          enumField(
            'result',
            { en: 'Result', zh_CN: '结果' },
            {
              answered: { en: 'Answered', zh_CN: '已接听', tone: 'success' },
              confirmed: { en: 'Confirmed', zh_CN: '已确认', tone: 'success' },
              no_answer: { en: 'No answer', zh_CN: '未接听', tone: 'warning' },
              busy: { en: 'Busy', zh_CN: '忙线', tone: 'error' },
              failed: { en: 'Failed', zh_CN: '失败', tone: 'error' },
            },
          ),
          part('at', 'dt', { en: 'Time', zh_CN: '时间' }),
        ],
      },
      { readonly: true },
    ),
  ],
  io: { export: ['csv'] },
  // `start` drops one call file per callee into Asterisk's outgoing spool, `concurrency` at a time
  // a minute apart (503 when the spool cannot be written); `cancel` takes back those not yet dialled.
  verbs: [
    {
      name: 'start',
      label: { en: 'Start', zh_CN: '开始通知' },
      scope: 'row',
      when: { field: 'state', in: ['draft', 'done', 'cancelled'] },
      confirm: { en: 'Every callee is called.', zh_CN: '将呼叫全部通知对象。' },
    },
    {
      name: 'cancel',
      label: { en: 'Cancel', zh_CN: '取消通知' },
      scope: 'row',
      when: { field: 'state', in: ['draft', 'running'] },
      danger: true,
    },
  ],
};

// DOMAIN 2.2 voice/Preplan: Preplan.
export const preplan: ResourceDef<'voice_preplan'> = {
  name: 'voice:preplan',
  endpoint: '/admin.php/voice/preplan',
  table: 'voice_preplan',
  title: { en: 'Preplan', zh_CN: '预案' },
  fields: [
    nameField(),
    // As China's emergency response levels: I is the gravest.
    enumField(
      'level',
      { en: 'Level', zh_CN: '级别' },
      {
        '1': { en: 'Level I (most severe)', zh_CN: 'Ⅰ级（特别重大）' },
        '2': { en: 'Level II (major)', zh_CN: 'Ⅱ级（重大）' },
        '3': { en: 'Level III (serious)', zh_CN: 'Ⅲ级（较大）' },
        '4': { en: 'Level IV (general)', zh_CN: 'Ⅳ级（一般）' },
      },
      { list: true, filter: true },
    ),
    // The steps as the dry run reads them (preplan-test.ts): what each reaches is its `target`.
    jsonField(
      'actions',
      { en: 'Actions (in order)', zh_CN: '处置步骤（按顺序）' },
      {
        kind: 'rows',
        fields: [
          enumField(
            'type',
            { en: 'Action', zh_CN: '步骤' },
            {
              call_group: { en: 'Call a number', zh_CN: '呼叫号码' },
              page: { en: 'Page a group', zh_CN: '广播' },
              notify: { en: 'Start a notification task', zh_CN: '启动排队通知' },
              sms: { en: 'Send an SMS', zh_CN: '发送短信' },
              display_message: { en: 'Show a message on terminals', zh_CN: '终端显示消息' },
              conference: { en: 'Bring into a meeting room', zh_CN: '拉入会议室' },
            },
            { required: true },
          ),
          part(
            'target',
            'str',
            { en: 'Target (number, group, task or phones)', zh_CN: '目标（号码、广播组、任务或手机号）' },
            { required: true, max: 200 },
          ),
          part('sound', 'str', { en: 'Sound', zh_CN: '提示音' }, { max: 64 }),
          part('text', 'str', { en: 'Text', zh_CN: '文本' }, { max: 500 }),
        ],
      },
      { required: true },
    ),
    { name: 'description', type: 'text', label: { en: 'Description', zh_CN: '描述' }, max: 2000 },
    enabledField(),
  ],
  // `test` is a dry run: the steps as they would run, each with whether its channel is there.
  verbs: [{ name: 'test', label: { en: 'Dry run', zh_CN: '演练' }, scope: 'row', result: 'report' }],
};

export const voiceResources: readonly ResourceDef[] = [
  trunk,
  trunkGroup,
  inboundRoute,
  outboundRoute,
  extension,
  softTerminal,
  contactGroup,
  contact,
  conference,
  ivr,
  queue,
  pagingGroup,
  broadcastTask,
  wakeup,
  dnd,
  dispatch,
  cdr,
  notifyTask,
  preplan,
];
