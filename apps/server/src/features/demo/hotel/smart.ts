import type { DemoClock, DemoRow, DemoTable } from '../model.ts';
import { file, fileFact, ref, refText } from '../model.ts';
import { area, ROOMS, roomType } from './areas.ts';
import { live } from './media.ts';
import { ext } from './voice.ts';

/**
 * The in-room TV: a set-top box per room, bound to its room and phone; the launcher (app menus,
 * an eight-tile template, the welcome scene and its carousel), app releases, the hotel
 * introduction, the mall with a few orders, and what the boxes reported back (messages, ratings,
 * viewing, events).
 */
export const terminal = (room: string) => ref('index:app_list', room);
const goods = (key: string) => ref('shop:goods', key);
const menu = (key: string) => ref('index:app_menu', key);
const icon = (key: string) => file('image', `icon-${key}.png`, { width: 160, height: 160 });
const picture = (key: string) => file('image', `photo-${key}.png`, { width: 640, height: 360 });

/** A locally administered MAC per box, from its room number. */
const boxMac = (room: string) => `02:5e:60:00:${room.slice(0, 2)}:${room.slice(2)}`;

/** A set-top box of the demo and what it reports when the demo's simulator runs it. */
export interface DemoBox {
  key: string;
  mac: string;
  sn: string;
  model: string;
  appVersion: string;
  firmware: string;
  /** Room 1203 is under repair with its box unplugged: nothing calls in for it. */
  simulated: boolean;
}

const box = (key: string, mac: string, sn: string, more: Partial<DemoBox> = {}): DemoBox => ({
  key,
  mac,
  sn,
  model: 'IPTV-4K-A1',
  appVersion: '2.3.1',
  firmware: 'Android 9',
  simulated: true,
  ...more,
});

export const DEMO_BOXES: readonly DemoBox[] = [
  ...ROOMS.map((room, i) =>
    box(room, boxMac(room), `LKS24${room}${String(i).padStart(3, '0')}`, {
      // The 15th floor's last box failed its upgrade (a terminal record says so).
      appVersion: room === '1505' ? '2.2.0' : '2.3.1',
      simulated: room !== '1203',
    }),
  ),
  box('lobby-sign', '02:5e:60:00:00:01', 'LKS24LOBBY001'),
  // Registered by itself and waiting for an operator to authorise it.
  box('new', '02:5e:60:00:99:01', 'LKS24NEW0001'),
];

const launcher = file('apk', 'com.lakeside.launcher-2.3.1.apk');
const cast = file('apk', 'com.lakeside.cast-1.2.0.apk');

const GOODS: {
  key: string;
  type: string;
  name: string;
  name_en: string;
  price: number;
  original?: number;
  stock: number;
  unit: string;
  delivery: string;
  html: string;
}[] = [
  {
    key: 'noodles',
    type: 'dining',
    name: '片儿川',
    name_en: 'Hangzhou pork & bamboo noodles',
    price: 4800,
    stock: -1,
    unit: '碗 bowl',
    delivery: 'room',
    html: '<p>杭州传统面食，雪菜、笋片、瘦肉。<em>Served 11:00–23:00.</em></p>',
  },
  {
    key: 'shrimp',
    type: 'dining',
    name: '龙井虾仁',
    name_en: 'Longjing tea shrimp',
    price: 12800,
    original: 15800,
    stock: -1,
    unit: '份 plate',
    delivery: 'room',
    html: '<p>以明前龙井入菜。Fresh river shrimp with Longjing tea leaves.</p>',
  },
  {
    key: 'fruit',
    type: 'dining',
    name: '时令水果拼盘',
    name_en: 'Seasonal fruit platter',
    price: 6800,
    stock: 30,
    unit: '份 plate',
    delivery: 'room',
    html: '<p>Seasonal fruit, cut to order.</p>',
  },
  {
    key: 'toothbrush',
    type: 'amenities',
    name: '软毛牙刷套装',
    name_en: 'Soft toothbrush kit',
    price: 0,
    stock: 200,
    unit: '套 kit',
    delivery: 'room',
    html: '<p>Complimentary: toothbrush and paste.</p>',
  },
  {
    key: 'pillow',
    type: 'amenities',
    name: '荞麦枕',
    name_en: 'Buckwheat pillow',
    price: 0,
    stock: 12,
    unit: '个 piece',
    delivery: 'service',
    html: '<p>Firm pillow, delivered by housekeeping.</p>',
  },
  {
    key: 'adapter',
    type: 'amenities',
    name: '万能转换插头',
    name_en: 'Universal plug adapter',
    price: 3900,
    stock: 25,
    unit: '个 piece',
    delivery: 'pickup',
    html: '<p>Pick up at the front desk.</p>',
  },
  {
    key: 'tea',
    type: 'local',
    name: '西湖龙井 50g',
    name_en: 'West Lake Longjing tea, 50 g',
    price: 16800,
    original: 19800,
    stock: 40,
    unit: '罐 tin',
    delivery: 'pickup',
    html: '<p>Pre-Qingming harvest, <strong>50 g</strong> tin.</p>',
  },
  {
    key: 'silk',
    type: 'local',
    name: '杭州丝巾',
    name_en: 'Hangzhou silk scarf',
    price: 29800,
    stock: 8,
    unit: '条 piece',
    delivery: 'pickup',
    html: '<p>Mulberry silk, 90 × 90 cm.</p>',
  },
];

const MENUS: { key: string; name: string; name_en: string; type: string; target: unknown }[] = [
  {
    key: 'live',
    name: '电视直播',
    name_en: 'Live TV',
    type: 'live',
    target: refText('media:live_type', 'cctv'),
  },
  {
    key: 'vod',
    name: '点播影院',
    name_en: 'Movies',
    type: 'vod',
    target: refText('media:video_type', 'movies'),
  },
  {
    key: 'intro',
    name: '酒店介绍',
    name_en: 'About the hotel',
    type: 'intro',
    target: refText('introduce:type', 'about'),
  },
  {
    key: 'dining',
    name: '客房送餐',
    name_en: 'In-room dining',
    type: 'mall',
    target: refText('shop:type', 'dining'),
  },
  { key: 'shop', name: '精选好物', name_en: 'Shop', type: 'mall', target: refText('shop:type', 'local') },
  { key: 'sleep', name: '音乐助眠', name_en: 'Sleep sounds', type: 'builtin', target: 'sleep_music' },
  { key: 'cast', name: '无线投屏', name_en: 'Screen cast', type: 'apk', target: 'com.lakeside.cast' },
  { key: 'settings', name: '设置', name_en: 'Settings', type: 'builtin', target: 'settings' },
];

export function smartData(clock: DemoClock): DemoTable[] {
  const boxOf = (key: string) => DEMO_BOXES.find((b) => b.key === key)!;
  // Model, versions, address and whether a box is online are what it reports when it registers
  // and heartbeats (terminal-api): they start out empty and the demo's simulator fills them.
  return [
    {
      resource: 'index:app_list',
      rows: [
        ...ROOMS.map((room) => ({
          $key: room,
          mac: boxOf(room).mac,
          sn: boxOf(room).sn,
          name: `TV-${room}`,
          state: 'authorized',
          language: room.startsWith('15') ? 'en' : 'zh',
        })),
        {
          $key: 'lobby-sign',
          mac: boxOf('lobby-sign').mac,
          sn: boxOf('lobby-sign').sn,
          name: 'Lobby signage',
          state: 'authorized',
          remark: '大堂信息屏',
        },
        {
          mac: boxOf('new').mac,
          sn: boxOf('new').sn,
          state: 'pending',
          remark: 'New box waiting for authorisation',
        },
      ],
    },
    {
      resource: 'smart:binding',
      rows: ROOMS.map((room) => ({
        area_id: area(room),
        terminal_id: terminal(room),
        extension_id: ext(room),
        remark: `${roomType(room).zh} ${roomType(room).en}`,
        bound_at: clock.at(-30, '10:00'),
        bound_by: 'admin',
      })),
    },
    {
      resource: 'index:app_upgrade',
      rows: [
        {
          package_name: 'com.lakeside.launcher',
          version_name: '2.3.1',
          version_code: 231,
          file: launcher,
          size: fileFact(launcher, 'size'),
          md5: fileFact(launcher, 'md5'),
          force: 0,
          models: ['IPTV-4K-A1'],
          notes: 'Faster channel switching; English welcome text on the 15th floor.',
          state: 'published',
        },
        {
          package_name: 'com.lakeside.cast',
          version_name: '1.2.0',
          version_code: 120,
          file: cast,
          size: fileFact(cast, 'size'),
          md5: fileFact(cast, 'md5'),
          notes: 'Screen casting from phones on the guest Wi-Fi.',
          state: 'published',
        },
      ],
    },
    {
      resource: 'introduce:type',
      rows: [
        {
          $key: 'about',
          name: '酒店简介',
          name_en: 'About us',
          template: 'text',
          sort: 0,
          icon: icon('about'),
        },
        {
          $key: 'facilities',
          name: '酒店设施',
          name_en: 'Facilities',
          template: 'gallery',
          sort: 1,
          icon: icon('facilities'),
        },
        {
          $key: 'nearby',
          name: '周边游览',
          name_en: 'Around the lake',
          template: 'gallery',
          sort: 2,
          icon: icon('nearby'),
        },
      ],
    },
    {
      resource: 'introduce:index',
      rows: [
        {
          type_id: ref('introduce:type', 'about'),
          title: '欢迎入住湖畔酒店 Welcome to the Lakeside Hotel',
          cover: picture('welcome'),
          content:
            '<h2>欢迎 Welcome</h2><p>湖畔酒店位于西湖北岸，步行 5 分钟可达断桥。</p><p>Check-out is at <strong>12:00</strong>. Dial <a href="tel:8000">8000</a> for the front desk.</p>',
          sort: 0,
        },
        {
          type_id: ref('introduce:type', 'facilities'),
          title: '室外泳池 Outdoor pool',
          cover: picture('pool'),
          content: '<p>开放时间 07:00–21:00，五月至十月。Open 07:00–21:00, May to October.</p>',
          images: [picture('pool'), picture('pool-night')],
          sort: 0,
        },
        {
          type_id: ref('introduce:type', 'nearby'),
          title: '断桥残雪 Broken Bridge',
          cover: picture('bridge'),
          content:
            '<p>西湖十景之一，距酒店步行约 5 分钟。One of the Ten Views of West Lake, a 5-minute walk.</p>',
          sort: 0,
        },
      ],
    },
    {
      resource: 'introduce:resource',
      rows: [
        {
          $key: 'fitness',
          kind: 'facility',
          name: '健身中心 Fitness centre',
          photo: picture('gym'),
          description: '<p>24 小时开放，凭房卡进入。Open 24 hours with your room card.</p>',
          location: '主楼 3F',
          phone: '8300',
          open_hours: '00:00–24:00',
          sort: 0,
        },
        {
          kind: 'facility',
          name: '湖景餐厅 Lakeside Restaurant',
          photo: picture('restaurant'),
          description: '<p>杭帮菜与自助早餐。Hangzhou cuisine; breakfast buffet 06:30–10:00.</p>',
          location: '主楼 1F',
          phone: '8200',
          open_hours: '06:30–22:00',
          sort: 1,
        },
        {
          kind: 'service',
          name: '洗衣服务 Laundry',
          description: '<p>上午 10 点前送洗，当日 18 点送回。In by 10:00, back by 18:00.</p>',
          phone: '8100',
          open_hours: '08:00–20:00',
          sort: 2,
        },
        {
          kind: 'service',
          name: '私人教练 Personal trainer',
          parent_id: ref('introduce:resource', 'fitness'),
          title: '健身教练 Trainer',
          specialty: 'Yoga, strength training',
          schedule: [
            { weekday: 2, period: 'am' },
            { weekday: 4, period: 'am' },
            { weekday: 6, period: 'pm' },
          ],
          sort: 3,
        },
      ],
    },
    {
      resource: 'shop:type',
      rows: [
        { $key: 'dining', name: '客房送餐', name_en: 'In-room dining', sort: 0, icon: icon('dining') },
        { $key: 'amenities', name: '客房用品', name_en: 'Amenities', sort: 1, icon: icon('amenities') },
        { $key: 'local', name: '杭州特产', name_en: 'Local specialities', sort: 2, icon: icon('local') },
      ],
    },
    {
      resource: 'shop:goods',
      rows: GOODS.map((g, i) => ({
        $key: g.key,
        type_id: ref('shop:type', g.type),
        name: g.name,
        name_en: g.name_en,
        cover: picture(`goods-${g.key}`),
        images: [picture(`goods-${g.key}`)],
        price: g.price,
        original_price: g.original ?? null,
        stock: g.stock,
        unit: g.unit,
        delivery: g.delivery,
        description: g.html,
        on_sale: 1,
        sort: i,
      })),
    },
    { resource: 'shop:order', rows: orders(clock) },
    {
      resource: 'index:app_menu',
      rows: [
        ...MENUS.map((m, i) => ({
          $key: m.key,
          name: m.name,
          name_en: m.name_en,
          type: m.type,
          target: m.target,
          icon: icon(`menu-${m.key}`),
          focus_icon: icon(`menu-${m.key}-focus`),
          languages: ['zh', 'en'],
          visible: 1,
          sort: i,
        })),
        {
          name: '网络信息',
          name_en: 'Wi-Fi details',
          type: 'builtin',
          target: 'wifi_info',
          icon: icon('menu-wifi'),
          parent_id: menu('settings'),
          visible: 1,
          sort: 0,
        },
      ],
    },
    {
      resource: 'smart:easy_template',
      rows: [
        {
          $key: 'grid',
          name: '酒店八宫格 Hotel 4 × 2',
          layout: 'grid_4x2',
          orientation: 'landscape',
          tiles: MENUS.map((m, i) => ({ slot: i + 1, app_menu_id: menu(m.key) })),
          background: picture('launcher-background'),
        },
      ],
    },
    {
      resource: 'index:scenario',
      rows: [
        {
          $key: 'hotel',
          name: '湖畔酒店欢迎页 Lakeside welcome',
          industry: 'hotel',
          template_id: ref('smart:easy_template', 'grid'),
          welcome_title: '{guest_name}，欢迎入住湖畔酒店',
          welcome_title_en: 'Welcome, {guest_name}',
          welcome_text: '您的房间是 {room}。如需帮助请拨打 8000。',
          welcome_text_en: 'You are in room {room}. Dial 8000 for anything you need.',
          background: picture('welcome-background'),
          bgm: file('audio', 'welcome-music.wav', { seconds: 3 }),
          logo: icon('lakeside-logo'),
          show_clock: 1,
          show_weather: 1,
          is_default: 1,
        },
      ],
    },
    {
      resource: 'index:scenario_resource',
      rows: ['lake-morning', 'lobby', 'restaurant', 'pool'].map((name, i) => ({
        scene_id: ref('index:scenario', 'hotel'),
        file: picture(`carousel-${name}`),
        duration_s: 8,
        title: name,
        sort: i,
      })),
    },
  ];
}

/** What the boxes reported back: messages, ratings, viewing (after the adverts it names), events. */
export function smartReports(clock: DemoClock): DemoTable[] {
  return [
    {
      resource: 'smart:message_board',
      rows: [
        {
          area: '1102',
          terminal: 'TV-1102',
          guest_name: '张先生',
          category: 'request',
          content: '明早能否多送一瓶矿泉水？Could we have an extra bottle of water tomorrow morning?',
          state: 'replied',
          reply: '已安排，明早 8 点前送到。Arranged before 08:00.',
          replied_by: 'admin',
          replied_at: clock.ago(50),
        },
        {
          area: '1501',
          terminal: 'TV-1501',
          guest_name: 'Ms. Smith',
          category: 'suggestion',
          content: 'The English subtitles on the hotel channel would help.',
          contact: 'smith@mail.example',
          state: 'unread',
        },
        {
          area: '1204',
          terminal: 'TV-1204',
          guest_name: '刘女士',
          category: 'complaint',
          content: '空调声音有点大。The air conditioner is noisy.',
          state: 'read',
        },
      ],
    },
    {
      resource: 'smart:eval_item',
      rows: [
        {
          $key: 'overall',
          question: '您对本次入住的总体满意度',
          question_en: 'How was your stay overall?',
          type: 'star5',
          required: 1,
          sort: 0,
        },
        {
          $key: 'clean',
          question: '客房清洁',
          question_en: 'Room cleanliness',
          type: 'star5',
          required: 1,
          sort: 1,
        },
        {
          $key: 'again',
          question: '您会再次入住吗？',
          question_en: 'Would you stay with us again?',
          type: 'choice',
          options: ['会 Yes', '不确定 Not sure', '不会 No'],
          sort: 2,
        },
        { $key: 'comment', question: '其他建议', question_en: 'Anything else?', type: 'text', sort: 3 },
      ],
    },
    {
      resource: 'smart:eval_record',
      rows: [
        {
          area: '1003',
          patient: '周先生',
          answers: [
            { item_id: ref('smart:eval_item', 'overall'), value: 5 },
            { item_id: ref('smart:eval_item', 'clean'), value: 5 },
            { item_id: ref('smart:eval_item', 'again'), value: '会 Yes' },
          ],
          score_avg: 5,
          comment: '早餐很好。Great breakfast.',
          submitted_at: clock.at(-1, '11:20'),
        },
        {
          area: '1204',
          patient: '刘女士',
          answers: [
            { item_id: ref('smart:eval_item', 'overall'), value: 4 },
            { item_id: ref('smart:eval_item', 'clean'), value: 3 },
          ],
          score_avg: 3.5,
          comment: '空调噪音。AC noise at night.',
          submitted_at: clock.at(-2, '10:05'),
        },
      ],
    },
    { resource: 'smart:play_record', rows: plays(clock) },
    {
      resource: 'smart:terminal_record',
      rows: [
        {
          terminal: 'TV-1203',
          area: '1203',
          type: 'offline',
          detail: 'No heartbeat for 3 intervals',
          read: 0,
        },
        {
          terminal: 'TV-1505',
          area: '1505',
          type: 'upgrade_fail',
          detail: 'com.lakeside.launcher 2.3.1: not enough storage',
          read: 0,
        },
        {
          terminal: 'LKS24NEW0001',
          area: '',
          type: 'auth_request',
          detail: 'New terminal 02:5e:60:00:99:01 asks to be authorised',
          read: 0,
        },
        { terminal: 'TV-1501', area: '1501', type: 'message', detail: 'New message from the guest', read: 1 },
        { terminal: 'TV-1102', area: '1102', type: 'command_ack', detail: 'clear_cache: done', read: 1 },
        {
          terminal: 'TV-1101',
          area: '1101',
          type: 'upgrade_ok',
          detail: 'com.lakeside.launcher 2.3.1 installed',
          read: 1,
        },
      ],
    },
  ];
}

/** Tonight's orders: two waiting (they show on the cart badge), one on its way, one done. */
function orders(clock: DemoClock): DemoRow[] {
  const prices = Object.fromEntries(GOODS.map((g) => [g.key, g]));
  const order = (
    n: number,
    room: string,
    lines: [string, number][],
    state: string,
    pay: string,
    minutesAgo: number,
    extra: DemoRow = {},
  ): DemoRow => {
    const items = lines.map(([key, qty]) => ({
      goods_id: goods(key),
      name: prices[key]!.name_en,
      price: prices[key]!.price,
      qty,
    }));
    const stamp = clock.ago(minutesAgo).replace(/\D/g, '').slice(0, 8);
    return {
      order_no: `SO${stamp}${String(n).padStart(4, '0')}`,
      area: room,
      terminal: `TV-${room}`,
      items,
      amount: items.reduce((sum, i) => sum + i.price * i.qty, 0),
      pay_method: pay,
      state,
      ...extra,
    };
  };
  return [
    order(
      1,
      '1102',
      [
        ['noodles', 2],
        ['fruit', 1],
      ],
      'pending',
      'room_charge',
      6,
      { remark: '少辣 Less spicy' },
    ),
    order(2, '1501', [['adapter', 1]], 'pending', 'wechat', 14, { contact_phone: '8000' }),
    order(
      3,
      '1204',
      [
        ['toothbrush', 2],
        ['pillow', 1],
      ],
      'delivering',
      'room_charge',
      35,
      { handled_by: 'admin' },
    ),
    order(4, '1003', [['tea', 1]], 'completed', 'alipay', 60 * 20, { handled_by: 'admin' }),
  ];
}

function plays(clock: DemoClock): DemoRow[] {
  const play = (
    room: string,
    type: string,
    id: unknown,
    name: string,
    minutesAgo: number,
    minutes: number,
  ): DemoRow => ({
    terminal: `TV-${room}`,
    area: room,
    content_type: type,
    content_id: id,
    content_name: name,
    start_at: clock.ago(minutesAgo),
    end_at: clock.ago(minutesAgo - minutes),
    duration_s: minutes * 60,
  });
  return [
    play('1102', 'live', live('cctv13'), 'CCTV-13 新闻', 180, 35),
    play('1102', 'vod', ref('media:video', 'bbb'), 'Big Buck Bunny', 120, 10),
    play('1501', 'live', live('cctv5p'), 'CCTV-5+ 体育赛事', 95, 80),
    play('1204', 'music', 0, '细雨 Gentle rain', 600, 30),
    play('1003', 'live', live('hotel'), '湖畔酒店频道', 40, 5),
    play('1003', 'ad', ref('advertising:resource', 'spring'), 'Spring menu banner', 41, 1),
  ];
}
