/**
 * Every path of the shell API. Paths written in the specification are kept verbatim (mixed case
 * included); the ones the specification does not show are defined here once and documented in
 * docs/api.md.
 */
export const Paths = {
  // from the specification
  login: '/admin.php/common/login',
  register: '/admin.php/common/register',
  copyright: '/admin.php/common/copyright',
  clearCache: '/admin.php/common/clear_cache',
  authMenu: '/admin.php/System/auth_menu',
  credentials: '/admin.php/index/credentials',
  hint: '/admin.php/index/hint',
  formLinkage: '/admin.php/index/form_linkage',
  home: '/admin.php/system/home',
  systemMenu: '/admin.php/system/system_menu',
  developerMode: '/admin.php/system/developer_mode',
  logging: '/admin.php/system/logging',
  /** Mode change lives on the resources endpoint (spec section 7, DOMAIN system/ResourceAudit). */
  changeMode: '/admin.php/resources/index',
  /** Home export: method export, value all. */
  festival: '/admin.php/festival/index',
  legacyLogout: '/vue-element-admin/user/logout',
  operationsHome: '/operations/bulletin_board/home',
  operationsCredentials: '/operations/bulletin_board/credentials',
  operationsExport: '/operations/bulletin_board/export',
  // not shown by the specification: defined here
  captcha: '/admin.php/common/captcha',
  settings: '/admin.php/common/settings',
  otherInfo: '/admin.php/common/other_info',
  logout: '/admin.php/common/logout',
  /** Session call: a single-use code (60 s) that hands this account over to /authh5?token=<code>. */
  handoffCode: '/admin.php/common/handoff_code',
  /** Public call: exchanges a hand-off code for a new session token (auth/handoff.ts). */
  handoffExchange: '/admin.php/common/handoff_exchange',
  download: '/admin.php/common/download',
  avatar: '/admin.php/common/avatar',
  /** Multipart {kind, file}; DOMAIN section 3.6. */
  upload: '/admin.php/common/upload',
  /** GET /admin.php/common/file/<id>?sig=…: an uploaded file, through a signed URL. */
  file: '/admin.php/common/file',
  account: '/admin.php/index/account',
  /** Personal data: methods detail, form (multipart) and change_password. */
  personal: '/admin.php/index/personal',
  /** DOMAIN system/BackupRestore, authorise/License and authorise/Upgrade. */
  backupRestore: '/admin.php/system/backup_restore',
  licence: '/admin.php/authorise/license',
  upgrade: '/admin.php/authorise/upgrade',
  apiDocs: '/api-docs',
  /** The process is alive (200 even without the database). */
  health: '/healthz',
  /** This instance can serve calls: database reachable, schema done, not shutting down; else 503. */
  ready: '/readyz',
} as const;

export type PathName = keyof typeof Paths;

/** Header names of spec sections 6 and 7. */
export const Headers = {
  token: 'IGSAuth',
  sites: 'igs-sids',
  customer: 'igs-cid',
  /** Developer-mode key, an alternative to a session for integrators. */
  developerKey: 'IGS-Key',
  /** Set by the console on calls that must not show the loading overlay. */
  noLoading: 'igs-no-loading',
} as const;

/** Cookie names shared by console and server. */
export const Cookies = {
  captcha: 'igs_captcha',
  language: 'language',
  size: 'size',
  savedUsername: 'username',
  savedPassword: 'password',
  token: 'Admin-Token',
} as const;
