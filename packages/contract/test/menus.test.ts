import { describe, expect, it } from 'vitest';
import { flattenMenus, type MenuSeed, permissionPrefix } from '../src/menu.ts';
import {
  allButtonKeys,
  fullMenus,
  hiddenMenus,
  menuSeedsFor,
  menuTitles,
  operationsHiddenMenus,
  operationsMenus,
} from '../src/menus/index.ts';
import { DEVELOPER_MODE_BUTTON } from '../src/shell-api.ts';

/** Page modules of the full-mode table (DOMAIN section 1.1), in table order. */
const FULL_MODE_COMPONENTS = [
  'dashboard/Dashboard',
  ...['VoiceManagement', 'BasicSettings', 'AdvancedSettings', 'SipTrunk', 'SipTrunkGroup', 'RoutingSettings']
    .concat(['RoutingList', 'Extension', 'SoftTerminal', 'AddressBook', 'MeetingRoom', 'Ivr', 'CallCenter'])
    .concat([
      'Broadcast',
      'WakeupService',
      'DoNotDisturb',
      'CommunicationControl',
      'VoiceCalls',
      'CallRecords',
    ])
    .concat(['QueueNotification', 'Preplan'])
    .map((n) => `voice/${n}`),
  ...['Phone', 'AlarmLinkage', 'MultiPartyCall', 'VoicePatrol'].map((n) => `aiso/${n}`),
  ...['GbDevice', 'StreamPush', 'StreamProxy', 'MediaServer', 'ParentPlatform'].map((n) => `video/${n}`),
  ...['ApCategory', 'ApUpdate', 'NetworkModel', 'TimedReboot'].map((n) => `ac/${n}`),
  ...['Itms', 'TerminalList', 'TemplateList', 'TimedRestart'].map((n) => `tr069/${n}`),
  ...[
    'Access',
    'LiveCollection',
    'LiveClass',
    'LiveProgram',
    'LiveSetMeal',
    'Epg',
    'LiveBroadcast',
    'LivePlaza',
  ]
    .concat(['MonitoringAccess', 'FilmClass', 'FilmManagement', 'MovieRotation', 'SleepMusic', 'SelfMedia'])
    .map((n) => `media/${n}`),
  ...['Resources', 'BootAd', 'HomepageAd', 'LiveAd', 'TextAd'].map((n) => `advert/${n}`),
  ...['TerminalAuthorization', 'DeviceBinding', 'UserPackage', 'ApplicationScene', 'EasyTemplate', 'AppMenu']
    .concat(['AppUpdate', 'IntroductionResources', 'OtherIntroduction', 'MallManagement', 'MessageBoard'])
    .concat(['HospitalEvaluation', 'PlayRecord', 'TerminalRecord', 'TerminalStatistics'])
    .map((n) => `smart/${n}`),
  ...[
    'OperationStatus',
    'NetworkCard',
    'Dhcp',
    'Dns',
    'Disk',
    'ServiceConfig',
    'HotStandby',
    'ExternalInterface',
  ]
    .concat(['SmsSettings', 'ExternalLinks', 'RegionalManagement', 'PermissionManagement', 'ManageSettings'])
    .concat([
      'HolidayTheme',
      'ResourceAudit',
      'ScheduledTask',
      'BackupRestore',
      'OperationLog',
      'SystemTools',
    ])
    .map((n) => `system/${n}`),
  'authorise/License',
  'authorise/Upgrade',
];

const OPERATIONS_COMPONENTS = [
  'operations/Home',
  'operations/AdvertisingManagement',
  'operations/AppMenu',
  'operations/LiveCollection',
  'operations/LiveProgram',
  'operations/MallManagement',
  'operations/OtherIntroduction',
  'operations/ScheduledTask',
  'operations/TerminalAuthorization',
  'operations/UserPackage',
  'operations/Sites',
  'operations/Customers',
];

const full = flattenMenus(fullMenus);
const hidden = flattenMenus(hiddenMenus);
const operations = flattenMenus(operationsMenus);
const operationsHidden = flattenMenus(operationsHiddenMenus);
const everything = [...full, ...hidden, ...operations, ...operationsHidden];
const pages = (items: MenuSeed[]) => items.filter((i) => i.component !== 'Layout');
const byComponent = (items: MenuSeed[], component: string) => {
  const found = items.find((i) => i.component === component);
  if (!found) throw new Error(`no menu item for ${component}`);
  return found;
};

/** Full route of every item, parent before child. */
function fullRoutes(seeds: readonly MenuSeed[], base = ''): Map<string, MenuSeed> {
  const out = new Map<string, MenuSeed>();
  for (const s of seeds) {
    const route = s.path.startsWith('/') ? s.path : `${base.replace(/\/$/, '')}/${s.path}`.replace(/\/$/, '');
    out.set(route || '/', s);
    if (s.children) for (const [r, c] of fullRoutes(s.children, route)) out.set(r, c);
  }
  return out;
}

describe('menu trees', () => {
  it('has unique route names within each mode', () => {
    for (const mode of ['full', 'operations'] as const) {
      const names = flattenMenus(menuSeedsFor(mode)).map((i) => i.name);
      expect(new Set(names).size, mode).toBe(names.length);
    }
  });

  it('holds every full-mode module of DOMAIN 1.1, in order', () => {
    expect(FULL_MODE_COMPONENTS).toHaveLength(94);
    expect(pages(full).map((i) => i.component)).toEqual(FULL_MODE_COMPONENTS);
    // 8 groups, 5 sub-groups and the root that holds the dashboard
    expect(full.filter((i) => i.component === 'Layout')).toHaveLength(14);
    expect(fullMenus.map((i) => i.path)).toEqual([
      '/',
      '/voice',
      '/video',
      '/ac',
      '/tr069',
      '/media',
      '/advert',
      '/smart',
      '/system',
    ]);
  });

  it('follows the i18n key rule and its exceptions', () => {
    expect(byComponent(full, 'voice/SipTrunkGroup').titleKey).toBe('menu.voice.sipTrunkGroup');
    expect(byComponent(full, 'voice/Extension').titleKey).toBe('menu.voice.extension');
    expect(byComponent(full, 'authorise/License').titleKey).toBe('menu.authorise.license');
    expect(byComponent(full, 'ac/TimedReboot').titleKey).toBe('menu.tr069.timedRestart');
    expect(byComponent(full, 'dashboard/Dashboard').titleKey).toBe('menu.dashboard.dashboard');
    const routes = fullRoutes(fullMenus);
    expect(routes.get('/media/film')?.titleKey).toBe('menu.group.mediaFilm');
    expect(routes.get('/video')?.titleKey).toBe('menu.group.video');
    expect(routes.get('/video/gb28181')?.titleKey).toBe('menu.group.videoGb28181');
    expect(routes.get('/ac/ap-plus')?.titleKey).toBe('menu.group.acApPlus');
    expect(routes.get('/smart/records')?.titleKey).toBe('menu.group.smartRecords');
    expect(routes.get('/video/gb28181/device')?.component).toBe('video/GbDevice');
    for (const item of pages(full)) {
      if (item.component === 'ac/TimedReboot') continue;
      const [area, name = ''] = item.component.split('/');
      expect(item.titleKey).toBe(`menu.${area}.${name.charAt(0).toLowerCase()}${name.slice(1)}`);
    }
    for (const [route, item] of routes) {
      if (item.component !== 'Layout' || route === '/') continue;
      const camel = route
        .split(/[/-]/)
        .filter(Boolean)
        .map((p, i) => (i === 0 ? p : p.charAt(0).toUpperCase() + p.slice(1)))
        .join('');
      expect(item.titleKey).toBe(`menu.group.${camel}`);
    }
  });

  it('redirects each top-level group to its first page', () => {
    const routes = fullRoutes(fullMenus);
    expect(fullMenus[0]?.redirect).toBe('/dashboard');
    for (const group of fullMenus) {
      expect(group.redirect, group.name).toBeTruthy();
      const target = routes.get(group.redirect ?? '');
      expect(target?.component, group.name).not.toBe('Layout');
      expect(target, group.name).toBeDefined();
    }
    expect(fullMenus.find((g) => g.path === '/voice')?.redirect).toBe('/voice/management');
    expect(fullMenus.find((g) => g.path === '/video')?.alwaysShow).toBe(true);
  });

  it('builds the operations tree of DOMAIN 1.2 with the twins keys', () => {
    expect(operationsMenus).toHaveLength(1);
    expect(operationsMenus[0]?.path).toBe('/operations');
    expect(pages(operations).map((i) => i.component)).toEqual(OPERATIONS_COMPONENTS);
    const home = byComponent(operations, 'operations/Home');
    expect(home).toMatchObject({
      path: '',
      name: 'OperationsHome',
      affix: true,
      titleKey: 'menu.operations.home',
    });
    expect(home.endpoints).toContain('/operations/bulletin_board/export');
    expect(home.endpoints).toContain('/operations/explorer/list');
    expect(byComponent(operations, 'operations/AdvertisingManagement').titleKey).toBe('menu.group.advert');
    expect(byComponent(operations, 'operations/AdvertisingManagement').endpoints).toContain(
      '/operations/Advertising/resource',
    );
    expect(byComponent(operations, 'operations/OtherIntroduction').endpoints?.[0]).toBe(
      '/operations/Introduce/index',
    );
    const fullKeys = new Set(full.map((i) => i.titleKey));
    // The fleet registry's pages have no full-mode twin (issue 17: sites and customers as records).
    const ownPages = new Set(['operations/Sites', 'operations/Customers']);
    for (const item of pages(operations)) {
      if (item === home || ownPages.has(item.component)) continue;
      expect(fullKeys.has(item.titleKey), item.name).toBe(true);
    }
  });

  it('keeps the hidden shell routes hidden', () => {
    expect(hiddenMenus).toHaveLength(1);
    expect(hiddenMenus[0]).toMatchObject({
      path: '/',
      component: 'Layout',
      name: 'HiddenRoot',
      hidden: true,
    });
    expect(byComponent(hidden, 'theme/Theme')).toMatchObject({
      path: 'theme',
      name: 'Theme',
      titleKey: 'route.theme',
      hidden: true,
      noCache: true,
    });
    for (const c of ['smart/SceneEdit', 'smart/SceneOtherConfig']) {
      expect(byComponent(hidden, c)).toMatchObject({ hidden: true, activeMenu: '/smart/scene' });
    }
    expect(menuSeedsFor('full')).toEqual([...fullMenus, ...hiddenMenus]);
    expect(menuSeedsFor('operations')).toEqual([...operationsMenus, ...operationsHiddenMenus]);
  });

  it('serves the hidden scene routes in operations mode too, on the operations twins', () => {
    expect(operationsHiddenMenus).toHaveLength(1);
    expect(operationsHiddenMenus[0]).toMatchObject({ path: '/', component: 'Layout', hidden: true });
    const opsRoutes = fullRoutes(operationsMenus);
    for (const c of ['smart/SceneEdit', 'smart/SceneOtherConfig']) {
      const twin = byComponent(hidden, c);
      const item = byComponent(operationsHidden, c);
      expect(item, c).toMatchObject({
        path: twin.path,
        titleKey: twin.titleKey,
        title: twin.title,
        hidden: true,
        activeMenu: '/operations/app-menu',
        buttons: twin.buttons,
        endpoints: twin.endpoints?.map((e) => e.replace('/admin.php/', '/operations/')),
      });
      expect(item.name, c).not.toBe(twin.name);
      // The highlighted item exists and already calls these endpoints (its Scenario tab).
      const app = opsRoutes.get(item.activeMenu!);
      expect(app?.component).toBe('operations/AppMenu');
      for (const e of item.endpoints ?? []) expect(app?.endpoints, e).toContain(e);
    }
    expect(byComponent(operationsHidden, 'smart/SceneOtherConfig').endpoints).toEqual([
      '/operations/index/scenario_other',
    ]);
  });

  it('gives each page endpoints and buttons under their prefixes', () => {
    for (const item of pages(everything)) {
      // theme/Theme keeps local display settings only and calls no endpoint
      if (item.component === 'theme/Theme') continue;
      expect(item.endpoints?.length, item.name).toBeGreaterThan(0);
      for (const ep of item.endpoints ?? []) expect(ep, item.name).toMatch(/^\/(admin\.php|operations)\/\w/);
      const prefixes = (item.endpoints ?? []).map(permissionPrefix);
      for (const key of item.buttons ?? []) {
        const ok = prefixes.some((p) => key === p || key.startsWith(`${p}:`));
        expect(ok, `${item.name}: ${key}`).toBe(true);
      }
    }
    for (const item of everything.filter((i) => i.component === 'Layout')) {
      expect(item.endpoints, item.name).toBeUndefined();
      expect(item.children?.length, item.name).toBeGreaterThan(0);
    }
  });

  it('derives the button keys of DOMAIN 2 and 3.4', () => {
    const keys = allButtonKeys();
    expect(keys).toEqual([...new Set(keys)].sort());
    for (const key of [
      'voice:extension:add',
      'voice:extension:batch_add',
      'voice:extension:import',
      'voice:broadcast_task:play_now',
      'voice:dispatch:barge',
      'advertising:boot:add',
      'shop:order:accept',
      'system:dhcp_set:edit',
      'system:dhcp_host:import',
      'tr069:device:reboot',
      'network:net:edit',
      'system:logging:export',
      'system:logging:del',
      'index:app_command:send',
      'bulletin_board:export',
    ]) {
      expect(keys, key).toContain(key);
    }
    for (const key of keys) {
      const verb = key.split(':').at(-1) ?? '';
      expect(
        ['list', 'detail', 'status', 'stats', 'leases', 'history', 'file', 'check', 'job'],
        key,
      ).not.toContain(verb);
    }
    // read-only modules carry no buttons (the Dashboard only the developer-mode switch's)
    for (const c of ['system/OperationStatus', 'system/SystemTools']) {
      expect(byComponent(full, c).buttons ?? [], c).toEqual([]);
    }
    expect(byComponent(full, 'dashboard/Dashboard').buttons).toEqual([DEVELOPER_MODE_BUTTON]);
    expect(byComponent(full, 'system/NetworkCard').endpoints?.[0]).toBe('/admin.php/Network/index');
  });

  it('has a title in both languages for every key', () => {
    for (const item of everything) {
      expect(menuTitles[item.titleKey], item.titleKey).toEqual(item.title);
    }
    for (const [key, t] of Object.entries(menuTitles)) {
      expect(t.en.trim(), key).not.toBe('');
      expect(t.zh_CN.trim(), key).not.toBe('');
    }
  });

  it('covers the dictionary titles named by DOMAIN 1.4', () => {
    const en = new Set(Object.values(menuTitles).map((t) => t.en));
    for (const title of [
      'DHCP',
      'DNS',
      'Permission management',
      'Backup restore',
      'Dual hot standby',
      'Timed restart',
      'Voice management',
      'Call CDR',
      'Timed do-not-disturb',
      'Command and control',
      'System information',
      'Log management',
      'License',
      'Upgrade',
      'GB28181',
      'Film management and classification',
      'AP+ management and upgrade',
      'App update and menu',
      'Records and statistics',
      'Queue notification',
      'Preplanning',
      'SMS settings',
      'External links',
      'Regional management',
      'Smart display',
      'Operations',
      'Emergency phones',
      'Source access',
    ]) {
      expect(en.has(title), title).toBe(true);
    }
    expect(menuTitles['menu.system.hotStandby']).toEqual({ en: 'Dual hot standby', zh_CN: '双机热备' });
  });
});
