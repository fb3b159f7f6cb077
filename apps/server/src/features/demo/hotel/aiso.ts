import type { DemoClock, DemoTable } from '../model.ts';
import { file, ref } from '../model.ts';
import { area } from './areas.ts';
import { ext, HELP_PHONES } from './voice.ts';

/**
 * Safety: the help phones as SOS points (each tied to a camera where there is one), the rule
 * that starts the SOS preplan, yesterday's alarms, a night patrol route and its records.
 */
const CAMERA_OF: Record<string, string> = { lobby: 'lobby', parking: 'parking', pool: 'pool' };

export function aisoData(clock: DemoClock): DemoTable[] {
  return [
    {
      resource: 'aiso:phone',
      rows: HELP_PHONES.map((p, i) => ({
        name: p.name,
        extension_id: ext(p.number),
        device_type: i === 0 ? 'pillar' : 'wall_sos',
        area_id: area(p.area),
        plan_id: ref('voice:preplan', 'sos'),
        camera_id: ref('media:camera', CAMERA_OF[p.area]!),
        auto_answer: 1,
        last_alarm_at: i === 1 ? clock.at(-2, '23:42') : null,
      })),
    },
    {
      resource: 'aiso:alarm_rule',
      rows: [
        {
          name: '求助电话 SOS calls',
          source: 'sos_call',
          source_ids: [],
          area_ids: [],
          plan_id: ref('voice:preplan', 'sos'),
          cooldown_s: 60,
        },
        {
          name: '夜间巡更漏检 Missed patrol checkpoint',
          source: 'patrol_missed',
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          time_from: '22:00',
          time_to: '06:00',
          plan_id: ref('voice:preplan', 'sos'),
          cooldown_s: 600,
        },
      ],
    },
    {
      resource: 'aiso:alarm_event',
      rows: [
        {
          time: clock.at(-2, '23:42'),
          source: 'sos_call',
          area: '地下停车场 B1 parking',
          detail: 'SOS call from 8502, answered by 8400 after 9 s',
          state: 'closed',
          handled_by: 'security',
          note: '车辆无法启动，已协助联系救援。A guest car would not start; towing arranged.',
        },
        {
          time: clock.at(-1, '02:10'),
          source: 'patrol_missed',
          area: '室外泳池 Pool',
          detail: 'Checkpoint 8503 not confirmed within 10 min',
          state: 'acknowledged',
          handled_by: 'security',
        },
      ],
    },
    {
      resource: 'aiso:multi_party',
      rows: [
        {
          name: '停车场事件协调 Parking incident',
          moderator_ext: ext('8400'),
          participants: ['8000', '8502', '8888'],
          record: 1,
          state: 'ended',
          started_at: clock.at(-2, '23:45'),
          ended_at: clock.at(-2, '23:58'),
        },
      ],
    },
    {
      resource: 'aiso:patrol',
      rows: [
        {
          name: '夜间巡更 Night patrol',
          checkpoints: HELP_PHONES.map((p) => ({
            extension: p.number,
            area_id: area(p.area),
            window_min: 10,
          })),
          times: ['22:00', '02:00', '05:00'],
          confirm_key: '1',
          sound: file('audio', 'patrol-prompt.wav', { seconds: 2 }),
        },
      ],
    },
    {
      resource: 'aiso:patrol_record',
      rows: [
        ['8501', '22:00', '22:03', 'confirmed', -2],
        ['8502', '22:00', '22:06', 'confirmed', -2],
        ['8503', '22:00', '22:08', 'confirmed', -2],
        ['8501', '02:00', '02:02', 'confirmed', -1],
        ['8502', '02:00', '02:05', 'wrong_key', -1],
        ['8503', '02:00', null, 'no_answer', -1],
      ].map(([checkpoint, due, answered, result, day]) => ({
        route: '夜间巡更 Night patrol',
        checkpoint: String(checkpoint),
        due_at: clock.at(Number(day), String(due)),
        answered_at: answered ? clock.at(Number(day), String(answered)) : null,
        result,
      })),
    },
  ];
}
