import type { DemoClock, DemoTable } from '../model.ts';
import { file, ref } from '../model.ts';
import { area, GUEST_FLOORS } from './areas.ts';

/**
 * TR-069: the optical network terminals of each guest floor and the conference centre, a
 * provisioning template with a firmware target, the firmware file, and a weekly reboot plan.
 * Device rows hold the CPEs' identity and the hotel's own tags, template, area and remark.
 */
export const OUI = '00259E';
export const PRODUCT = 'HG8245H';

/** An optical network terminal of the demo and what it says in its Informs when simulated. */
export interface DemoCpe {
  area: string;
  tag: string;
  serial: string;
  n: number;
  softwareVersion: string;
  /** The WAN address it reports (ExternalIPAddress) and its MAC. */
  ip: string;
  mac: string;
  /** The conference centre's ONT is switched off: nothing informs for it. */
  simulated: boolean;
}

export const DEMO_CPES: readonly DemoCpe[] = [
  ...GUEST_FLOORS.map((floor, i) => ({
    area: `${floor}F`,
    tag: `floor${floor}`,
    serial: `4857544300A1B2${10 + i}`,
    n: i,
  })),
  { area: 'annex', tag: 'conference', serial: '4857544300A1B2C0', n: 4 },
].map((d) => ({
  ...d,
  // The 15th floor's ONT still runs the old build (see its remark).
  softwareVersion: d.n === 3 ? 'V3R017C10S120' : 'V3R017C10S215',
  ip: `10.64.0.${11 + d.n}`,
  mac: `00:25:9e:a1:b2:${(0x10 + d.n).toString(16)}`,
  simulated: d.n !== 4,
}));

export const CPE_FACTS = {
  manufacturer: 'Huawei Technologies Co., Ltd',
  model: PRODUCT,
  hardwareVersion: '27C7.A',
};

export function tr069Data(_clock: DemoClock): DemoTable[] {
  return [
    {
      resource: 'tr069:file',
      rows: [
        {
          $key: 'fw',
          name: 'HG8245H V3R017C10S215',
          file_type: '1 Firmware Upgrade Image',
          oui: OUI,
          product_class: PRODUCT,
          version: 'V3R017C10S215',
          file: file('firmware', 'HG8245H-V3R017C10S215.bin.gz'),
        },
      ],
    },
    {
      resource: 'tr069:template',
      rows: [
        {
          $key: 'ont',
          name: 'Floor ONT baseline',
          match_oui: OUI,
          match_product_class: PRODUCT,
          events: ['0 BOOTSTRAP', '1 BOOT'],
          weight: 10,
          params: [
            {
              path: 'InternetGatewayDevice.ManagementServer.PeriodicInformInterval',
              value: '300',
              type: 'xsd:unsignedInt',
            },
            { path: 'InternetGatewayDevice.Time.NTPServer1', value: '192.168.10.1', type: 'xsd:string' },
            {
              path: 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.Enable',
              value: 'false',
              type: 'xsd:boolean',
            },
          ],
          firmware_file_id: ref('tr069:file', 'fw'),
          target_sw_version: 'V3R017C10S215',
        },
      ],
    },
    {
      // The CPEs as the ACS first registered them (their identity) with the hotel's tags, template,
      // area and remark. Versions, addresses and whether a CPE is online are what its Informs
      // report (cwmp/acs.ts): they start out empty and the demo's simulator fills them.
      resource: 'tr069:device',
      rows: DEMO_CPES.map((d) => ({
        device_id: `${OUI}-${PRODUCT}-${d.serial}`,
        oui: OUI,
        product_class: PRODUCT,
        serial_number: d.serial,
        tags: [d.tag],
        template_id: ref('tr069:template', 'ont'),
        area_id: area(d.area),
        remark: d.n === 3 ? 'Runs V3R017C10S120, older than the template target V3R017C10S215' : null,
      })),
    },
    {
      resource: 'tr069:timed_reboot',
      rows: [
        {
          name: '客房楼层 ONT 每周重启 Weekly ONT reboot',
          target_type: 'tag',
          target_ids: GUEST_FLOORS.map((f) => `floor${f}`),
          cron: '0 4 * * 2',
          stagger_s: 300,
        },
      ],
    },
  ];
}
