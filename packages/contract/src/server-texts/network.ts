/** The server's texts of one area (server-texts/index.ts). */
export const networkTexts = {
  'network.notFound': { en: '{what} was not found', zh_CN: '{what}不存在' },
  'network.noPreviousVersionRoll': {
    en: 'There is no previous version to roll back to',
    zh_CN: '没有可回滚的上一版本',
  },
  'network.loopbackInterfaceCannotConfigured': {
    en: 'The loopback interface cannot be configured',
    zh_CN: '回环接口不能配置',
  },
  'network.bond': { en: 'Bond', zh_CN: '聚合接口' },
  'network.pptpTunnel': { en: 'PPTP tunnel', zh_CN: 'PPTP隧道' },
  'network.uploadProfileTextFile': {
    en: 'Upload the profile as a text file (kind text)',
    zh_CN: '请以文本类型（text）上传配置文件',
  },
  'network.openvpnProfileMostKb': {
    en: 'An OpenVPN profile is at most 256 KB',
    zh_CN: 'OpenVPN配置文件不能超过256KB',
  },
  'network.profileNotUtfText': { en: 'The profile is not a UTF-8 text file', zh_CN: '配置文件不是UTF-8文本' },
  'network.openvpnClient': { en: 'OpenVPN client', zh_CN: 'OpenVPN客户端' },
  'network.uploadedProfileNotFound': {
    en: 'The uploaded profile was not found',
    zh_CN: '找不到上传的配置文件',
  },
  'network.profileAsksUserName': {
    en: 'This profile asks for a user name and password (auth-user-pass): fill them in',
    zh_CN: '该配置文件需要用户名和密码（auth-user-pass），请填写',
  },
  'network.savedApplied': { en: 'Saved and applied', zh_CN: '已保存并生效' },
  'network.savedCopiedIntoPlace': {
    en: 'Saved and copied into place; {note}',
    zh_CN: '已保存并复制到系统目录；{note}',
  },
  'network.savedConfigurationFilesWritten': {
    en: 'Saved: configuration files written but not applied (IGS_APPLY is not 1)',
    zh_CN: '已保存：配置文件已生成，但未应用到系统（IGS_APPLY 未设为 1）',
  },
  'network.saved': { en: 'Saved; {note}', zh_CN: '已保存；{note}' },
  'network.required': { en: '{l} is required', zh_CN: '请填写{l}' },
  'network.mustText': { en: '{l} must be text', zh_CN: '{l}必须是文本' },
  'network.mustMostCharacters': {
    en: '{l} must be at most {max|# character|# characters}',
    zh_CN: '{l}不能超过{max}个字符',
  },
  'network.mayHoldPrintableCharacters': {
    en: '{l} may hold printable characters only, without quotes or backslashes',
    zh_CN: '{l}只能包含可打印字符，且不能含引号或反斜杠',
  },
  'network.mustWholeNumber': {
    en: '{l} must be a whole number from {min} to {max}',
    zh_CN: '{l}必须是{min}到{max}之间的整数',
  },
  'network.mustBeFlag': { en: '{l} must be 0 or 1', zh_CN: '{l}必须是0或1' },
  'network.mustOne': { en: '{l} must be one of: {options}', zh_CN: '{l}必须是以下之一：{options}' },
  'network.mustIpv4AddressSuch': {
    en: '{l} must be an IPv4 address such as 192.168.1.1',
    zh_CN: '{l}必须是IPv4地址，如192.168.1.1',
  },
  'network.mustIpAddress': { en: '{l} must be an IP address', zh_CN: '{l}必须是IP地址' },
  'network.mustAddressPrefixSuch': {
    en: '{l} must be an address/prefix such as 192.168.1.1/24',
    zh_CN: '{l}必须是地址/前缀，如192.168.1.1/24',
  },
  'network.mustMacAddressSuch': {
    en: '{l} must be a MAC address such as 00:11:22:aa:bb:cc',
    zh_CN: '{l}必须是MAC地址，如00:11:22:aa:bb:cc',
  },
  'network.mustHostNameIp': {
    en: '{l} must be a host name or an IP address',
    zh_CN: '{l}必须是主机名或IP地址',
  },
  'network.mustList': { en: '{l} must be a list', zh_CN: '{l}必须是列表' },
  'network.mostEntries': { en: '{l}: at most {max|# entry|# entries}', zh_CN: '{l}最多{max}项' },
  'network.nameMayUseLetters': {
    en: 'Name may use letters, digits, _ and - (at most 32)',
    zh_CN: '名称只能包含字母、数字、_和-（最多32个）',
  },
  'network.alreadyUsed': { en: '"{name}" is already used', zh_CN: '名称“{name}”已存在' },
  'network.clonedMacMustUnicast': {
    en: 'The cloned MAC must be a unicast address',
    zh_CN: '克隆的MAC必须是单播地址',
  },
  'network.staticInterfaceNeedsIp': {
    en: 'A static interface needs its IP address/prefix',
    zh_CN: '静态模式必须填写IP地址/前缀',
  },
  'network.networkBroadcastAddress': {
    en: '{ip} is the network or broadcast address of /{prefix}',
    zh_CN: '{ip}是该/{prefix}网段的网络地址或广播地址',
  },
  'network.gatewayNotInside': {
    en: 'The gateway {gateway} is not inside {ip}',
    zh_CN: '网关{gateway}不在{ip}网段内',
  },
  'network.gatewayCannotInterfaceS': {
    en: 'The gateway cannot be the interface’s own address',
    zh_CN: '网关不能是本接口地址',
  },
  'network.pppoeNeedsAccountName': { en: 'PPPoE needs the account name', zh_CN: 'PPPoE模式必须填写账号' },
  'network.pppoeNeedsPassword': { en: 'PPPoE needs the password', zh_CN: 'PPPoE模式必须填写密码' },
  'network.memberConfigureInstead': {
    en: '{name} is a member of {name2}: configure {name2} instead',
    zh_CN: '{name}是{name2}的成员接口，请配置{name2}',
  },
  'network.vlanUsedIpoe': {
    en: 'VLAN {vlan_id} on {name} is used by IPoE',
    zh_CN: '{name}上的VLAN {vlan_id}已被IPoE使用',
  },
  'network.carriesIpoeWithoutVlan': {
    en: '{name} carries IPoE without a VLAN: it cannot also be {role}',
    zh_CN: '{name}已作为IPoE接口（无VLAN），不能再设为{role}',
  },
  'network.alreadyAddress': { en: '{ip} is already the address of {other}', zh_CN: '{ip}已是{other}的地址' },
  'network.alreadyAddressOf': { en: '{ip} is already the address of {name}', zh_CN: '{ip}已是{name}的地址' },
  'network.noInterface': { en: 'There is no interface {iface}', zh_CN: '接口{iface}不存在' },
  'network.member': { en: '{iface} is a member of {name}', zh_CN: '{iface}是{name}的成员接口' },
  'network.vlanAlreadyUsedInterface': {
    en: 'VLAN {vlan_id} on {iface} is already used by the interface settings',
    zh_CN: '{iface}上的VLAN {vlan_id}已被接口设置使用',
  },
  'network.interfaceGiveIpoeVlan': {
    en: '{iface} is the {role} interface: give IPoE a VLAN or a free interface',
    zh_CN: '{iface}已是{role}接口：请为IPoE指定VLAN或空闲接口',
  },
  'network.igmpProxyNeedsLan': {
    en: 'The IGMP proxy needs a LAN interface (role lan) to send the streams to',
    zh_CN: 'IGMP代理需要一个LAN角色的接口作为下游',
  },
  'network.secondaryDnsRepeatsPrimary': {
    en: 'The secondary DNS repeats the primary',
    zh_CN: '备用DNS与首选DNS相同',
  },
  'network.bandwidthNoShapingLeast': {
    en: 'Bandwidth is 0 (no shaping) or at least 64 kbit/s',
    zh_CN: '带宽为0（不限）或至少64 kbit/s',
  },
  'network.listedTwice': { en: '{iface} is listed twice', zh_CN: '{iface}重复' },
  'network.ruleListedTwice': { en: 'Rule "{name}" is listed twice', zh_CN: '规则“{name}”重复' },
  'network.sourceMustAddressSubnet': {
    en: 'Source must be an address or a subnet such as 192.168.1.0/24',
    zh_CN: '源地址必须是IP或网段，如192.168.1.0/24',
  },
  'network.limitNoneLeastKbit': {
    en: 'A limit is 0 (none) or at least 8 kbit/s',
    zh_CN: '限速为0（不限）或至少8 kbit/s',
  },
  'network.ruleNeedsSourcePort': {
    en: 'A rule needs a source, a port or a protocol to match',
    zh_CN: '规则至少要匹配源地址、端口或协议之一',
  },
  'network.rulesNeedBandwidthLeast': {
    en: 'Rules need the bandwidth of at least one interface',
    zh_CN: '规则需要至少一个接口设置带宽',
  },
  'network.bondNameLowerCase': {
    en: 'A bond name is lower-case letters, digits and _, such as bond0',
    zh_CN: '聚合接口名只能包含小写字母、数字和_，如bond0',
  },
  'network.bondAlreadyExists': { en: 'Bond {name} already exists', zh_CN: '聚合接口{name}已存在' },
  'network.physicalInterface': { en: '{name} is a physical interface', zh_CN: '{name}是物理接口' },
  'network.bondNeedsLeastOne': {
    en: 'A bond needs at least one member interface',
    zh_CN: '聚合接口至少需要一个成员接口',
  },
  'network.memberListedTwice': { en: 'A member is listed twice', zh_CN: '成员接口重复' },
  'network.noInterfaceNamed': { en: 'There is no interface {m}', zh_CN: '接口{m}不存在' },
  'network.alreadyMember': { en: '{m} is already a member of {name}', zh_CN: '{m}已是{name}的成员接口' },
  'network.bondItself': { en: '{m} is a bond itself', zh_CN: '{m}本身是聚合接口' },
  'network.ownSettingsResetRole': {
    en: '{m} has its own settings ({role}, {mode}): reset it to role none, mode dhcp first',
    zh_CN: '{m}已有自己的设置（{role}，{mode}）：请先改为角色none、模式dhcp',
  },
  'network.carriesIpoe': { en: '{m} carries IPoE', zh_CN: '{m}已用于IPoE' },
  'network.primaryMustOneMembers': {
    en: 'The primary must be one of the members',
    zh_CN: '主接口必须是成员接口之一',
  },
  'network.primaryAppliesActiveBackup': {
    en: 'A primary applies to active-backup and balance-alb only',
    zh_CN: '主接口只适用于active-backup和balance-alb模式',
  },
  'network.passwordRequired': { en: 'Password is required', zh_CN: '请填写密码' },
  'network.anotherEnabledTunnelAlready': {
    en: 'Another enabled tunnel already takes the default route',
    zh_CN: '已有其他启用的隧道作为默认路由',
  },
  'network.lineNotAllowedUploaded': {
    en: 'Line {value}: "{directive}" is not allowed in an uploaded profile',
    zh_CN: '第{value}行：上传的配置文件不允许使用“{directive}”',
  },
  'network.blockNotClosed': { en: 'The <{inBlock}> block is not closed', zh_CN: '<{inBlock}>块没有结束' },
  'network.profileNoRemoteServer': {
    en: 'The profile has no "remote" server',
    zh_CN: '配置文件缺少remote服务器',
  },
  'network.profileNotClientProfile': {
    en: 'The profile is not a client profile ("client" is missing)',
    zh_CN: '配置文件不是客户端配置（缺少client）',
  },
  'network.notKnownTimeZone': { en: '{timezone} is not a known time zone', zh_CN: '未知时区{timezone}' },
  'network.notHostNameIp': {
    en: '{bad} is not a host name or IP address',
    zh_CN: '{bad}不是有效的主机名或IP地址',
  },
  'network.ntpServerListedTwice': { en: 'An NTP server is listed twice', zh_CN: 'NTP服务器重复' },
  'network.ntpSyncNeedsLeast': {
    en: 'NTP sync needs at least one server',
    zh_CN: '启用NTP同步需要至少一个服务器',
  },
} as const;
