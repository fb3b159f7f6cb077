/**
 * User-facing texts of the specification, in English and Chinese. The console and the server
 * both take their wording from here so that a validation message reads the same on both sides.
 */
export type Lang = 'en' | 'zh_CN';

export const messages = {
  passwordTooShort: { en: 'Password cannot be less than 6 digits', zh_CN: '密码不能少于6位' },
  captchaRequired: { en: 'Verification code is required', zh_CN: '请输入验证码' },
  accountOrPasswordError: { en: 'Account or password error', zh_CN: '账号或密码错误' },
  captchaWrong: { en: 'Verification code is wrong', zh_CN: '验证码错误' },
  loginFormatError: { en: 'Login format error', zh_CN: '登录格式错误' },
  passwordRequired: { en: 'Please enter the password', zh_CN: '请输入密码' },
  passwordWeak: {
    en: 'Password must be over 8 characters and contain upper and lower case letters, digits and special characters',
    zh_CN: '密码必须大于8位，并包含大小写字母、数字和特殊字符',
  },
  passwordAgainRequired: { en: 'Please enter the password again', zh_CN: '请再次输入密码' },
  passwordMismatch: { en: 'The two passwords do not match', zh_CN: '两次输入的密码不一致' },
  originalPasswordRequired: { en: 'Please enter the original password', zh_CN: '请输入原密码' },
  originalPasswordWrong: { en: 'The original password is wrong', zh_CN: '原密码错误' },
  formInvalid: { en: 'Please fill in the required data', zh_CN: '请填写必填数据' },
  avatarType: { en: 'Only JPG/PNG images can be uploaded', zh_CN: '只能上传JPG/PNG格式的图片' },
  avatarSize: { en: 'Image size cannot exceed 10M', zh_CN: '图片大小不能超过10M' },
  uploadSize: { en: 'Files cannot exceed 5M', zh_CN: '文件大小不能超过5M' },
  usernameRequired: { en: 'Please enter the username', zh_CN: '请输入用户名' },
  phoneRequired: { en: 'Please enter a valid mobile number', zh_CN: '请输入正确的手机号码' },
  networkError: { en: 'Network error, please try again later', zh_CN: '网络错误，请稍后再试' },
  hasError: { en: 'Has Error', zh_CN: 'Has Error' },
  fullscreenUnsupported: { en: 'you browser can not work', zh_CN: 'you browser can not work' },
  operationSuccessful: { en: 'Operation successful', zh_CN: '操作成功' },
  modifiedSuccessfully: { en: 'Modified successfully', zh_CN: '修改成功' },
  submittedSuccessfully: { en: 'Submitted successfully', zh_CN: '提交成功' },
  cacheCleared: { en: 'Cache cleared successfully', zh_CN: '清除缓存成功' },
  copySuccessful: { en: 'Copy successful', zh_CN: '复制成功' },
  registrationDisabled: {
    en: 'Registration is disabled on this gateway; ask an administrator',
    zh_CN: '本网关未开放注册，请联系管理员',
  },
  authCodeWrong: { en: 'The authorisation code is wrong', zh_CN: '授权码错误' },
  usernameTaken: { en: 'This username is already taken', zh_CN: '用户名已存在' },
  tokenInvalid: { en: 'Please sign in again', zh_CN: '请重新登录' },
  sessionExpired: { en: 'Your session has expired, please sign in again', zh_CN: '登录已过期，请重新登录' },
  forbiddenMenu: { en: 'You do not have access to this module', zh_CN: '无权访问该模块' },
  forbiddenButton: { en: 'You do not have permission for this action', zh_CN: '无权执行该操作' },
  operationsNotAllowed: {
    en: 'This account may not use operations mode',
    zh_CN: '该账号无权使用运营模式',
  },
  accountDisabled: { en: 'This account is disabled', zh_CN: '该账号已停用' },
  passwordChangeRequired: {
    en: 'Your password must be changed before anything else can be done',
    zh_CN: '请先修改密码后再进行其他操作',
  },
  sessionEndedPassword: {
    en: 'You were signed out because the password was changed; please sign in again',
    zh_CN: '密码已修改，您已被登出，请重新登录',
  },
  sessionEndedRestore: {
    en: 'You were signed out because a backup was restored; please sign in again',
    zh_CN: '已还原备份，您已被登出，请重新登录',
  },
  sessionEndedEverywhere: {
    en: 'You were signed out everywhere; please sign in again',
    zh_CN: '您已在所有设备上退出登录，请重新登录',
  },
  sessionEndedDisabled: {
    en: 'You were signed out because this account was disabled',
    zh_CN: '该账号已停用，您已被登出',
  },
  sessionEndedDeleted: {
    en: 'You were signed out because this account was deleted',
    zh_CN: '该账号已删除，您已被登出',
  },
  sessionEndedKicked: {
    en: 'You were signed out by an administrator; please sign in again',
    zh_CN: '您已被管理员登出，请重新登录',
  },
  developerKeyEnded: {
    en: 'This developer key has ended (developer mode off, password changed, signed out everywhere or account disabled)',
    zh_CN: '该开发者密钥已失效（开发者模式已关闭、密码已修改、已在所有设备退出或账号已停用）',
  },
  developerKeyExpired: {
    en: 'This developer key has expired; switch developer mode on again for a new one',
    zh_CN: '开发者密钥已过期，请重新开启开发者模式以获取新密钥',
  },
  sessionRequired: {
    en: 'This needs a signed-in session; a developer key cannot do it',
    zh_CN: '此操作需要登录会话，开发者密钥不能执行',
  },
  developerKeyButton: {
    en: 'You do not have permission to turn developer mode on (button system:developer_mode:enable)',
    zh_CN: '无权开启开发者模式（按钮 system:developer_mode:enable）',
  },
  unexpected: { en: 'Unexpected server error', zh_CN: '服务器内部错误' },
} as const satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

export function message(key: MessageKey, lang: Lang = 'en'): string {
  return messages[key][lang];
}
