/** The server's texts of one area (server-texts/index.ts). */
export const dnsTexts = {
  'dns.noLeaseFileYet': {
    en: 'No lease file yet at {path}: dnsmasq has handed out no lease',
    zh_CN: '{path}处尚无租约文件：dnsmasq尚未分配租约',
  },
  'dns.cannotReadLeaseFile': {
    en: 'Cannot read the lease file {path} ({code})',
    zh_CN: '无法读取租约文件{path}（{code}）',
  },
  'dns.savedRangeAddressOutside': {
    en: 'The saved range address {ip} is outside {dev} ({sub}) now: save the DHCP settings again',
    zh_CN: '已保存的地址池地址{ip}已不在{dev}（{sub}）内：请重新保存DHCP设置',
  },
  'dns.staticLeaseOutsideNow': {
    en: 'The static lease {ip} ({mac}) is outside {dev} ({sub}) now',
    zh_CN: '静态分配{ip}（{mac}）已不在{dev}（{sub}）内',
  },
  'dns.staticLeaseWouldOutside': {
    en: 'The static lease {ip} ({mac}) would be outside {dev}: change or delete it first',
    zh_CN: '静态分配{ip}（{mac}）将不在{dev}网段内：请先修改或删除',
  },
  'dns.macMustMacAddress': { en: 'mac must be a MAC address', zh_CN: 'MAC地址格式不正确' },
  'dns.noCurrentLeaseMac': { en: 'No current lease has the MAC {mac}', zh_CN: '没有MAC为{mac}的租约' },
  'dns.dhcpLease': { en: 'From a DHCP lease', zh_CN: '由DHCP租约转换' },
  'dns.noPreviousVersionRoll': {
    en: 'There is no previous version to roll back to',
    zh_CN: '没有可回滚的上一版本',
  },
  'dns.dnsmasqTestRefusedConfiguration': {
    en: 'dnsmasq --test refused the configuration; nothing was written: {output}',
    zh_CN: 'dnsmasq --test 未通过，未写入任何文件：{output}',
  },
  'dns.savedCheckedDnsmasqApplied': {
    en: 'Saved, checked by dnsmasq and applied',
    zh_CN: '已保存，dnsmasq检查通过并已生效',
  },
  'dns.savedChecked': { en: 'Saved and checked; {note}', zh_CN: '已保存并检查通过；{note}' },
  'dns.savedCheckedDnsmasqFiles': {
    en: 'Saved and checked by dnsmasq: files written but not applied (IGS_APPLY is not 1)',
    zh_CN: '已保存，dnsmasq检查通过：配置文件已生成，但未应用到系统（IGS_APPLY 未设为 1）',
  },
  'dns.writingFailedNothingSaved': {
    en: 'Writing {file} failed ({why}): nothing was saved',
    zh_CN: '写入{file}失败（{why}）：未保存任何修改',
  },
  'dns.interfaceMustRoleLan': {
    en: 'Interface must be a role (lan, wan, mgmt) or an interface name',
    zh_CN: '接口必须是角色（lan、wan、mgmt）或接口名',
  },
  'dns.leaseTimeNumberM': {
    en: 'Lease time is a number with m, h or d, from 2m to 30d (e.g. 12h)',
    zh_CN: '租期为数字加m、h或d，范围2m到30d（如12h）',
  },
  'dns.optionHexBytesC0': {
    en: 'Option 43 is hex bytes (01:04:c0:a8…) or an ITMS URL',
    zh_CN: 'Option 43必须是十六进制字节（01:04:c0:a8…）或ITMS地址',
  },
  'dns.option43UrlTooLong': {
    en: 'An option 43 URL is sent as sub-option 1 and may be at most 253 bytes long',
    zh_CN: 'Option 43地址作为子选项1发送，最长253字节',
  },
  'dns.leaseFileAbsolutePath': {
    en: 'The lease file is an absolute path ending in .leases',
    zh_CN: '租约文件必须是以.leases结尾的绝对路径',
  },
  'dns.rangeStartRequired': { en: 'Range start is required', zh_CN: '请填写起始地址' },
  'dns.rangeEndRequired': { en: 'Range end is required', zh_CN: '请填写结束地址' },
  'dns.notHostAddress': {
    en: '{v} is not a host address of {dev} ({sub})',
    zh_CN: '{v}不是{dev}（{sub}）内的主机地址',
  },
  'dns.rangeEndsBeforeStarts': { en: 'The range ends before it starts', zh_CN: '结束地址不能小于起始地址' },
  'dns.rangeIncludesInterfaceS': {
    en: 'The range includes the interface’s own address {ip}',
    zh_CN: '地址池包含了接口自身地址{ip}',
  },
  'dns.gatewayNotInside': {
    en: 'The gateway {gateway} is not inside {sub}',
    zh_CN: '网关{gateway}不在{sub}内',
  },
  'dns.vendorClassPrintableText': {
    en: 'Vendor class is printable text without quotes, commas, # or backslashes',
    zh_CN: '厂商标识只能是可打印字符，且不含引号、逗号、#或反斜杠',
  },
  'dns.tagLettersDigitsNot': {
    en: 'A tag is letters, digits, _ and - (not starting with igs-)',
    zh_CN: '标签只能包含字母、数字、_和-（不能以igs-开头）',
  },
  'dns.tagListedTwice': { en: 'Tag {tag} is listed twice', zh_CN: '标签{tag}重复' },
  'dns.notIpAddress': { en: '{value} is not an IP address', zh_CN: '{value}不是IP地址' },
  'dns.serverListedTwice': { en: 'A server is listed twice', zh_CN: '上游服务器重复' },
  'dns.ignoringResolvConfNeeds': {
    en: 'Ignoring resolv.conf needs at least one upstream server',
    zh_CN: '不读取resolv.conf时至少需要一个上游服务器',
  },
  'dns.listedTwice': { en: '{domain} is listed twice', zh_CN: '{domain}重复' },
  'dns.staticLeaseIpv4Address': { en: 'A static lease is an IPv4 address', zh_CN: '静态分配必须是IPv4地址' },
  'dns.notInsideDhcpSubnet': {
    en: '{ip} is not inside the DHCP subnet {sub}',
    zh_CN: '{ip}不在DHCP网段{sub}内',
  },
  'dns.addressItself': { en: '{ip} is the address of {dev} itself', zh_CN: '{ip}是{dev}自身的地址' },
  'dns.noDhcpSubnetCheck': {
    en: 'No DHCP subnet to check against: {problem}',
    zh_CN: '无法确定DHCP网段：{problem}',
  },
  'dns.noInterfaceWithRole': {
    en: 'No interface has the {role} role: set one under Network card settings',
    zh_CN: '没有角色为{role}的接口：请在网卡设置中指定',
  },
  'dns.noSuchInterface': { en: 'There is no interface {iface}', zh_CN: '接口{iface}不存在' },
  'dns.noAddressToServe': {
    en: '{dev} has no IPv4 address to serve DHCP on: give it a static address',
    zh_CN: '{dev}没有可用于DHCP的IPv4地址：请为其设置静态地址',
  },
  'dns.savedNotChecked': {
    en: 'Saved; dnsmasq is not installed: the configuration was written but not checked',
    zh_CN: '已保存；未安装dnsmasq，配置已生成但未经检查',
  },
} as const;
