import type { FieldDef, ResourceDef, Text } from '../resources/types.ts';

/**
 * Singletons: one record per site, read with `detail` and saved whole with `form` (DOMAIN 3.2).
 * They use the field model of resources, so `recordSchema` validates them on the server and in
 * the console with the same words; `table` is the key the server stores the record under. They
 * are not part of `resources` (no table of their own, no list).
 */
export type SingletonDef = ResourceDef;

// http(s) addresses are `str` with this rule: the generic `url` type also admits stream schemes.
const httpOnly = (en: string, zh: string): FieldDef['pattern'] => ({
  source: '^$|^https?://\\S+$',
  message: { en: `${en} must be an http:// or https:// URL`, zh_CN: `${zh}必须是 http:// 或 https:// 地址` },
});
const phonePattern = (en: string, zh: string): FieldDef['pattern'] => ({
  source: '^[0-9+\\-#* ]{2,32}$',
  message: {
    en: `${en} may hold only digits, spaces and + - # *`,
    zh_CN: `${zh}只能包含数字、空格和 + - # *`,
  },
});
const label = (en: string, zh_CN: string): Text => ({ en, zh_CN });

// DOMAIN 2.5 tr069/Itms. acs_url and file_server_url default to the LAN address, which only the
// server knows, so their defaults are filled in there.
export const itmsSettings: SingletonDef = {
  name: 'tr069:itms',
  endpoint: '/admin.php/tr069/itms',
  table: 'tr069:itms',
  title: label('ITMS', 'ITMS配置'),
  fields: [
    {
      name: 'cwmp_port',
      type: 'int',
      label: label('CWMP port', 'CWMP端口'),
      min: 1,
      max: 65535,
      default: 7547,
    },
    {
      name: 'acs_url',
      type: 'str',
      label: label('ACS URL', 'ACS地址'),
      required: true,
      max: 512,
      placeholder: 'http://192.168.1.1:7547/',
      pattern: httpOnly('ACS URL', 'ACS地址'),
    },
    { name: 'acs_username', type: 'str', label: label('ACS username', 'ACS用户名'), max: 64 },
    { name: 'acs_password', type: 'pwd', label: label('ACS password', 'ACS密码'), max: 64 },
    {
      name: 'cr_username',
      type: 'str',
      label: label('Connection request username', '连接请求用户名'),
      max: 64,
    },
    {
      name: 'cr_password',
      type: 'pwd',
      label: label('Connection request password', '连接请求密码'),
      max: 64,
    },
    {
      name: 'inform_interval_s',
      type: 'int',
      label: label('Inform interval (s)', '上报周期（秒）'),
      min: 60,
      max: 86400,
      default: 300,
    },
    {
      // The pace of the connection requests a batch of tasks sends (features/tr069-extras/wake-queue.ts):
      // every CPE of the batch is woken, this many a second, so a large batch does not flood the LAN.
      name: 'cr_per_second',
      type: 'int',
      label: label('Connection requests per second', '每秒连接请求数'),
      min: 1,
      max: 1000,
      default: 10,
    },
    {
      name: 'auto_register',
      type: 'bool',
      label: label('Register new CPEs automatically', '自动注册新终端'),
      default: 1,
    },
    {
      name: 'file_server_url',
      type: 'str',
      label: label('File server URL', '文件服务器地址'),
      max: 512,
      placeholder: 'http://192.168.1.1:7567/',
      pattern: httpOnly('File server URL', '文件服务器地址'),
    },
    {
      name: 'dhcp_option43',
      type: 'bool',
      label: label('Announce the ACS in DHCP option 43', 'DHCP选项43下发ACS地址'),
      default: 0,
    },
    {
      // TR-069 Annex F sub-option 2 of DHCP option 43, sent beside the ACS URL when set.
      name: 'provisioning_code',
      type: 'str',
      label: label('Provisioning code (DHCP option 43)', '预配置代码（DHCP选项43）'),
      max: 64,
      pattern: {
        source: '^[\\x21\\x23-\\x2b\\x2d-\\x5b\\x5d-\\x7e]*$',
        message: {
          en: 'Provisioning code may hold printable characters without spaces, quotes, commas or backslashes',
          zh_CN: '预配置代码只能包含可打印字符，不能有空格、引号、逗号或反斜杠',
        },
      },
    },
  ],
};

export const SMS_PROVIDERS = ['aliyun', 'tencent', 'http'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** The http provider's body when none is set: JSON with the two placeholders. */
export const DEFAULT_SMS_HTTP_BODY = '{"phone":"{phone}","text":"{text}"}';

// DOMAIN 2.9 system/SmsSettings. `sdk_app_id` is beyond DOMAIN's list: Tencent's SendSms needs the
// SmsSdkAppId of the SMS application besides the key pair.
export const smsSettings: SingletonDef = {
  name: 'system:sms',
  endpoint: '/admin.php/system/sms',
  table: 'system:sms',
  title: label('SMS settings', '短信设置'),
  fields: [
    {
      name: 'provider',
      type: 'enum',
      label: label('Provider', '服务商'),
      options: SMS_PROVIDERS,
      required: true,
      default: 'aliyun',
    },
    {
      name: 'access_key_id',
      type: 'str',
      label: label('AccessKey ID / SecretId', '访问密钥ID（AccessKey ID / SecretId）'),
      max: 128,
    },
    {
      name: 'access_key_secret',
      type: 'pwd',
      label: label('AccessKey secret / SecretKey', '访问密钥（AccessKey Secret / SecretKey）'),
      max: 128,
    },
    {
      name: 'sdk_app_id',
      type: 'str',
      label: label('SMS SdkAppId (Tencent)', '短信应用SdkAppId（腾讯云）'),
      max: 32,
      pattern: { source: '^$|^\\d{4,20}$', message: label('SdkAppId must be digits', 'SdkAppId必须是数字') },
    },
    { name: 'sign_name', type: 'str', label: label('Signature name', '短信签名'), max: 64 },
    {
      name: 'region',
      type: 'str',
      label: label('Region', '地域'),
      max: 32,
      pattern: {
        source: '^$|^[a-z0-9-]+$',
        message: label('Region may hold only a-z, 0-9 and -', '地域只能包含小写字母、数字和 -'),
      },
    },
    { name: 'template_alarm', type: 'str', label: label('Alarm template', '告警模板'), max: 64 },
    { name: 'template_code', type: 'str', label: label('Verification code template', '验证码模板'), max: 64 },
    {
      name: 'http_url',
      type: 'str',
      label: label('HTTP URL', 'HTTP接口地址'),
      max: 1024,
      pattern: httpOnly('HTTP URL', 'HTTP接口地址'),
    },
    {
      name: 'http_body',
      type: 'text',
      label: label('HTTP body (JSON with {phone} and {text})', 'HTTP请求体（JSON，含 {phone} {text}）'),
      max: 4000,
      default: DEFAULT_SMS_HTTP_BODY,
    },
    {
      name: 'daily_limit',
      type: 'int',
      label: label('Daily limit', '每日上限'),
      min: 1,
      max: 100000,
      default: 200,
    },
  ],
};

// DOMAIN 2.8 smart/ApplicationScene `scenario_other` (/otherconfig). Kept per site, and per scene
// when a scene overrides the site's values. The Wi-Fi password is shown (with a QR code), so it
// is plain text, not a secret.
export const scenarioOther: SingletonDef = {
  name: 'index:scenario_other',
  endpoint: '/admin.php/index/scenario_other',
  opsEndpoint: '/operations/index/scenario_other',
  table: 'index:scenario_other',
  title: label('Scenario other settings', '场景其他配置'),
  fields: [
    { name: 'wifi_ssid', type: 'str', label: label('Wi-Fi name (SSID)', 'Wi-Fi名称'), max: 32 },
    { name: 'wifi_password', type: 'str', label: label('Wi-Fi password', 'Wi-Fi密码'), min: 8, max: 63 },
    {
      name: 'front_desk_phone',
      type: 'str',
      label: label('Front desk phone', '前台电话'),
      max: 32,
      pattern: phonePattern('Front desk phone', '前台电话'),
    },
    { name: 'checkout_time', type: 'time', label: label('Check-out time', '退房时间'), default: '12:00' },
    {
      name: 'service_qr_url',
      type: 'str',
      label: label('Service QR code link', '服务二维码链接'),
      max: 1024,
      pattern: httpOnly('Service QR code link', '服务二维码链接'),
    },
    { name: 'notice', type: 'text', label: label('Notice', '公告'), max: 2000 },
  ],
};

// DOMAIN 2.8 smart/MallManagement ShopConfig (`config`). Money in fen.
export const shopConfig: SingletonDef = {
  name: 'shop:config',
  endpoint: '/admin.php/shop/config',
  opsEndpoint: '/operations/shop/config',
  table: 'shop:config',
  title: label('Mall settings', '商城设置'),
  fields: [
    { name: 'enabled', type: 'bool', label: label('Mall open for orders', '商城接单'), default: 1 },
    { name: 'open_from', type: 'time', label: label('Open from', '营业开始'), default: '08:00' },
    { name: 'open_to', type: 'time', label: label('Open to', '营业结束'), default: '22:00' },
    {
      name: 'service_phone',
      type: 'str',
      label: label('Service phone', '服务电话'),
      max: 32,
      pattern: phonePattern('Service phone', '服务电话'),
    },
    {
      name: 'min_amount',
      type: 'int',
      label: label('Minimum order (fen)', '起送金额（分）'),
      min: 0,
      max: 100_000_000,
      default: 0,
    },
    {
      name: 'delivery_fee',
      type: 'int',
      label: label('Delivery fee (fen)', '配送费（分）'),
      min: 0,
      max: 10_000_000,
      default: 0,
    },
    {
      name: 'notify_extension',
      type: 'str',
      label: label('Extension to ring on a new order', '新订单通知分机'),
      max: 6,
      pattern: {
        source: '^$|^\\d{3,6}$',
        message: label('Extension to ring must be 3 to 6 digits', '通知分机必须是3到6位数字'),
      },
    },
    {
      name: 'room_charge_to_pms',
      type: 'bool',
      label: label('Post room-charge orders to the PMS', '挂房账订单推送PMS'),
      default: 0,
    },
  ],
};

export const singletons: readonly SingletonDef[] = [itmsSettings, smsSettings, scenarioOther, shopConfig];
