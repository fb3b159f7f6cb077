import type { MenuSeed } from '../menu.ts';

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
      {
        path: 'scenelistadd',
        component: 'smart/SceneEdit',
        name: 'SceneListAdd',
        titleKey: 'route.sceneListAdd',
        title: { en: 'Edit scenario', zh_CN: '编辑场景' },
        hidden: true,
        activeMenu: '/smart/scene',
        endpoints: ['/admin.php/index/scenario', '/admin.php/index/scenario_resource'],
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
        name: 'OtherConfig',
        titleKey: 'route.otherConfig',
        title: { en: 'Scenario other settings', zh_CN: '场景其他配置' },
        hidden: true,
        activeMenu: '/smart/scene',
        endpoints: ['/admin.php/index/scenario_other'],
        buttons: ['index:scenario_other:edit'],
      },
    ],
  },
];
