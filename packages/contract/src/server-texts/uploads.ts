/** The server's texts of one area (server-texts/index.ts). */
export const uploadsTexts = {
  'uploads.doNotAccessPage': {
    en: 'You do not have access to any page that uses files of kind {kind}',
    zh_CN: '您没有任何使用 {kind} 类文件的页面的权限',
  },
  'uploads.fileLinkExpiredReload': {
    en: 'This file link has expired: reload the page',
    zh_CN: '文件链接已过期，请刷新页面',
  },
  'uploads.fileLinkNotValid': { en: 'This file link is not valid', zh_CN: '文件链接无效' },
  'uploads.fileBelongsSiteNot': {
    en: 'This file belongs to site {site_id}, which is not granted to this account',
    zh_CN: '此文件属于站点 {site_id}，该站点未授予此账户',
  },
} as const;
