import type { MenuNode } from '@igs/contract';

/**
 * The synthetic menu of the header-search figures: 1,000 pages (half Chinese, half English
 * titles) under 50 groups, enough to stand for the largest menu a gateway will have. None of its
 * titles is a built-in one, so in the console they stand for titles the server adds.
 */

const ZH_WORDS = [
  '终端',
  '设备',
  '管理',
  '用户',
  '角色',
  '权限',
  '日志',
  '网络',
  '配置',
  '视频',
  '应用',
  '固件',
];
const ZH_MORE = [
  '升级',
  '订单',
  '商品',
  '统计',
  '报表',
  '告警',
  '备份',
  '恢复',
  '主题',
  '区域',
  '服务',
  '短信',
];
const EN_WORDS = [
  'terminal',
  'device',
  'user',
  'role',
  'permission',
  'log',
  'network',
  'video',
  'app',
  'firmware',
];
const EN_MORE = [
  'upgrade',
  'order',
  'goods',
  'report',
  'alarm',
  'backup',
  'restore',
  'theme',
  'region',
  'service',
];

export function syntheticGroups(count = 1000): { title: string; pages: string[] }[] {
  const groups = 50;
  const perGroup = count / groups;
  return Array.from({ length: groups }, (_, g) => {
    const zh = g % 2 === 0;
    const title = zh
      ? `${ZH_WORDS[g % 12]}${ZH_MORE[(g * 5) % 12]}`
      : `${EN_WORDS[g % 10]} ${EN_MORE[(g * 3) % 10]}`;
    const pages = Array.from({ length: perGroup }, (_, i) => {
      const n = g * perGroup + i;
      return zh
        ? `${ZH_WORDS[n % 12]}${ZH_MORE[(n * 7) % 12]}${ZH_WORDS[(n * 5 + 3) % 12]}${i}`
        : `${EN_WORDS[n % 10]} ${EN_MORE[(n * 7) % 10]} ${EN_WORDS[(n * 3 + 1) % 10]} ${i}`;
    });
    return { title, pages };
  });
}

/** The synthetic menu as the server's menu call would give it. */
export function syntheticMenus(count = 1000): MenuNode[] {
  return syntheticGroups(count).map(({ title, pages }, g) => ({
    path: `/group${g}`,
    component: 'Layout',
    name: `Group${g}`,
    meta: { title },
    children: pages.map((page, i) => ({
      path: `page${i}`,
      component: `group${g}/Page${i}`,
      name: `Page${g}-${i}`,
      meta: { title: page },
    })),
  }));
}
