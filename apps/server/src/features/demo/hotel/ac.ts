import type { DemoClock, DemoTable } from '../model.ts';
import { ref, refText, secret } from '../model.ts';
import { area, GUEST_FLOORS } from './areas.ts';

/**
 * Wi-Fi: three network templates (guests, staff with RADIUS, hidden IoT), ceiling APs on each
 * guest floor and in the lobby, an outdoor AP at the pool, firmware builds and a night reboot.
 */
const template = (key: string) => ref('ac:template', key);
const category = (key: string) => ref('ac:ap_category', key);

/** A locally administered MAC for the demo, from a small number. */
const mac = (n: number) =>
  `02:1a:2b:3c:${String(Math.floor(n / 256).toString(16)).padStart(2, '0')}:${(n % 256).toString(16).padStart(2, '0')}`;

/** An AP of the demo and what its agent reports when the demo's simulator runs it. */
export interface DemoAp {
  name: string;
  mac: string;
  area: string;
  category: 'ceiling' | 'outdoor';
  n: number;
  model: string;
  os: string;
  clients: number;
  /** The pool AP is down (its upgrade failed): no agent answers for it. */
  simulated: boolean;
}

export const DEMO_APS: readonly DemoAp[] = [
  ...GUEST_FLOORS.flatMap((floor, i) => [
    { name: `AP-${floor}F-E`, area: `${floor}F`, n: 10 + i * 2, clients: 6 + i },
    { name: `AP-${floor}F-W`, area: `${floor}F`, n: 11 + i * 2, clients: 3 + i },
  ]),
  { name: 'AP-LOBBY', area: 'lobby', n: 1, clients: 21 },
  { name: 'AP-RESTAURANT', area: 'restaurant', n: 2, clients: 9 },
]
  .map(
    (ap): DemoAp => ({
      ...ap,
      mac: mac(ap.n),
      category: 'ceiling' as const,
      model: 'AX3000 Ceiling',
      os: 'OpenWrt 23.05.3',
      simulated: true,
    }),
  )
  .concat({
    name: 'AP-POOL',
    area: 'pool',
    n: 3,
    mac: mac(3),
    category: 'outdoor',
    model: 'AX1800 Outdoor',
    os: 'OpenWrt 23.05.2',
    clients: 0,
    simulated: false,
  });

/** A station as the simulated agent reports it (ac/clients.ts Station). */
export interface DemoStation {
  mac: string;
  ip: string;
  hostname: string | null;
  ssid: string;
  band: '2g' | '5g';
  rssi: number;
  connected_s: number;
  rx_bytes: number;
  tx_bytes: number;
}

/** Guests' devices: the name a phone or laptop gives itself (none for some), and its band. */
const GUEST_DEVICES: readonly [string | null, '2g' | '5g'][] = [
  ['iPhone', '5g'],
  ['Galaxy-S23', '5g'],
  ['MacBook-Air', '5g'],
  ['HUAWEI-Mate-60', '5g'],
  [null, '5g'],
  ['iPad', '5g'],
  ['Kindle', '2g'],
  ['Xiaomi-14', '5g'],
  ['ThinkPad-X1', '5g'],
  [null, '2g'],
  ['OPPO-Reno11', '5g'],
  ['Pixel-8', '5g'],
];

const hex = (n: number) => (n % 256).toString(16).padStart(2, '0');

/**
 * The stations an AP's agent reports at its `round`-th poll (every `pollS` seconds): about its
 * `clients`, one guest coming and going between polls, each with a randomised (locally
 * administered) MAC as phones use, on the guest network (every fifth on the staff one, the
 * lobby's first two on the hidden IoT one), associated for a while and counting bytes.
 */
export function demoStations(ap: DemoAp, round: number, pollS: number): DemoStation[] {
  const count = Math.max(0, ap.clients + ((round + ap.mac.charCodeAt(ap.mac.length - 1)) % 3) - 1);
  return Array.from({ length: count }, (_, i): DemoStation => {
    const g = ap.n * 37 + i;
    const iot = ap.area === 'lobby' && i < 2;
    const staff = !iot && i % 5 === 4;
    const [name, band] = GUEST_DEVICES[g % GUEST_DEVICES.length]!;
    const connected = ((g * 397) % 7200) + 60 + round * pollS;
    const rate = 800 + (g % 40) * 450;
    return {
      mac: `${['da', '6e', 'a2', '3e'][g % 4]}:${hex(ap.n)}:${hex(i)}:${hex(g * 7)}:${hex(g * 13)}:${hex(g * 29)}`,
      ip: iot ? `10.30.0.${20 + i}` : staff ? `10.20.${ap.n}.${100 + i}` : `10.100.${ap.n}.${20 + i}`,
      hostname: iot ? `esp32-sensor-${i + 1}` : staff ? `staff-tablet-${ap.n}` : name,
      ssid: iot ? 'Lakeside-IoT' : staff ? 'Lakeside-Staff' : 'Lakeside-Guest',
      band: iot ? '2g' : staff ? '5g' : band,
      rssi: -42 - ((g * 11) % 38),
      connected_s: connected,
      rx_bytes: connected * rate,
      tx_bytes: Math.round(connected * rate * 0.18),
    };
  });
}

export function acData(clock: DemoClock): DemoTable[] {
  return [
    {
      resource: 'ac:template',
      rows: [
        {
          $key: 'guest',
          name: 'Guest Wi-Fi',
          type: 'generic',
          default: 1,
          ssid: 'Lakeside-Guest',
          band: 'dual',
          encryption: 'psk2+sae',
          key: secret(12),
          isolate: 1,
          vlan_id: 100,
          max_clients: 64,
          rate_limit_kbps: 51200,
        },
        {
          $key: 'staff',
          name: 'Staff',
          type: 'generic',
          required: 1,
          ssid: 'Lakeside-Staff',
          band: '5g',
          encryption: 'wpa2-eap',
          radius_server: '192.168.10.20',
          radius_secret: secret(16),
          vlan_id: 20,
        },
        {
          $key: 'iot',
          name: 'IoT devices',
          type: 'generic',
          ssid: 'Lakeside-IoT',
          band: '2g',
          encryption: 'psk2',
          key: secret(16),
          hidden: 1,
          vlan_id: 30,
        },
      ],
    },
    {
      resource: 'ac:ap_category',
      rows: [
        {
          $key: 'ceiling',
          name: '吸顶 AP Ceiling (indoor)',
          description: 'Wi-Fi 6 ceiling APs in corridors and public areas.',
          template_ids: [template('guest'), template('staff')],
        },
        {
          $key: 'outdoor',
          name: '室外 AP Outdoor',
          description: 'Weatherproof APs for the pool and the garden.',
          template_ids: [template('guest')],
        },
      ],
    },
    {
      // Model, system, address, clients and whether an AP is online are what its agent reports
      // when it polls (ac/agent.ts): they start out empty and the demo's simulator fills them.
      resource: 'ac:ap',
      rows: DEMO_APS.map((ap) => ({
        name: ap.name,
        mac: ap.mac,
        category_id: category(ap.category),
        area_id: area(ap.area),
        template_ids: ap.area === 'lobby' ? [template('iot')] : [],
        management_ip: `192.168.40.${ap.n}`,
        ...(ap.category === 'outdoor' ? { tx_power: '20' } : { channel_5g: ap.n % 2 ? '36' : '149' }),
      })),
    },
    {
      resource: 'ac:firmware',
      rows: [
        {
          category_id: category('ceiling'),
          version: '23.05.3',
          os: 'OpenWrt 23.05.3',
          changelog: 'Security fixes; 802.11r roaming between corridor APs.',
        },
        {
          category_id: category('outdoor'),
          version: '23.05.3',
          os: 'OpenWrt 23.05.3',
          changelog: 'Security fixes.',
        },
      ],
    },
    {
      // As the upgrade and cancel calls leave it: the pool AP's upgrade was queued, then cancelled
      // because the AP is down (its agent never polled for it).
      resource: 'ac:upgrade',
      rows: [
        {
          ap: 'AP-POOL',
          image: '23.05.3',
          state: 'cancelled',
          progress: 0,
          log: `${clock.at(-1, '10:12')} queued by admin: waiting for the AP agent's next poll\n${clock.at(-1, '16:40')} cancelled by admin`,
        },
      ],
    },
    {
      resource: 'ac:timed_reboot',
      rows: [
        {
          name: '每周凌晨重启 Weekly night reboot',
          target_type: 'all',
          cron: '30 4 * * 1',
          stagger_s: 120,
        },
        {
          name: '室外 AP 每日重启 Outdoor daily reboot',
          target_type: 'category',
          target_ids: [refText('ac:ap_category', 'outdoor')],
          cron: '0 5 * * *',
          stagger_s: 0,
          enabled: 0,
        },
      ],
    },
  ];
}
