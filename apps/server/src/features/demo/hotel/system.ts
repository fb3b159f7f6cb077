import type { DemoClock, DemoTable } from '../model.ts';
import { file, fileFact, ref } from '../model.ts';

/**
 * System records: fixed addresses for the office devices, local host names, the PMS link (not
 * connected in a demo), holiday themes, the resource-audit queue, scheduled jobs and two links.
 */
export function systemData(clock: DemoClock): DemoTable[] {
  const year = new Date(clock.now).getFullYear();
  // The next National Day week that has not ended yet.
  const nationalYear = clock.day(0) > `${year}-10-07` ? year + 1 : year;
  return [
    {
      resource: 'system:external_link',
      rows: [
        { title: '酒店官网', title_en: 'Hotel website', url: 'https://www.lakeside-hotel.example/', sort: 0 },
        {
          title: 'PMS 后台',
          title_en: 'PMS back office',
          url: 'https://pms.lakeside-hotel.example/',
          sort: 1,
          role_ids: [],
        },
      ],
    },
    {
      resource: 'system:dhcp_host',
      // Static leases must lie in the DHCP subnet, which comes from the LAN interface of the
      // network settings: the demo makes one (configure.ts) where the host has an Ethernet
      // interface and its network settings were never saved.
      dependsOn: 'static DHCP leases need a LAN interface under Network card settings',
      rows: [
        {
          mac: '02:10:00:00:00:21',
          ip: '192.168.10.21',
          hostname: 'frontdesk-pc1',
          description: '总台电脑 Front desk PC',
        },
        {
          mac: '02:10:00:00:00:22',
          ip: '192.168.10.22',
          hostname: 'frontdesk-printer',
          description: '总台打印机 Front desk printer',
        },
        { mac: '02:10:00:00:00:50', ip: '192.168.10.50', hostname: 'pms-server', description: 'PMS server' },
      ],
    },
    {
      resource: 'system:dns_host',
      rows: [
        { host: 'iptv.lakeside.lan', ip: '192.168.10.1', description: 'Channel lists and EPG for the boxes' },
        { host: 'acs.lakeside.lan', ip: '192.168.10.1', description: 'TR-069 ACS' },
        { host: 'pms.lakeside.lan', ip: '192.168.10.50', description: 'PMS server' },
      ],
    },
    {
      resource: 'system:outreach',
      rows: [
        {
          name: 'Opera PMS (FIAS)',
          type: 'fias',
          host: '192.168.10.50',
          port: 5010,
          enabled: 0,
        },
      ],
    },
    {
      resource: 'festival:index',
      rows: [
        {
          name: `国庆 ${nationalYear} National Day`,
          festival: 'national_day',
          start_date: `${nationalYear}-10-01`,
          end_date: `${nationalYear}-10-07`,
          overlay: file('image', 'theme-national-day.png', { width: 1920, height: 200 }),
          greeting: '国庆快乐！',
          greeting_en: 'Happy National Day!',
          scene_ids: [ref('index:scenario', 'hotel')],
          priority: 10,
        },
        {
          name: '夏日湖畔 Summer by the lake',
          festival: 'custom',
          start_date: clock.day(-3),
          end_date: clock.day(27),
          background: file('image', 'theme-summer.png', { width: 1920, height: 1080 }),
          greeting: '湖畔夏日，清凉一夏',
          greeting_en: 'A cool summer by the lake',
          scene_ids: [ref('index:scenario', 'hotel')],
          priority: 1,
        },
      ],
    },
    {
      // A view over the uploads that need review; the demo's own files, as reviewed.
      resource: 'resources:index',
      rows: (
        [
          ['ad_material', 'image', 'ad-spring.png', 'approved', -6],
          ['ad_material', 'image', 'ad-spa.png', 'approved', -6],
          ['ad_material', 'image', 'ad-autumn.png', 'pending', null],
          ['film', 'image', 'poster-film-bbb.png', 'approved', -10],
          ['self_media', 'image', 'poster-post-menu.png', 'pending', null],
          ['apk', 'apk', 'com.lakeside.cast-1.2.0.apk', 'approved', -20],
        ] as const
      ).map(([type, kind, name, state, reviewedDay]) => {
        // The same uploads the records above use (one upload per file name).
        const upload = file(kind, name);
        return {
          resource_type: type,
          name,
          uploader: 'admin',
          mime: fileFact(upload, 'mime'),
          size: fileFact(upload, 'size'),
          submitted_at: clock.at(reviewedDay === null ? -1 : reviewedDay - 1, '15:00'),
          state,
          reviewer: reviewedDay === null ? null : 'admin',
          reviewed_at: reviewedDay === null ? null : clock.at(reviewedDay, '09:30'),
        };
      }),
    },
    {
      resource: 'system:timed_task',
      rows: [
        {
          name: '每日备份 Daily backup',
          // How many backups are kept is the backup page's keep_count, not a task parameter.
          type: 'backup',
          cron: '0 3 * * *',
        },
        {
          name: '清理日志 Clean logs',
          type: 'clean_logs',
          params: { older_than_days: 180 },
          cron: '30 3 * * 0',
        },
        { name: 'EPG 刷新 EPG refresh', type: 'epg_refresh', cron: '10 5 * * *' },
        {
          name: '夜间清理缓存 Clear box caches',
          type: 'terminal_command',
          params: { command: 'clear_cache', area_ids: [ref('system:region', 'tower')] },
          cron: '0 4 * * *',
          enabled: 0,
        },
      ],
    },
  ];
}
