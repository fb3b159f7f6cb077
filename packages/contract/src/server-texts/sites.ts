/** The server's texts of one area (server-texts/index.ts): the site and customer registry and grants. */
export const sitesTexts = {
  'sites.customerHeaderFormat': {
    en: '{header} must be one customer id',
    zh_CN: '{header} 须为一个客户编号',
  },
  'sites.customerUnknown': {
    en: 'Customer {cid} is not registered',
    zh_CN: '客户 {cid} 未登记',
  },
  'sites.customerNotGranted': {
    en: 'This account belongs to another customer and may not reach customer {cid}',
    zh_CN: '该账号属于其他客户，不能访问客户 {cid}',
  },
  'sites.siteUnknown': {
    en: 'Site {id} is not registered; add it on the Sites page first',
    zh_CN: '站点 {id} 未登记，请先在站点管理中添加',
  },
  'sites.siteSuspended': {
    en: 'Site {id} is suspended: its records cannot be changed',
    zh_CN: '站点 {id} 已停用，不能修改其记录',
  },
  'sites.siteSuspendedRead': {
    en: 'Site {id} is suspended: only an account reaching every site may read its records',
    zh_CN: '站点 {id} 已停用，只有可访问全部站点的账号可以查看其记录',
  },
  'sites.customerSiteSuspended': {
    en: 'Site {id} belongs to customer {customer}, which is suspended: its records cannot be changed',
    zh_CN: '站点 {id} 属于已停用的客户 {customer}，不能修改其记录',
  },
  'sites.customerSiteSuspendedRead': {
    en: 'Site {id} belongs to customer {customer}, which is suspended: only an account reaching every site may read its records',
    zh_CN: '站点 {id} 属于已停用的客户 {customer}，只有可访问全部站点的账号可以查看其记录',
  },
  'sites.allSitesSuspended': {
    en: 'Every site granted to this account is suspended',
    zh_CN: '授予该账号的站点均已停用',
  },
  'sites.customerSuspendedSignIn': {
    en: 'This account belongs to customer {customer}, which is suspended: its accounts cannot sign in',
    zh_CN: '该账号所属的客户 {customer} 已停用，其账号不能登录',
  },
  'sites.customerSuspendedSession': {
    en: 'Customer {customer} of this account has been suspended: the session has ended',
    zh_CN: '该账号所属的客户 {customer} 已被停用，会话已结束',
  },
  'sites.wholeFleetOnly': {
    en: 'Sites and customers are managed by an account granted every site and no customer',
    zh_CN: '只有被授予全部站点且不属于任何客户的账号可以管理站点和客户',
  },
  'sites.idsUnknown': {
    en: 'site_ids: site {ids} is not registered',
    zh_CN: 'site_ids：站点 {ids} 未登记',
  },
  'sites.idsOtherCustomer': {
    en: 'site_ids: site {ids} does not belong to customer {cid} of this account',
    zh_CN: 'site_ids：站点 {ids} 不属于该账号的客户 {cid}',
  },
  'sites.cidUnknown': {
    en: 'cid: customer {cid} is not registered',
    zh_CN: 'cid：客户 {cid} 未登记',
  },
} as const;
