/** The server's texts of one area (server-texts/index.ts). */
export const outreachTexts = {
  'outreach.externalInterfaceNotFound': {
    en: 'External interface #{id} was not found',
    zh_CN: '外部接口 #{id} 不存在',
  },
  'outreach.resyncAppliesFiasInterfaces': {
    en: 'resync applies to FIAS interfaces only',
    zh_CN: '仅FIAS接口支持重新同步',
  },
  'outreach.disabled': { en: '{name} is disabled', zh_CN: '{name}已停用' },
  'outreach.linkPmsDownNo': {
    en: 'The link to the PMS of {name} is down: no resync requested',
    zh_CN: '{name}与PMS的连接已断开，未能请求同步',
  },
  'outreach.resyncRequestedPmsSends': {
    en: 'Resync requested: the PMS sends its guests again',
    zh_CN: '已请求重新同步，PMS将重新发送住客数据',
  },
  'outreach.lastHisEvent': {
    en: 'Last HIS event: {record} ({result}) at {at}',
    zh_CN: '最近一次HIS事件：{record}（{result}），{at}',
  },
  'outreach.noHisEventYet': {
    en: 'No HIS event yet; the HIS posts to {hisEvent}',
    zh_CN: '尚未收到HIS事件；HIS应发送到 {hisEvent}',
  },
  'outreach.setPmsHostPort': { en: 'Set the PMS host and port first', zh_CN: '请先设置PMS地址和端口' },
  'outreach.cannotConnectPms': {
    en: 'Cannot connect to the PMS at {host}:{port}: {error}',
    zh_CN: '无法连接PMS {host}:{port}：{error}',
  },
  'outreach.connectedPmsAnswered': {
    en: 'Connected to {host}:{port}; the PMS answered with {answered}',
    zh_CN: '已连接 {host}:{port}，PMS应答 {answered}',
  },
  'outreach.connectedBut': {
    en: 'Connected to {host}:{port}, but {error}',
    zh_CN: '已连接 {host}:{port}，但{error}',
  },
  'outreach.mustText': { en: '{name} must be text', zh_CN: '{name} 必须是文本' },
  'outreach.mustMostCharacters': {
    en: '{name} must be at most {max|# character|# characters}',
    zh_CN: '{name} 不能超过{max}个字符',
  },
  'outreach.typeMustAdmitDischarge': {
    en: 'type must be admit, discharge or transfer',
    zh_CN: 'type 必须是 admit、discharge 或 transfer',
  },
  'outreach.bedCodeRequired': { en: 'bed_code is required', zh_CN: '请填写 bed_code' },
  'outreach.genderMustMaleFemale': {
    en: 'gender must be male, female or unknown',
    zh_CN: 'gender 必须是 male、female 或 unknown',
  },
  'outreach.ageMustNumber': { en: 'age must be a number', zh_CN: 'age 必须是数字' },
  'outreach.ageMustWholeNumber': { en: 'age must be a whole number', zh_CN: 'age 必须是整数' },
  'outreach.ageMustBetween': { en: 'age must be between 0 and 150', zh_CN: 'age 必须在0到150之间' },
  'outreach.admittedMustYyyyMm': {
    en: 'admitted_at must be YYYY-MM-DD HH:mm:ss',
    zh_CN: 'admitted_at 格式须为 YYYY-MM-DD HH:mm:ss',
  },
  'outreach.patientNameRequired': {
    en: 'patient_name is required to {type}',
    zh_CN: '{type} 需要 patient_name',
  },
  'outreach.bearerTokenMissingBelongs': {
    en: 'The bearer token is missing or belongs to no enabled HIS interface',
    zh_CN: '缺少令牌或令牌不属于任何已启用的HIS接口',
  },
  'outreach.noAreaBedCode': {
    en: 'No area has the bed code {bed_code}',
    zh_CN: '不存在床位编码为 {bed_code} 的区域',
  },
} as const;
