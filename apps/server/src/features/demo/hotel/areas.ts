import type { DemoClock, DemoRow, DemoTable } from '../model.ts';
import { ref } from '../model.ts';

/**
 * The demo hotel, 湖畔酒店 Lakeside Hotel: one tower whose guest floors are 10, 11, 12 and 15
 * (no 13th or 14th floor, as is common), five rooms a floor, plus the public zones. Room codes are
 * the room numbers, which are also the rooms' phone extensions (voice.ts) and the PMS join key.
 */
export const GUEST_FLOORS = [10, 11, 12, 15] as const;
export const ROOMS_PER_FLOOR = 5;

/** Every guest room number: 1001…1005, 1101…, 1201…, 1501…1505. */
export const ROOMS: readonly string[] = GUEST_FLOORS.flatMap((floor) =>
  Array.from({ length: ROOMS_PER_FLOOR }, (_, i) => `${floor}${String(i + 1).padStart(2, '0')}`),
);

export const area = (key: string) => ref('system:region', key);

/** Room type by position on the floor: the corner rooms (01 and 05) are suites on 15F. */
export function roomType(room: string): { zh: string; en: string } {
  const floor = room.slice(0, 2);
  const pos = room.slice(2);
  if (floor === '15' && (pos === '01' || pos === '05')) return { zh: '行政套房', en: 'Executive suite' };
  return Number(pos) % 2 ? { zh: '豪华大床房', en: 'Deluxe king' } : { zh: '豪华双床房', en: 'Deluxe twin' };
}

export function areaData(_clock: DemoClock): DemoTable[] {
  const floors: DemoRow[] = GUEST_FLOORS.map((floor, i) => ({
    $key: `${floor}F`,
    name: `${floor}F`,
    type: 'floor',
    parent_id: area('tower'),
    code: `T-${floor}F`,
    sort: i + 2,
  }));
  const rooms: DemoRow[] = ROOMS.map((room, i) => ({
    $key: room,
    name: room,
    type: 'room',
    parent_id: area(`${room.slice(0, 2)}F`),
    code: room,
    sort: i,
  }));
  return [
    {
      resource: 'system:region',
      rows: [
        { $key: 'tower', name: '主楼', type: 'building', code: 'T', sort: 0 },
        { $key: 'lobby', name: '大堂', type: 'zone', parent_id: area('tower'), code: 'T-LOBBY', sort: 0 },
        {
          $key: 'restaurant',
          name: '湖景餐厅',
          type: 'zone',
          parent_id: area('tower'),
          code: 'T-REST',
          sort: 1,
        },
        ...floors,
        { $key: 'annex', name: '会议中心', type: 'building', code: 'C', sort: 1 },
        {
          $key: 'ballroom',
          name: '宴会厅',
          type: 'zone',
          parent_id: area('annex'),
          code: 'C-BALL',
          sort: 0,
        },
        { $key: 'pool', name: '室外泳池', type: 'zone', code: 'POOL', sort: 2 },
        { $key: 'parking', name: '地下停车场', type: 'zone', code: 'B1-PARK', sort: 3 },
        ...rooms,
      ],
    },
  ];
}
