import type { DemoClock, DemoRow, DemoTable } from '../model.ts';
import { file, ref, refs, secret } from '../model.ts';
import { area, ROOMS } from './areas.ts';

/**
 * The hotel's telephone plan. Rooms dial by room number (1001…1505); staff have 8xxx numbers;
 * feature numbers are 6xxx (IVR 6000, conferences 600x, queue 6100, paging 620x); the help phones
 * in public areas are 85xx. A destination (Dest) names its target by the number dialled.
 */
export const ext = (number: string) => ref('voice:extension', number);

const STAFF: { number: string; name: string; permission: string; area?: string; voicemail?: boolean }[] = [
  { number: '8000', name: '总台 Front desk', permission: 'national', area: 'lobby', voicemail: true },
  { number: '8001', name: '礼宾部 Concierge', permission: 'national', area: 'lobby' },
  { number: '8100', name: '客房中心 Housekeeping', permission: 'local' },
  { number: '8200', name: '湖景餐厅 Restaurant', permission: 'local', area: 'restaurant' },
  { number: '8300', name: '工程部 Engineering', permission: 'local' },
  { number: '8400', name: '保安部 Security', permission: 'national' },
  { number: '8888', name: '总经理办公室 General manager', permission: 'international', voicemail: true },
];

/** The help phones in public areas (aiso.ts makes them SOS phones). */
export const HELP_PHONES: { number: string; name: string; area: string }[] = [
  { number: '8501', name: '大堂求助 Lobby help point', area: 'lobby' },
  { number: '8502', name: '停车场求助 Parking SOS', area: 'parking' },
  { number: '8503', name: '泳池求助 Pool SOS', area: 'pool' },
];

export function voiceData(clock: DemoClock): DemoTable[] {
  const roomExtensions: DemoRow[] = ROOMS.map((room) => ({
    $key: room,
    extension: room,
    name: `客房 Room ${room}`,
    secret: secret(20),
    call_permission: 'local',
    area_id: area(room),
    ring_timeout: 30,
    voicemail: 1,
    vm_pin: room,
    recording: 'never',
  }));
  const staffExtensions: DemoRow[] = STAFF.map((s) => ({
    $key: s.number,
    extension: s.number,
    name: s.name,
    secret: secret(20),
    call_permission: s.permission,
    area_id: s.area ? area(s.area) : null,
    voicemail: s.voicemail ? 1 : 0,
    vm_pin: s.voicemail ? '4862' : null,
    outbound_cid: '057188886666',
    recording: s.number === '8000' ? 'always' : 'inherit',
    pickup_group: 1,
    max_contacts: 2,
  }));
  const helpExtensions: DemoRow[] = HELP_PHONES.map((p) => ({
    $key: p.number,
    extension: p.number,
    name: p.name,
    secret: secret(20),
    call_permission: 'internal',
    area_id: area(p.area),
  }));

  return [
    {
      resource: 'voice:trunk',
      rows: [
        {
          $key: 'telecom',
          name: 'telecom-main',
          sip_server: 'sip.telecom.example',
          transport: 'udp',
          registration: 'send',
          auth: 'outbound',
          username: '057188886666',
          secret: secret(),
          outcid: '057188886666',
          max_channels: 30,
        },
        {
          $key: 'unicom',
          name: 'unicom-backup',
          sip_server: 'sip.unicom.example',
          sip_server_port: 5080,
          // UDP like the main trunk: SIP over TCP is off in the voice basic settings, and a trunk
          // on a transport that is off is left out of pjsip.conf (the voice check reports it).
          transport: 'udp',
          registration: 'send',
          auth: 'outbound',
          username: '057188887777',
          secret: secret(),
          outcid: '057188887777',
          max_channels: 10,
        },
      ],
    },
    {
      resource: 'voice:trunk_group',
      rows: [
        {
          $key: 'pstn',
          name: '市话出局 PSTN',
          strategy: 'sequential',
          trunk_ids: refs('voice:trunk', 'telecom', 'unicom'),
          description: '电信主用，联通备用。Telecom first, Unicom when it fails.',
        },
      ],
    },
    {
      resource: 'voice:outbound_route',
      rows: [
        {
          name: '紧急电话 Emergency',
          patterns: ['110', '119', '120', '122'].map((n) => ({ prepend: '', prefix: '', match: n, cid: '' })),
          trunk_group_id: ref('voice:trunk_group', 'pstn'),
          level: 'local',
          emergency: 1,
          seq: 0,
        },
        {
          name: '市话 Local',
          patterns: [{ prepend: '', prefix: '9', match: 'NXXXXXXX', cid: '' }],
          trunk_group_id: ref('voice:trunk_group', 'pstn'),
          level: 'local',
          seq: 1,
        },
        {
          name: '国内长途与手机 National and mobile',
          patterns: [
            { prepend: '', prefix: '9', match: '0ZXXXXXXXXX', cid: '' },
            { prepend: '', prefix: '9', match: '1[3-9]XXXXXXXXX', cid: '' },
          ],
          trunk_group_id: ref('voice:trunk_group', 'pstn'),
          level: 'national',
          seq: 2,
        },
        {
          name: '国际长途 International',
          patterns: [{ prepend: '', prefix: '9', match: '00.', cid: '' }],
          trunk_group_id: ref('voice:trunk_group', 'pstn'),
          level: 'international',
          pin: '2580',
          seq: 3,
        },
      ],
    },
    {
      resource: 'voice:extension',
      rows: [...roomExtensions, ...staffExtensions, ...helpExtensions],
    },
    {
      resource: 'voice:soft_terminal',
      rows: [
        {
          extension_id: ext('8001'),
          platform: 'android',
          webrtc: 0,
          display_name: 'Concierge mobile',
        },
        {
          extension_id: ext('8400'),
          platform: 'web',
          webrtc: 1,
          display_name: 'Security desk (browser)',
        },
      ],
    },
    {
      resource: 'voice:contact_group',
      rows: [
        { $key: 'depts', name: '酒店部门 Departments', sort: 0 },
        { $key: 'vendors', name: '供应商 Vendors', sort: 1 },
        { $key: 'emergency', name: '紧急联系 Emergency', sort: 2 },
      ],
    },
    {
      resource: 'voice:contact',
      rows: [
        {
          name: '王敏',
          group_id: ref('voice:contact_group', 'depts'),
          department: '前厅部',
          position: '前厅经理',
          extension: '8000',
          mobile: '13800000001',
          email: 'frontoffice@lakeside-hotel.example',
          sort: 0,
        },
        {
          name: '李强',
          group_id: ref('voice:contact_group', 'depts'),
          department: '工程部',
          position: '值班工程师',
          extension: '8300',
          mobile: '13800000002',
          sort: 1,
        },
        {
          name: '陈静',
          group_id: ref('voice:contact_group', 'depts'),
          department: '客房部',
          position: '客房主管',
          extension: '8100',
          mobile: '13800000003',
          sort: 2,
        },
        {
          name: '湖畔洗衣服务',
          group_id: ref('voice:contact_group', 'vendors'),
          department: 'Laundry vendor',
          phone: '057187650001',
          email: 'orders@laundry.example',
          sort: 0,
        },
        {
          name: '消防控制室 Fire control room',
          group_id: ref('voice:contact_group', 'emergency'),
          extension: '8400',
          phone: '119',
          sort: 0,
        },
        {
          name: '急救 Ambulance',
          group_id: ref('voice:contact_group', 'emergency'),
          phone: '120',
          sort: 1,
        },
      ],
    },
    {
      resource: 'voice:conference',
      rows: [
        {
          number: '6001',
          name: '晨会 Morning briefing',
          user_pin: '1234',
          admin_pin: '9876',
          max_members: 20,
          wait_admin: 1,
        },
        { number: '6002', name: '宴会厅会议 Ballroom bridge', max_members: 50, record: 1 },
      ],
    },
    {
      resource: 'voice:ivr',
      rows: [
        {
          $key: 'main',
          name: '总机导航 Main menu',
          number: '6000',
          announcement: file('audio', 'ivr-welcome.wav', { seconds: 2 }),
          timeout_s: 8,
          invalid_dest: { type: 'extension', target: '8000' },
          timeout_dest: { type: 'extension', target: '8000' },
          direct_dial: 'extensions',
          entries: [
            { key: '1', dest: { type: 'queue', target: '6100' } },
            { key: '2', dest: { type: 'extension', target: '8200' } },
            { key: '3', dest: { type: 'extension', target: '8100' } },
            { key: '0', dest: { type: 'extension', target: '8000' } },
          ],
        },
      ],
    },
    {
      resource: 'voice:queue',
      rows: [
        {
          number: '6100',
          name: '订房热线 Reservations',
          strategy: 'rrmemory',
          members: [
            { extension: '8000', penalty: 0 },
            { extension: '8001', penalty: 1 },
          ],
          agent_timeout: 15,
          retry: 5,
          wrapup: 10,
          maxlen: 10,
          maxwait: 120,
          announce_position: 1,
          announce_frequency: 30,
          fail_dest: { type: 'voicemail', target: '8000' },
        },
      ],
    },
    {
      resource: 'voice:paging',
      rows: [
        {
          $key: 'all',
          number: '6200',
          name: '全楼广播 All floors',
          members: { extensions: [], area_ids: [area('tower'), area('annex')] },
          force: 1,
        },
        {
          $key: 'lobby',
          number: '6201',
          name: '大堂广播 Lobby',
          members: { extensions: ['8501'], area_ids: [area('lobby')] },
        },
      ],
    },
    {
      resource: 'voice:broadcast_task',
      rows: [
        {
          name: '早餐提示 Breakfast reminder',
          group_id: ref('voice:paging', 'lobby'),
          sound: file('audio', 'breakfast-reminder.wav', { seconds: 2 }),
          repeat: 1,
          schedule: 'daily',
          time: '07:00',
        },
      ],
    },
    {
      resource: 'voice:wakeup',
      rows: [
        {
          room_ext: ext('1102'),
          date: clock.day(1),
          time: '06:30',
          repeat: 'once',
          language: 'zh',
        },
        { room_ext: ext('1501'), time: '07:15', repeat: 'daily', language: 'en' },
        { room_ext: ext('1003'), date: clock.day(2), time: '05:45', repeat: 'once' },
      ],
    },
    {
      // After the IVR and the queue, which it sends calls to.
      resource: 'voice:inbound_route',
      rows: [
        {
          description: '总机 Main number',
          did: '057188886666',
          dest: { type: 'ivr', target: '6000' },
          hours_weekdays: [1, 2, 3, 4, 5, 6, 7],
          hours_from: '07:00',
          hours_to: '23:00',
          after_hours_dest: { type: 'extension', target: '8000' },
        },
        {
          description: '订房专线 Reservations line',
          did: '057188887777',
          dest: { type: 'queue', target: '6100' },
        },
      ],
    },
    {
      resource: 'voice:dnd',
      rows: [
        {
          name: '行政楼层夜间免打扰 Executive floor quiet hours',
          area_ids: [area('15F')],
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          time_from: '22:30',
          time_to: '07:00',
          exempt_numbers: ['8000', '8400'],
          action: 'voicemail',
        },
      ],
    },
    {
      resource: 'voice:dispatch',
      rows: [
        {
          name: '保安调度台 Security console',
          operator_ext: ext('8400'),
          monitored_area_ids: [area('lobby'), area('parking'), area('pool')],
          monitored_extension_ids: HELP_PHONES.map((p) => ext(p.number)),
          record: 1,
        },
      ],
    },
    { resource: 'voice:cdr', rows: callRecords(clock) },
    {
      resource: 'voice:preplan',
      rows: [
        {
          $key: 'sos',
          name: '紧急求助预案 SOS response',
          level: '2',
          actions: [
            { type: 'call_group', target: '8400', text: 'SOS from {area}' },
            { type: 'display_message', target: '8000', text: '求助：{area}' },
            { type: 'page', target: '6201', sound: 'alert' },
          ],
          description: '求助电话接通后通知保安部和总台。Calls security and alerts the front desk.',
        },
        {
          $key: 'fire',
          name: '火警预案 Fire alarm',
          level: '1',
          actions: [
            { type: 'page', target: '6200', text: '请沿疏散通道撤离 Please evacuate by the nearest exit' },
            { type: 'conference', target: '6001' },
            { type: 'notify', target: 'emergency' },
          ],
        },
      ],
    },
    {
      resource: 'voice:notify',
      rows: [
        {
          name: '消防演习通知 Fire drill notice',
          callees: { extensions: ['8000', '8100', '8200', '8300'], numbers: [], contact_group_ids: [] },
          sound: file('audio', 'fire-drill-notice.wav', { seconds: 2 }),
          concurrency: 2,
          retries: 1,
          require_confirm: 1,
          start_at: clock.at(3, '09:30'),
        },
      ],
    },
  ];
}

/** A morning of calls: internal, in through the IVR, out over the trunk. */
function callRecords(clock: DemoClock): DemoRow[] {
  const call = (
    minutesAgo: number,
    src: string,
    dst: string,
    direction: string,
    billsec: number,
    disposition = 'ANSWERED',
  ): DemoRow => {
    const start = clock.ago(minutesAgo);
    const ring = 6;
    const answered = disposition === 'ANSWERED';
    return {
      start,
      answer: answered ? clock.ago(minutesAgo - ring / 60) : null,
      end: clock.ago(minutesAgo - (ring + billsec) / 60),
      src,
      dst,
      clid: `"${src}" <${src}>`,
      channel:
        direction === 'inbound' ? `PJSIP/telecom-main-0000${minutesAgo}` : `PJSIP/${src}-0000${minutesAgo}`,
      dstchannel:
        direction === 'outbound' ? `PJSIP/telecom-main-0001${minutesAgo}` : `PJSIP/${dst}-0001${minutesAgo}`,
      dcontext: direction === 'inbound' ? 'from-trunk' : 'from-internal',
      lastapp: 'Dial',
      lastdata: direction === 'outbound' ? `PJSIP/${dst}@telecom-main,60` : `PJSIP/${dst},30`,
      duration: ring + billsec,
      billsec: answered ? billsec : 0,
      disposition,
      amaflags: 'DOCUMENTATION',
      uniqueid: `${Math.floor(clock.now / 1000) - minutesAgo * 60}.${minutesAgo}`,
      direction,
    };
  };
  return [
    call(300, '1102', '8000', 'internal', 74),
    call(280, '1501', '8200', 'internal', 145),
    call(250, '057187650001', '6000', 'inbound', 95),
    call(230, '8000', '13800000002', 'outbound', 40),
    call(190, '1003', '8100', 'internal', 0, 'NO ANSWER'),
    call(160, '1204', '8000', 'internal', 31),
    call(120, '057187650001', '6100', 'inbound', 0, 'BUSY'),
    call(60, '8888', '02155550123', 'outbound', 310),
  ];
}
