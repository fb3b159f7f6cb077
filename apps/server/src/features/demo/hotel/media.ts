import type { DemoClock, DemoRow, DemoTable } from '../model.ts';
import { file, ref, secret } from '../model.ts';
import { area } from './areas.ts';

/**
 * Television: an IPTV source with its collected channels, the channel line-up (multicast from
 * the head-end, the hotel's own HLS channel, a lobby camera and a film rotation channel), three
 * packages, today's programme guide, films, a live room, the plaza, sleep music and posts.
 * Channel health and probe results are what a probe of the stream finds, and a rotation runs once
 * it is started: the demo leaves those to the real calls, so they start out empty.
 */
export const live = (key: string) => ref('media:live', key);
const cls = (key: string) => ref('media:live_type', key);
const filmType = (key: string) => ref('media:video_type', key);
const film = (key: string) => ref('media:video', key);
const logo = (key: string) => file('image', `logo-${key}.png`, { width: 128, height: 128 });
const poster = (key: string) => file('image', `poster-${key}.png`, { width: 300, height: 450 });

const CHANNELS: {
  key: string;
  number: number;
  name: string;
  name_en: string;
  classes: string[];
  free?: boolean;
  catchup?: number;
}[] = [
  { key: 'cctv1', number: 1, name: 'CCTV-1 综合', name_en: 'CCTV-1 General', classes: ['cctv'], catchup: 3 },
  { key: 'cctv2', number: 2, name: 'CCTV-2 财经', name_en: 'CCTV-2 Finance', classes: ['cctv'] },
  {
    key: 'cctv5',
    number: 5,
    name: 'CCTV-5 体育',
    name_en: 'CCTV-5 Sports',
    classes: ['cctv', 'sports'],
    catchup: 3,
  },
  {
    key: 'cctv5p',
    number: 6,
    name: 'CCTV-5+ 体育赛事',
    name_en: 'CCTV-5+ Sports Events',
    classes: ['sports'],
    free: false,
  },
  {
    key: 'cctv13',
    number: 13,
    name: 'CCTV-13 新闻',
    name_en: 'CCTV-13 News',
    classes: ['cctv', 'news'],
    catchup: 7,
  },
  { key: 'cgtn', number: 14, name: 'CGTN', name_en: 'CGTN', classes: ['news'] },
  { key: 'zjtv', number: 21, name: '浙江卫视', name_en: 'Zhejiang TV', classes: ['satellite'] },
  { key: 'hntv', number: 22, name: '湖南卫视', name_en: 'Hunan TV', classes: ['satellite'] },
  { key: 'dftv', number: 23, name: '东方卫视', name_en: 'Dragon TV', classes: ['satellite'] },
  { key: 'hztv', number: 31, name: '杭州综合', name_en: 'Hangzhou TV', classes: ['local'] },
];

function guide(
  program: string,
  clock: DemoClock,
  slots: [string, string, string, string, string?][],
): DemoRow[] {
  return slots.map(([from, to, title, title_en, category]) => ({
    program_id: live(program),
    start: clock.at(0, from),
    stop: to === '24:00' ? clock.at(1, '00:00') : clock.at(0, to),
    title,
    title_en,
    category: category ?? null,
    source: program === 'hotel' ? 'manual' : 'xmltv',
  }));
}

export function mediaData(clock: DemoClock): DemoTable[] {
  const yogaKey = secret(24);
  return [
    {
      resource: 'media:source',
      rows: [
        {
          $key: 'headend',
          name: '前端机房 IPTV head-end',
          type: 'm3u_url',
          url: 'http://192.168.10.5/iptv/channels.m3u',
          xmltv_url: 'http://192.168.10.5/iptv/epg.xml',
          iface: 'eth1',
          sync_cron: '0 5 * * *',
        },
      ],
    },
    {
      resource: 'media:live_type',
      rows: [
        { $key: 'cctv', name: '央视', name_en: 'CCTV', code: 'cctv', sort: 0, icon: logo('class-cctv') },
        { $key: 'satellite', name: '卫视', name_en: 'Satellite', code: 'satellite', sort: 1 },
        { $key: 'news', name: '新闻', name_en: 'News', code: 'news', sort: 2 },
        { $key: 'sports', name: '体育', name_en: 'Sports', code: 'sports', sort: 3 },
        { $key: 'local', name: '本地', name_en: 'Local', code: 'local', sort: 4 },
        { $key: 'hotel', name: '酒店频道', name_en: 'Hotel channels', code: 'hotel', sort: 5 },
      ],
    },
    {
      resource: 'media:live',
      rows: [
        ...CHANNELS.map((c, i) => ({
          $key: c.key,
          number: c.number,
          name: c.name,
          name_en: c.name_en,
          category_ids: c.classes.map(cls),
          url: `udp://239.10.1.${c.number}:5000`,
          tvg_id: `${c.key.toUpperCase()}.cn`,
          type: 'multicast',
          catchup_days: c.catchup ?? 0,
          is_free: c.free === false ? 0 : 1,
          sort: i,
          logo: logo(c.key),
        })),
        {
          $key: 'hotel',
          number: 88,
          name: '湖畔酒店频道',
          name_en: 'Lakeside Hotel Channel',
          category_ids: [cls('hotel')],
          url: 'http://192.168.10.1/hls/hotel/index.m3u8',
          tvg_id: 'LAKESIDE.hotel',
          type: 'hls',
          sort: 20,
          logo: logo('hotel'),
        },
        {
          $key: 'lobbycam',
          number: 90,
          name: '大堂实景',
          name_en: 'Lobby live view',
          category_ids: [cls('hotel')],
          url: 'rtsp://192.168.10.2:554/proxy/lobby',
          type: 'camera',
          sort: 21,
        },
        {
          $key: 'cinema',
          number: 99,
          name: '湖畔影院',
          name_en: 'Lakeside Cinema',
          category_ids: [cls('hotel')],
          url: 'udp://239.10.9.1:5000',
          type: 'rotation',
          sort: 22,
        },
      ],
    },
    {
      resource: 'media:collect_programs',
      rows: CHANNELS.slice(0, 4).map((c, i) => ({
        source_id: ref('media:source', 'headend'),
        name: c.name,
        tvg_id: `${c.key.toUpperCase()}.cn`,
        tvg_name: c.name_en,
        group_title: c.classes[0] === 'cctv' ? '央视' : '体育',
        tvg_chno: c.number,
        url: `udp://239.10.1.${c.number}:5000`,
        imported_program_id: live(c.key),
        ignored: i === 3 ? 1 : 0,
      })),
    },
    {
      resource: 'media:video_type',
      rows: [
        { $key: 'movies', name: '电影', name_en: 'Movies', sort: 0, poster: poster('class-movies') },
        { $key: 'animation', name: '动画', name_en: 'Animation', parent_id: filmType('movies'), sort: 1 },
        {
          $key: 'classics',
          name: '经典默片',
          name_en: 'Silent classics',
          parent_id: filmType('movies'),
          sort: 2,
        },
        { $key: 'drama', name: '剧情', name_en: 'Drama', parent_id: filmType('movies'), sort: 3 },
        { $key: 'documentary', name: '纪录片', name_en: 'Documentary', sort: 4 },
      ],
    },
    {
      resource: 'media:live_package',
      rows: [
        {
          $key: 'basic',
          name: '基础套餐 Basic',
          code: 'BASIC',
          kind: 'live',
          program_ids: [
            'cctv1',
            'cctv2',
            'cctv5',
            'cctv13',
            'cgtn',
            'zjtv',
            'hntv',
            'dftv',
            'hztv',
            'hotel',
            'lobbycam',
            'cinema',
          ].map(live),
          price: 0,
          period_days: 3650,
          is_default: 1,
          description: '入住即享的全部免费频道。Every free channel, granted at check-in.',
        },
        {
          $key: 'sports',
          name: '体育赛事包 Sports pass',
          code: 'SPORTS',
          kind: 'live',
          program_ids: [live('cctv5'), live('cctv5p')],
          price: 2800,
          period_days: 1,
          description: 'CCTV-5+ 赛事直播，按天计费。Live events on CCTV-5+, per day.',
        },
        {
          $key: 'cinema',
          name: '影院畅看 Cinema pass',
          code: 'CINEMA',
          kind: 'vod',
          price: 3800,
          period_days: 1,
          film_category_ids: [filmType('movies'), filmType('documentary')],
          description: '全部点播影片，按天计费。All films on demand, per day.',
        },
      ],
    },
    {
      resource: 'media:epg',
      rows: [
        ...guide('cctv1', clock, [
          ['06:00', '09:00', '朝闻天下', 'Morning News', 'news'],
          ['09:00', '12:00', '电视剧', 'TV series', 'drama'],
          ['12:00', '12:35', '新闻30分', 'News 30', 'news'],
          ['12:35', '19:00', '电视剧', 'TV series', 'drama'],
          ['19:00', '19:30', '新闻联播', 'Xinwen Lianbo', 'news'],
          ['19:30', '22:00', '黄金剧场', 'Prime-time drama', 'drama'],
          ['22:00', '24:00', '晚间新闻', 'Evening News', 'news'],
        ]),
        ...guide('cctv13', clock, [
          ['06:00', '09:00', '朝闻天下', 'Morning News', 'news'],
          ['09:00', '12:00', '新闻直播间', 'News Live', 'news'],
          ['12:00', '13:00', '新闻30分', 'News 30', 'news'],
          ['13:00', '24:00', '新闻直播间', 'News Live', 'news'],
        ]),
        ...guide('hotel', clock, [
          ['00:00', '12:00', '酒店介绍', 'Welcome to Lakeside', 'hotel'],
          ['12:00', '18:00', '西湖导览', 'West Lake guide', 'travel'],
          ['18:00', '24:00', '湖景餐厅今日推荐', 'Tonight at the Lakeside Restaurant', 'hotel'],
        ]),
      ],
    },
    { resource: 'media:video', rows: films() },
    {
      resource: 'media:rotation',
      rows: [
        {
          name: '湖畔影院轮播 Lakeside Cinema loop',
          channel_number: 99,
          film_ids: [film('bbb'), film('sintel'), film('tos'), film('general')],
          loop: 1,
          daily_from: '08:00',
          daily_to: '23:59',
          output: 'udp_multicast',
          multicast_addr: 'udp://239.10.9.1:5000',
        },
      ],
    },
    {
      resource: 'media:broadcast',
      rows: [
        {
          $key: 'yoga',
          title: '晨间瑜伽 Morning yoga by the lake',
          cover: poster('broadcast-yoga'),
          presenter: 'Lina',
          category_id: cls('hotel'),
          start_at: clock.at(1, '07:00'),
          end_at: clock.at(1, '07:45'),
          stream_key: yogaKey,
          push_url: `rtmp://192.168.10.1:1935/live/${yogaKey}`,
          play_url: 'http://192.168.10.1/hls/yoga/index.m3u8',
          state: 'scheduled',
          record: 1,
          area_ids: [area('tower')],
        },
      ],
    },
    {
      resource: 'media:plaza',
      rows: [
        {
          slot: 1,
          target_type: 'live',
          target_id: live('cctv1'),
          title: 'CCTV-1',
          sort: 0,
          poster: poster('plaza-cctv1'),
        },
        { slot: 2, target_type: 'live', target_id: live('hotel'), title: '酒店频道 Hotel channel', sort: 1 },
        { slot: 3, target_type: 'film', target_id: film('bbb'), title: 'Big Buck Bunny', sort: 2 },
        {
          slot: 4,
          target_type: 'broadcast',
          target_id: ref('media:broadcast', 'yoga'),
          title: '晨间瑜伽 Yoga',
          sort: 3,
          start_at: clock.at(0, '00:00'),
          end_at: clock.at(1, '08:00'),
        },
        { slot: 5, target_type: 'rotation', target_id: live('cinema'), title: '湖畔影院 Cinema', sort: 4 },
      ],
    },
    {
      resource: 'media:camera',
      rows: [
        {
          $key: 'lobby',
          name: '大堂全景 Lobby',
          type: 'gb28181',
          gb_channel_id: ref('video:gb_channel', 'lobby'),
          area_id: area('lobby'),
          as_channel: 1,
          channel_number: 90,
        },
        {
          $key: 'parking',
          name: '停车场入口 Parking entrance',
          type: 'gb28181',
          gb_channel_id: ref('video:gb_channel', 'parking'),
          area_id: area('parking'),
        },
        {
          $key: 'pool',
          name: '泳池 Pool deck',
          type: 'rtsp',
          rtsp_url: 'rtsp://192.168.20.34:554/Streaming/Channels/101',
          username: 'viewer',
          password: secret(12),
          area_id: area('pool'),
          visible_area_ids: [area('lobby')],
        },
      ],
    },
    {
      resource: 'media:sleep_music',
      rows: [
        ['细雨 Gentle rain', 'nature'],
        ['湖畔夜晚 Lakeside night', 'nature'],
        ['白噪音 White noise', 'white_noise'],
        ['十分钟冥想 Ten-minute meditation', 'meditation'],
        ['钢琴小品 Piano miniatures', 'light_music'],
        ['摇篮曲 Lullaby', 'lullaby'],
      ].map(([title, category], i) => ({
        title,
        artist: 'Lakeside Audio',
        category,
        file: file('audio', `sleep-${i + 1}.wav`, { seconds: 3 }),
        duration_s: 3,
        cover: poster(`sleep-${category}`),
        sort: i,
      })),
    },
    {
      resource: 'media:self_media',
      rows: [
        {
          title: '西湖十景漫步路线 A walk through the Ten Views of West Lake',
          kind: 'article',
          cover: poster('post-westlake'),
          content:
            '<h2>半日漫步</h2><p>从酒店出发，沿<strong>北山街</strong>步行至断桥，约 20 分钟。</p><ul><li>断桥残雪</li><li>平湖秋月</li><li>苏堤春晓</li></ul><p>Ask the concierge (dial <a href="tel:8001">8001</a>) for a printed map.</p>',
          author: '礼宾部 Concierge',
          area_ids: [],
          publish_at: clock.at(-3, '10:00'),
          audit_state: 'approved',
          views: 128,
        },
        {
          title: '本周湖景餐厅菜单 This week at the Lakeside Restaurant',
          kind: 'gallery',
          cover: poster('post-menu'),
          content:
            '<p>龙井虾仁、西湖醋鱼、东坡肉。<em>Longjing shrimp, West Lake fish, Dongpo pork.</em></p>',
          media: [poster('dish-shrimp'), poster('dish-fish'), poster('dish-pork')],
          author: '湖景餐厅 Restaurant',
          publish_at: clock.at(-1, '09:00'),
          audit_state: 'pending',
          views: 0,
        },
      ],
    },
    {
      resource: 'media:user_package',
      rows: [
        {
          target_type: 'area',
          target_id: area('1501'),
          package_id: ref('media:live_package', 'sports'),
          start_at: clock.at(0, '12:00'),
          end_at: clock.at(1, '12:00'),
          source: 'order',
          state: 'active',
        },
        {
          target_type: 'area',
          target_id: area('1102'),
          package_id: ref('media:live_package', 'cinema'),
          start_at: clock.at(-1, '20:00'),
          end_at: clock.at(0, '20:00'),
          source: 'pms',
          state: 'active',
        },
        {
          target_type: 'area',
          target_id: area('1003'),
          package_id: ref('media:live_package', 'cinema'),
          start_at: clock.at(-5, '19:00'),
          end_at: clock.at(-4, '19:00'),
          source: 'manual',
          state: 'expired',
        },
      ],
    },
  ];
}

/** Open films (Blender Foundation, CC BY) and public-domain classics, described as they are. */
function films(): DemoRow[] {
  const f = (
    key: string,
    title: string,
    title_en: string,
    classes: string[],
    year: number,
    region: string,
    director: string,
    actors: string,
    description: string,
    duration_s: number,
    price = 0,
  ): DemoRow => ({
    $key: key,
    title,
    title_en,
    category_ids: classes.map(filmType),
    kind: 'movie',
    year,
    region,
    language: region === 'Germany' ? 'German' : 'English',
    director,
    actors,
    description,
    poster: poster(`film-${key}`),
    duration_s,
    resolution: year > 2000 ? '1920x1080' : '720x540',
    price,
    audit_state: 'approved',
  });
  return [
    f(
      'bbb',
      '大雄兔',
      'Big Buck Bunny',
      ['movies', 'animation'],
      2008,
      'Netherlands',
      'Sacha Goedegebure',
      '',
      'A giant rabbit takes on three bullying rodents. An open movie by the Blender Foundation.',
      596,
    ),
    f(
      'sintel',
      '辛特尔',
      'Sintel',
      ['movies', 'animation'],
      2010,
      'Netherlands',
      'Colin Levy',
      '',
      'A young woman searches for the baby dragon she raised. An open movie by the Blender Foundation.',
      888,
    ),
    f(
      'tos',
      '钢铁之泪',
      'Tears of Steel',
      ['movies'],
      2012,
      'Netherlands',
      'Ian Hubert',
      '',
      'Science fiction in Amsterdam. An open movie by the Blender Foundation.',
      734,
    ),
    f(
      'general',
      '将军号',
      'The General',
      ['movies', 'classics'],
      1926,
      'USA',
      'Buster Keaton, Clyde Bruckman',
      'Buster Keaton',
      'A train engineer chases his stolen locomotive. A silent comedy in the public domain.',
      4620,
      500,
    ),
    f(
      'metropolis',
      '大都会',
      'Metropolis',
      ['movies', 'classics'],
      1927,
      'Germany',
      'Fritz Lang',
      'Brigitte Helm',
      'A silent science-fiction epic of a divided city.',
      9180,
      500,
    ),
    f(
      'charade',
      '谜中谜',
      'Charade',
      ['movies', 'drama'],
      1963,
      'USA',
      'Stanley Donen',
      'Cary Grant, Audrey Hepburn',
      'A widow in Paris is pursued for a fortune her husband stole.',
      6780,
      800,
    ),
    f(
      'nanook',
      '北方的纳努克',
      'Nanook of the North',
      ['documentary'],
      1922,
      'USA',
      'Robert J. Flaherty',
      '',
      'An early feature documentary of life in the Canadian Arctic.',
      4740,
    ),
  ];
}
