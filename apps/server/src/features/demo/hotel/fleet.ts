import { OUI, PRODUCT } from './tr069.ts';

/**
 * The demo's fleet (operations mode): two customers, a hotel group and a hospital group, and four
 * sites of the registry with their own set-top boxes, access points and optical network terminals,
 * so that the operations home and the site pickers show real sites. The demo hotel itself stays
 * the gateway's own data (site 0, full mode). Sites get their ids from the registry when stored;
 * each site's devices are written to that id.
 */

export interface DemoCustomer {
  key: string;
  name: string;
  contact: string;
}

export interface DemoSite {
  key: string;
  name: string;
  /** The owning customer's key; none for an independent site. */
  customer: string | null;
  address: string;
  time_zone: string;
  contact: string;
  /** Room (or bed) labels, one set-top box each; the last one waits for authorisation. */
  rooms: readonly string[];
  /** Access points, by host name (letters, digits and hyphens, as the AP list requires). */
  aps: readonly string[];
  /** Optical network terminals (one per building or floor block). */
  onts: number;
  /** A byte that keeps this site's MACs and serials apart from every other's. */
  n: number;
}

export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  { key: 'lakeside', name: '湖畔酒店集团 Lakeside Hotels', contact: '王敏 Wang Min 138 0571 2200' },
  { key: 'kangning', name: '康宁医疗 Kangning Healthcare', contact: '陈医生 Dr. Chen 139 2100 3300' },
];

export const DEMO_SITES: readonly DemoSite[] = [
  {
    key: 'westlake',
    name: '湖畔酒店·西湖店 Lakeside West Lake',
    customer: 'lakeside',
    address: '杭州市西湖区北山街 88 号 88 Beishan Street, Hangzhou',
    time_zone: 'Asia/Shanghai',
    contact: '前台 Front desk 0571 8799 0000',
    rooms: ['801', '802', '803', '805', '806', '901'],
    aps: ['AP-8F', 'AP-9F', 'AP-LOBBY'],
    onts: 2,
    n: 0x11,
  },
  {
    key: 'jinjilake',
    name: '湖畔酒店·金鸡湖店 Lakeside Jinji Lake',
    customer: 'lakeside',
    address: '苏州工业园区星港街 199 号 199 Xinggang Street, Suzhou',
    time_zone: 'Asia/Shanghai',
    contact: '前台 Front desk 0512 6288 0000',
    rooms: ['1601', '1602', '1603', '1605'],
    aps: ['AP-16F', 'AP-BALLROOM'],
    onts: 1,
    n: 0x12,
  },
  {
    key: 'inpatient',
    name: '康宁医院·住院楼 Kangning Hospital Inpatient',
    customer: 'kangning',
    address: '上海市徐汇区宛平南路 600 号 600 Wanping South Road, Shanghai',
    time_zone: 'Asia/Shanghai',
    contact: '信息科 IT office 021 6438 0000',
    rooms: ['3A-01', '3A-02', '3A-03', '3B-01', '3B-02'],
    aps: ['AP-3A-NURSES', 'AP-3B-NURSES'],
    onts: 1,
    n: 0x13,
  },
  {
    key: 'yunqi',
    name: '云栖度假村 Yunqi Resort',
    customer: null,
    address: '杭州市西湖区云栖路 9 号 9 Yunqi Road, Hangzhou',
    time_zone: 'Asia/Shanghai',
    contact: '礼宾部 Concierge 0571 8600 0000',
    rooms: ['V01', 'V02', 'V03'],
    aps: ['AP-VILLAS'],
    onts: 1,
    n: 0x14,
  },
];

const hex = (n: number) => n.toString(16).padStart(2, '0');

/** The records of one site, as the seeder stores them (resource name and body, in order). */
export function siteRecords(site: DemoSite): { resource: string; rows: Record<string, unknown>[] }[] {
  const tag = site.key.toUpperCase().slice(0, 4);
  return [
    {
      resource: 'index:app_list',
      rows: site.rooms.map((room, i) => {
        const last = i === site.rooms.length - 1;
        return {
          mac: `02:5e:61:${hex(site.n)}:00:${hex(i + 1)}`,
          sn: `${tag}24${String(i + 1).padStart(4, '0')}`,
          ...(last
            ? { state: 'pending', remark: 'New box waiting for authorisation 新终端待授权' }
            : { name: `TV-${room}`, state: 'authorized' }),
        };
      }),
    },
    { resource: 'ac:ap_category', rows: [{ name: '吸顶 AP Ceiling' }] },
    {
      resource: 'ac:ap',
      rows: site.aps.map((name, i) => ({
        name,
        mac: `02:5e:62:${hex(site.n)}:00:${hex(i + 1)}`,
        // Filled in by the seeder: the category just stored at this site.
        category_id: null,
      })),
    },
    {
      resource: 'tr069:device',
      rows: Array.from({ length: site.onts }, (_, i) => {
        const serial = `48575443${hex(site.n).toUpperCase()}${String(i + 1).padStart(6, '0')}`;
        return {
          device_id: `${OUI}-${PRODUCT}-${serial}`,
          oui: OUI,
          product_class: PRODUCT,
          serial_number: serial,
        };
      }),
    },
  ];
}
