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
  'uploads.downloadLinkGone': {
    en: 'This download link is invalid, already used or expired (a link works once, for 10 minutes): export again',
    zh_CN: '下载链接无效、已使用或已过期（链接仅可使用一次，有效期 10 分钟），请重新导出',
  },
  'uploads.fileBelongsSiteNot': {
    en: 'This file belongs to site {site_id}, which is not granted to this account',
    zh_CN: '此文件属于站点 {site_id}，该站点未授予此账户',
  },
  'uploads.quotaExceeded': {
    en: "Upload quota exceeded: this account's files use {used} of {quota}",
    zh_CN: '上传配额已满：此账户的文件已使用 {used}，上限 {quota}',
  },
  'uploads.sendMultipart': {
    en: 'Send multipart form data with the fields kind and file',
    zh_CN: '请以 multipart 表单发送 kind 和 file 字段',
  },
  'uploads.kindOneOf': { en: 'kind must be one of: {kinds}', zh_CN: 'kind 须为以下之一：{kinds}' },
  'uploads.onlyFileField': {
    en: 'Only the field "file" may carry a file',
    zh_CN: '只有 file 字段可以携带文件',
  },
  'uploads.kindFirst': {
    en: 'kind is required and must come before the file',
    zh_CN: '须填写 kind，且须位于文件之前',
  },
  'uploads.kindTooLarge': {
    en: 'Files of kind {kind} cannot exceed {mb} MB',
    zh_CN: '{kind} 类型的文件不能超过 {mb} MB',
  },
  'uploads.fileRequired': { en: 'file is required', zh_CN: '请选择文件' },
  'uploads.notUploadId': { en: 'file must be an upload id', zh_CN: 'file 须为上传文件的编号' },
  'uploads.uploadGone': {
    en: 'The uploaded file was not found: upload it again',
    zh_CN: '找不到上传的文件，请重新上传',
  },
} as const;
