import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLeaseFile, parseLeases } from '../../src/features/dnsmasq/leases.ts';
import { defaultRange, option43Value, renderDhcp, renderDns } from '../../src/features/dnsmasq/render.ts';
import { leaseSeconds } from '../../src/features/dnsmasq/rules.ts';
import { resolveSubnet } from '../../src/features/dnsmasq/subnet.ts';
import { parsePingMs } from '../../src/features/network/connect.ts';
import {
  fromNodeInterfaces,
  isIfName,
  mergeLive,
  parseDefaultRoutes,
  parseIpAddrJson,
  type SysNet,
  sysNumber,
} from '../../src/features/network/live.ts';
import { DEFAULT_IFACE, emptyDoc } from '../../src/features/network/model.ts';
import { renderNetwork, renderQos } from '../../src/features/network/render.ts';
import { checkOvpnProfile } from '../../src/features/network/rules.ts';
import { zoneFromFiles } from '../../src/features/network/timezone.ts';
import {
  inSubnet,
  isHost,
  isHostOf,
  isIPv6,
  maskToPrefix,
  normalizeMac,
  parseCidr,
  prefixToMask,
  subnetsOverlap,
} from '../../src/platform/lib/ipv4.ts';

const IP_J_ADDR = JSON.stringify([
  {
    ifindex: 1,
    ifname: 'lo',
    flags: ['LOOPBACK', 'UP', 'LOWER_UP'],
    mtu: 65536,
    operstate: 'UNKNOWN',
    address: '00:00:00:00:00:00',
    addr_info: [
      { family: 'inet', local: '127.0.0.1', prefixlen: 8 },
      { family: 'inet6', local: '::1', prefixlen: 128 },
    ],
  },
  {
    ifindex: 4,
    ifname: 'eth0',
    flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'],
    mtu: 1400,
    operstate: 'UP',
    address: '02:FC:00:00:00:01',
    addr_info: [
      { family: 'inet', local: '192.0.2.2', prefixlen: 24, broadcast: '192.0.2.255' },
      { family: 'inet6', local: 'fd00::2', prefixlen: 64 },
    ],
  },
  { ifindex: 5, ifname: 'ifb0', flags: ['BROADCAST', 'NOARP'], mtu: 1500, operstate: 'DOWN', addr_info: [] },
]);

describe('live interface parsers', () => {
  it('reads `ip -j addr` into links with IPv4 and IPv6 addresses', () => {
    const links = parseIpAddrJson(IP_J_ADDR);
    expect(links.map((l) => l.name)).toEqual(['lo', 'eth0', 'ifb0']);
    expect(links[1]).toEqual({
      name: 'eth0',
      mac: '02:fc:00:00:00:01',
      operstate: 'up',
      mtu: 1400,
      flags: ['BROADCAST', 'MULTICAST', 'UP', 'LOWER_UP'],
      ipv4: [{ address: '192.0.2.2', prefix: 24 }],
      ipv6: [{ address: 'fd00::2', prefix: 64 }],
    });
    expect(links[2]!.ipv4).toEqual([]);
    expect(() => parseIpAddrJson('{"not":"an array"}')).toThrow();
    expect(() => parseIpAddrJson('ip: command failed')).toThrow();
  });

  it('reads Node’s networkInterfaces() in the same shape when ip is missing', () => {
    const links = fromNodeInterfaces({
      eth0: [
        {
          address: '10.0.0.5',
          netmask: '255.255.255.0',
          family: 'IPv4',
          mac: '02:00:00:00:00:05',
          internal: false,
          cidr: '10.0.0.5/24',
        },
        {
          address: 'fe80::1',
          netmask: 'ffff:ffff:ffff:ffff::',
          family: 'IPv6',
          mac: '02:00:00:00:00:05',
          internal: false,
          cidr: 'fe80::1/64',
          scopeid: 2,
        },
      ],
    });
    expect(links[0]).toMatchObject({
      name: 'eth0',
      ipv4: [{ address: '10.0.0.5', prefix: 24 }],
      ipv6: [{ address: 'fe80::1', prefix: 64 }],
    });
  });

  it('finds the default gateway in `ip -j route show default`', () => {
    expect(parseDefaultRoutes('[{"dst":"default","gateway":"192.0.2.1","dev":"eth0","flags":[]}]')).toEqual([
      { gateway: '192.0.2.1', dev: 'eth0' },
    ]);
    expect(parseDefaultRoutes('[{"dst":"192.0.2.0/24","dev":"eth0"}]')).toEqual([]);
  });

  it('reads sysfs numbers: -1 speed and unreadable attributes are unknown', () => {
    expect(sysNumber('1000\n')).toBe(1000);
    expect(sysNumber('-1')).toBeNull();
    expect(sysNumber(null)).toBeNull();
    expect(sysNumber('')).toBeNull();
    expect(isIfName('eth0.100')).toBe(true);
    expect(isIfName('../etc')).toBe(false);
    expect(isIfName('a'.repeat(16))).toBe(false);
  });

  it('joins sysfs and address views by name', () => {
    const sys = [{ name: 'eth0', loopback: false } as SysNet, { name: 'eth9', loopback: false } as SysNet];
    const merged = mergeLive(sys, parseIpAddrJson(IP_J_ADDR));
    expect(merged[0]!.ipv4).toEqual([{ address: '192.0.2.2', prefix: 24 }]);
    expect(merged[1]!.ipv4).toEqual([]);
  });

  it('reads ping round-trip times and the zone from /etc files', () => {
    expect(parsePingMs('64 bytes from 192.0.2.1: icmp_seq=1 ttl=64 time=0.431 ms')).toBe(0.431);
    expect(parsePingMs('1 packets transmitted, 0 received')).toBeNull();
    expect(zoneFromFiles('Asia/Shanghai\n', null)).toBe('Asia/Shanghai');
    expect(zoneFromFiles(null, '/usr/share/zoneinfo/Etc/UTC')).toBe('Etc/UTC');
    expect(zoneFromFiles('', '../usr/share/zoneinfo/Europe/Berlin')).toBe('Europe/Berlin');
    expect(zoneFromFiles(null, null)).toBeNull();
  });
});

describe('address arithmetic', () => {
  it('subnets, masks, hosts', () => {
    const c = parseCidr('192.168.10.1/24')!;
    expect(inSubnet('192.168.10.254', c)).toBe(true);
    expect(inSubnet('192.168.11.1', c)).toBe(false);
    expect(isHostOf('192.168.10.0', c)).toBe(false);
    expect(isHostOf('192.168.10.255', c)).toBe(false);
    expect(isHostOf('10.0.0.1', parseCidr('10.0.0.0/31')!)).toBe(true);
    expect(prefixToMask(24)).toBe('255.255.255.0');
    expect(prefixToMask(0)).toBe('0.0.0.0');
    expect(maskToPrefix('255.255.240.0')).toBe(20);
    expect(maskToPrefix('255.0.255.0')).toBeNull();
    expect(parseCidr('192.168.1.1/33')).toBeNull();
    expect(parseCidr('192.168.1.1')).toBeNull();
    expect(subnetsOverlap(parseCidr('10.0.0.1/8')!, parseCidr('10.2.0.1/16')!)).toBe(true);
    expect(normalizeMac('AA-BB-CC-DD-EE-FF')).toBe('aa:bb:cc:dd:ee:ff');
    expect(normalizeMac('aa:bb:cc')).toBeNull();
    expect(isIPv6('2400:3200::1')).toBe(true);
    expect(isIPv6('1:2:3')).toBe(false);
    expect(isHost('-oProxyCommand')).toBe(false);
    expect(isHost('ntp.aliyun.com')).toBe(true);
  });
});

describe('network renderers', () => {
  it('renders a bond with its members and a PPPoE WAN as a ppp peer', () => {
    const doc = emptyDoc();
    doc.bonds.push({
      id: 1,
      name: 'bond0',
      mode: '802.3ad',
      members: ['eth1', 'eth2'],
      primary: '',
      miimon: 100,
    });
    doc.interfaces.eth0 = {
      ...DEFAULT_IFACE,
      role: 'wan',
      mode: 'pppoe',
      pppoe_user: 'u',
      pppoe_password: 'p',
    };
    const files = renderNetwork(doc, ['lo', 'eth0', 'eth1', 'eth2']);
    const byPath = Object.fromEntries(files.map((f) => [f.path, f]));
    expect(byPath['systemd/network/05-igs-bond0.netdev']!.content).toContain(
      'Mode=802.3ad\nMIIMonitorSec=100ms\nLACPTransmitRate=fast',
    );
    expect(byPath['systemd/network/10-igs-eth1.network']!.content).toContain('Bond=bond0');
    expect(byPath['ppp/peers/igs-pppoe-eth0']).toMatchObject({ secret: true });
    expect(byPath['ppp/peers/igs-pppoe-eth0']!.content).toContain('defaultroute\nusepeerdns');
    expect(Object.keys(byPath)).toEqual([...Object.keys(byPath)].sort());
  });

  it('renders no QoS file without a shaped interface, HTB per direction with one', () => {
    expect(renderQos({ interfaces: [{ iface: 'eth0', up_kbps: 0, down_kbps: 0 }], rules: [] })).toBeNull();
    const tc = renderQos({
      interfaces: [{ iface: 'eth0', up_kbps: 1000, down_kbps: 0 }],
      rules: [
        { name: 'voice', src: '192.168.1.0/24', dst_port: 0, proto: 'udp', class: 'high', limit_kbps: 0 },
      ],
    })!;
    expect(tc).toContain(
      'class replace dev eth0 parent 1:1 classid 1:10 htb rate 500kbit ceil 1000kbit prio 0',
    );
    expect(tc).toContain('u32 match ip src 192.168.1.0/24 match ip protocol 17 0xff flowid 1:10');
    expect(tc).not.toContain('ifb');
  });

  it('checks OpenVPN profiles: client with a remote, nothing that runs programs', () => {
    expect(checkOvpnProfile('client\nremote a.example 1194\n').problem).toBeNull();
    expect(checkOvpnProfile('client\nremote a 1\nauth-user-pass\n').needsAuth).toBe(true);
    expect(checkOvpnProfile('client\nremote a 1\n--up /tmp/x\n').problem?.en).toContain(
      '"up" is not allowed',
    );
    expect(checkOvpnProfile('client\nremote a 1\nplugin /x.so\n').problem?.en).toContain('plugin');
    expect(checkOvpnProfile('client\ndev tun\n').problem?.en).toContain('remote');
    expect(checkOvpnProfile('remote a 1\n').problem?.en).toContain('client');
    expect(
      checkOvpnProfile('client\nremote a 1\n<key>\nup not-a-directive-inside-a-block\n</key>\n').problem,
    ).toBeNull();
    expect(checkOvpnProfile('client\nremote a 1\n<key>\n').problem?.en).toContain('not closed');
  });
});

describe('dnsmasq pieces', () => {
  it('parses the lease file, skipping garbage', () => {
    const leases = parseLeases(
      '1700000000 AA:BB:CC:DD:EE:FF 192.168.1.50 pc1 01:aa:bb:cc:dd:ee:ff\n0 aa:bb:cc:dd:ee:01 192.168.1.51 * *\nduid 00:01\nnonsense\n1 x fd00::1 * *\n',
    );
    const v4 = { family: 'v4', duid: '', iaid: '', temporary: 0 };
    expect(leases).toEqual([
      {
        ...v4,
        expires_at: 1_700_000_000_000,
        mac: 'aa:bb:cc:dd:ee:ff',
        ip: '192.168.1.50',
        hostname: 'pc1',
        client_id: '01:aa:bb:cc:dd:ee:ff',
      },
      { ...v4, expires_at: null, mac: 'aa:bb:cc:dd:ee:01', ip: '192.168.1.51', hostname: '', client_id: '' },
    ]);
  });

  it('reads a mixed DHCPv4/DHCPv6 lease file as dnsmasq writes it (duid line, IAIDs, temporary addresses)', () => {
    const text = fs.readFileSync(path.join(import.meta.dirname, '../fixtures/dnsmasq/mixed.leases'), 'utf8');
    const { leases, server_duid } = parseLeaseFile(text);
    expect(server_duid).toBe('00:01:00:01:2e:d4:9b:5f:52:54:00:8a:61:3c');
    expect(leases.map((l) => `${l.family} ${l.ip}`)).toEqual([
      'v4 192.168.10.117',
      'v4 192.168.10.142',
      'v4 192.168.10.163',
      'v4 192.168.10.50',
      'v6 fd00:10::1c3',
      'v6 fd00:10::8f2a',
      'v6 2001:db8:10::50',
    ]);
    expect(leases[4]).toEqual({
      family: 'v6',
      expires_at: 1_764_320_318_000,
      mac: '',
      ip: 'fd00:10::1c3',
      hostname: 'desktop-room-0805',
      client_id: '',
      duid: '00:01:00:01:2c:1f:a2:7b:f0:18:98:3d:77:ab',
      iaid: '1084233775',
      temporary: 0,
    });
    expect(leases[5]).toMatchObject({ hostname: '', iaid: '3581201', temporary: 1 });
    expect(leases[6]).toMatchObject({ expires_at: null, duid: '00:03:00:01:00:e0:4c:68:01:02' });
    expect(leases[3]).toMatchObject({ expires_at: null, mac: '00:e0:4c:68:01:02', client_id: '' });
    // A Windows line ending or a file without the DHCPv6 part reads the same.
    expect(parseLeaseFile(text.replaceAll('\n', '\r\n')).leases).toEqual(leases);
    expect(parseLeaseFile(text.split('duid')[0]!)).toEqual({ leases: leases.slice(0, 4), server_duid: '' });
  });

  it('lease times, option 43 and the default range', () => {
    expect(leaseSeconds('12h')).toBe(43200);
    expect(leaseSeconds('2m')).toBe(120);
    expect(leaseSeconds('30d')).toBe(2_592_000);
    expect(leaseSeconds('1m')).toBeNull();
    expect(leaseSeconds('31d')).toBeNull();
    expect(option43Value('0104C0A80001')).toBe('01:04:c0:a8:00:01');
    // A URL is TR-069's sub-option 1: code 1, length 20, the URL's bytes.
    expect(option43Value('http://acs.example/x')).toBe(
      ['01', '14', ...Buffer.from('http://acs.example/x').toString('hex').match(/../g)!].join(':'),
    );
    expect(defaultRange(parseCidr('192.168.1.1/24')!)).toEqual({
      start: '192.168.1.100',
      end: '192.168.1.199',
    });
    expect(defaultRange(parseCidr('10.0.0.1/26')!)).toEqual({ start: '10.0.0.31', end: '10.0.0.62' });
  });

  it('renders DHCP off and DNS off', () => {
    const dhcp = renderDhcp({ enabled: 0 } as never, null, []);
    expect(dhcp).toContain('# DHCP is off.');
    expect(dhcp).not.toContain('dhcp-range');
    expect(
      renderDns({ enabled: 0, port: 53, upstream: [], cache_size: 1, no_resolv: 0, overrides: [] }, []),
    ).toContain('port=0');
  });

  it('resolves the DHCP interface from a role or a name', () => {
    const doc = emptyDoc();
    doc.interfaces.eth1 = {
      ...DEFAULT_IFACE,
      role: 'lan',
      mode: 'static',
      ip: '192.168.5.1/24',
      vlan_id: 10,
    };
    const r = resolveSubnet('lan', doc, []);
    expect(r).toMatchObject({ ok: true, name: 'eth1', dev: 'eth1.10', source: 'settings' });
    expect(resolveSubnet('wan', doc, [])).toMatchObject({ ok: false });
    expect(resolveSubnet('eth7', doc, [])).toMatchObject({ ok: false });
  });
});
