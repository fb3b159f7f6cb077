import type { DemoClock, DemoTable } from '../model.ts';
import { file, fileFact, ref } from '../model.ts';
import { area } from './areas.ts';
import { live } from './media.ts';
import { terminal } from './smart.ts';

/**
 * Advertising on the TVs: three approved images and one awaiting review, a boot screen, the
 * home-page banner, a corner logo on the sports channels and a scrolling notice, each scheduled
 * around today.
 */
const material = (key: string) => ref('advertising:resource', key);

const IMAGES: { key: string; name: string; width: number; height: number; tags: string[]; audit: string }[] =
  [
    {
      key: 'spring',
      name: '春季菜单 Spring menu banner',
      width: 1280,
      height: 360,
      tags: ['dining'],
      audit: 'approved',
    },
    {
      key: 'spa',
      name: '水疗中心 Spa offer',
      width: 1280,
      height: 720,
      tags: ['spa', 'offer'],
      audit: 'approved',
    },
    {
      key: 'logo',
      name: '酒店角标 Hotel corner logo',
      width: 160,
      height: 90,
      tags: ['brand'],
      audit: 'approved',
    },
    {
      key: 'autumn',
      name: '秋季促销 Autumn promotion',
      width: 1280,
      height: 720,
      tags: ['offer'],
      audit: 'pending',
    },
  ];

export function advertData(clock: DemoClock): DemoTable[] {
  const week = { start_at: clock.at(-7, '00:00'), end_at: clock.at(30, '23:59') };
  return [
    {
      resource: 'advertising:resource',
      rows: IMAGES.map((m) => {
        const image = file('image', `ad-${m.key}.png`, { width: m.width, height: m.height });
        return {
          $key: m.key,
          name: m.name,
          kind: 'image',
          file: image,
          width: fileFact(image, 'width'),
          height: fileFact(image, 'height'),
          size: fileFact(image, 'size'),
          sha256: fileFact(image, 'sha256'),
          tags: m.tags,
          audit_state: m.audit,
        };
      }),
    },
    {
      resource: 'advertising:boot',
      rows: [
        {
          name: '开机欢迎 Boot welcome',
          material_id: material('spa'),
          show_s: 5,
          skip_after_s: 3,
          ...week,
          priority: 60,
        },
      ],
    },
    {
      resource: 'advertising:main',
      rows: [
        {
          name: '首页横幅 Home banner',
          position: 'banner',
          items: [
            { material_id: material('spring'), duration_s: 6, link_type: 'goods', link_target: 'dining' },
            { material_id: material('spa'), duration_s: 6, link_type: 'intro', link_target: 'facilities' },
          ],
          ...week,
          time_from: '06:00',
          time_to: '23:00',
          priority: 50,
        },
      ],
    },
    {
      resource: 'advertising:live',
      rows: [
        {
          name: '体育频道角标 Sports corner logo',
          kind: 'corner',
          material_id: material('logo'),
          corner: 'tr',
          size_pct: 10,
          show_s: 30,
          interval_min: 15,
          program_ids: [live('cctv5'), live('cctv5p')],
          ...week,
        },
      ],
    },
    {
      resource: 'advertising:text',
      rows: [
        {
          content: '湖景餐厅自助晚餐 17:30–21:00，住店客人八五折。',
          content_en: 'Dinner buffet at the Lakeside Restaurant 17:30–21:00: 15% off for hotel guests.',
          position: 'bottom',
          font_size: 28,
          speed: 'normal',
          repeat: 3,
          ...week,
          time_from: '16:00',
          time_to: '20:30',
          area_ids: [area('tower')],
        },
        {
          content: '泳池今日维护，暂停开放。',
          content_en: 'The pool is closed today for maintenance.',
          position: 'top',
          color: '#FFEB3B',
          bg_color: '#B71C1C',
          speed: 'slow',
          start_at: clock.at(0, '00:00'),
          end_at: clock.at(0, '23:59'),
          priority: 90,
          terminal_ids: [terminal('1501'), terminal('1502')],
          enabled: 0,
        },
      ],
    },
  ];
}
