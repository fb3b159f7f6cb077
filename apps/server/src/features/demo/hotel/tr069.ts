import type { DemoClock, DemoTable } from '../model.ts';
import { file, ref } from '../model.ts';
import { area, GUEST_FLOORS } from './areas.ts';

/**
 * TR-069: the optical network terminals of each guest floor and the conference centre, a
 * provisioning template with a firmware target, the firmware file, and a weekly reboot plan.
 * Device rows are what the CPEs reported in their informs; tags, template, area and remark are
 * the hotel's own.
 */
const OUI = '00259E';
const PRODUCT = 'HG8245H';

export function tr069Data(clock: DemoClock): DemoTable[] {
  const devices = [
    ...GUEST_FLOORS.map((floor, i) => ({
      area: `${floor}F`,
      tag: `floor${floor}`,
      serial: `4857544300A1B2${10 + i}`,
      n: i,
    })),
    { area: 'annex', tag: 'conference', serial: '4857544300A1B2C0', n: 4 },
  ];
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
      resource: 'tr069:device',
      rows: devices.map((d) => ({
        device_id: `${OUI}-${PRODUCT}-${d.serial}`,
        oui: OUI,
        product_class: PRODUCT,
        serial_number: d.serial,
        software_version: d.n === 3 ? 'V3R017C10S120' : 'V3R017C10S215',
        manufacturer: 'Huawei Technologies Co., Ltd',
        model: PRODUCT,
        hardware_version: '27C7.A',
        ip: `10.64.0.${11 + d.n}`,
        mac: `00:25:9e:a1:b2:${(0x10 + d.n).toString(16)}`,
        last_inform: clock.ago(d.n === 4 ? 60 * 30 : 2 + d.n),
        online: d.n === 4 ? 0 : 1,
        tags: [d.tag],
        template_id: ref('tr069:template', 'ont'),
        area_id: area(d.area),
        remark: d.n === 3 ? 'Firmware upgrade queued for the next inform' : null,
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
