import type { MenuSeed } from '../menu.ts';

/**
 * The scene editor and the scenario settings (DOMAIN 1.3), in either mode: the same pages and
 * titles; in operations mode on the operations endpoints, highlighting the operations App menu
 * item (whose Scenario tab opens them), under names of their own (names are unique per mode).
 */
function sceneRoutes(mode: 'full' | 'operations'): MenuSeed[] {
  const ops = mode === 'operations';
  const base = ops ? '/operations/index' : '/admin.php/index';
  const name = (n: string) => (ops ? `Operations${n}` : n);
  const activeMenu = ops ? '/operations/app-menu' : '/smart/scene';
  return [
    {
      path: 'scenelistadd',
      component: 'smart/SceneEdit',
      name: name('SceneListAdd'),
      titleKey: 'route.sceneListAdd',
      title: { en: 'Edit scenario', zh_CN: '编辑场景' },
      hidden: true,
      activeMenu,
      endpoints: [`${base}/scenario`, `${base}/scenario_resource`],
      buttons: [
        'index:scenario:add',
        'index:scenario:edit',
        'index:scenario:del',
        'index:scenario_resource:add',
        'index:scenario_resource:edit',
        'index:scenario_resource:del',
      ],
    },
    {
      path: 'otherconfig',
      component: 'smart/SceneOtherConfig',
      name: name('OtherConfig'),
      titleKey: 'route.otherConfig',
      title: { en: 'Scenario other settings', zh_CN: '场景其他配置' },
      hidden: true,
      activeMenu,
      endpoints: [`${base}/scenario_other`],
      buttons: ['index:scenario_other:edit'],
    },
  ];
}

/**
 * Routes inside the shell that the sidebar hides but that still carry permissions (DOMAIN
 * section 1.3). Their title keys are `route.<name>`. Login, register, error pages, redirect and
 * `/nicset` are console-only routes, not menu data.
 */
export const hiddenMenus: MenuSeed[] = [
  {
    path: '/',
    component: 'Layout',
    name: 'HiddenRoot',
    titleKey: 'menu.dashboard.dashboard',
    title: { en: 'Dashboard', zh_CN: '首页' },
    hidden: true,
    children: [
      {
        path: 'theme',
        component: 'theme/Theme',
        name: 'Theme',
        titleKey: 'route.theme',
        title: { en: 'Theme', zh_CN: '主题' },
        hidden: true,
        noCache: true,
      },
      ...sceneRoutes('full'),
    ],
  },
];

/**
 * The hidden scene routes in operations mode (DOMAIN 1.2 and 1.3): the same pages and titles on
 * the operations twins, highlighting the operations App menu item, whose Scenario tab opens them.
 * Route names are unique per mode, so these carry their own. Like the full-mode ones they are
 * granted to a role as menus of its own (the permission tree lists them under a hidden root).
 */
export const operationsHiddenMenus: MenuSeed[] = [
  {
    path: '/',
    component: 'Layout',
    name: 'OperationsHiddenRoot',
    titleKey: 'menu.group.operations',
    title: { en: 'Operations', zh_CN: '运营管理' },
    hidden: true,
    children: sceneRoutes('operations'),
  },
];
