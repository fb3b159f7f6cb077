/** The server's texts of one area (server-texts/index.ts). */
export const authTexts = {
  'auth.signLinkInvalidUsed': {
    en: 'This sign-in link is invalid, used or expired; please sign in',
    zh_CN: '登录链接无效或已过期，请重新登录',
  },
} as const;
