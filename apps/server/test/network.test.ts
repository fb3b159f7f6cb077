import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { makeFakeSysfs } from './support/fake-sysfs.ts';
import { describeEachDb, startServer, type TestServer } from './support/server.ts';
import { accountWith } from './support/system-test-accounts.ts';

const N = (tab: string) => `/admin.php/Network/${tab}`;
const FAKE = makeFakeSysfs(['lo', 'ge0', 'ge1', 'ge2', 'ge3']);

afterEach(() => {
  delete process.env.IGS_APPLY;
  delete process.env.IGS_APPLY_ROOT;
  process.env.IGS_SYSFS_NET = FAKE;
});

interface SaveReply {
  written: string[];
  removed: string[];
  applied: boolean;
  note: string;
}

describe('the real host', () => {
  let s: TestServer;
  let token: string;
  beforeAll(async () => {
    s = await startServer('sqlite');
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('lists every interface of /sys/class/net with its address, state, MTU and counters', async () => {
    delete process.env.IGS_SYSFS_NET;
    const r = await s.call<{
      list: { name: string; mac: string; operstate: string; mtu: number; rx_bytes: number; ipv4: string[] }[];
      source: string;
    }>(N('index'), { method: 'list' }, { token });
    expect(r.code).toBe(200);
    const names = fs.readdirSync('/sys/class/net').sort();
    expect(r.data.list.map((l) => l.name)).toEqual(names);
    for (const l of r.data.list) {
      const dir = `/sys/class/net/${l.name}`;
      expect(l.mac).toBe(fs.readFileSync(`${dir}/address`, 'utf8').trim());
      expect(l.operstate).toBe(fs.readFileSync(`${dir}/operstate`, 'utf8').trim());
      expect(l.mtu).toBe(Number(fs.readFileSync(`${dir}/mtu`, 'utf8')));
      expect(l.rx_bytes).toBeGreaterThanOrEqual(0);
    }
    // Addresses: from `ip -j addr` when installed, else Node's view; loopback has 127.0.0.1 either way.
    expect(['ip', 'node']).toContain(r.data.source);
    expect(r.data.list.find((l) => l.name === 'lo')?.ipv4).toContain('127.0.0.1/8');
  });
});

describeEachDb('network cards', (kind) => {
  let s: TestServer;
  let token: string;
  const etc = (rel: string) => path.join(s.dataDir, 'etc', rel);
  const read = (rel: string) => fs.readFileSync(etc(rel), 'utf8');
  const edit = (name: string, body: Record<string, unknown>) =>
    s.call<SaveReply>(N('net'), { method: 'edit', name, ...body }, { token });

  beforeAll(async () => {
    process.env.IGS_SYSFS_NET = FAKE;
    s = await startServer(kind);
    token = await s.login();
  });
  afterAll(async () => s.close());

  it('lists the interfaces of the host with their live state, loopback left out', async () => {
    const r = await s.call<{
      list: { name: string; live: { mac: string; speed: number } | null; mode: string; role: string }[];
    }>(N('net'), { method: 'list' }, { token });
    expect(r.code).toBe(200);
    expect(r.data.list.map((l) => l.name)).toEqual(['ge0', 'ge1', 'ge2', 'ge3']);
    expect(r.data.list[0]).toMatchObject({
      live: { mac: '02:00:00:00:00:02', speed: 1000 },
      mode: 'dhcp',
      role: 'none',
    });
  });

  it('writes a static interface as a systemd-networkd file, written but not applied without IGS_APPLY', async () => {
    const r = await edit('ge1', {
      role: 'lan',
      mode: 'static',
      ip: '192.168.10.1/24',
      dns1: '223.5.5.5',
      mtu: 1500,
    });
    expect(r.code).toBe(200);
    expect(r.data.applied).toBe(false);
    expect(r.msg).toContain('not applied');
    expect(r.data.written).toContain('systemd/network/10-igs-ge1.network');
    const file = read('systemd/network/10-igs-ge1.network');
    expect(file).toContain('[Match]\nName=ge1\n');
    expect(file).toContain('[Link]\nMTUBytes=1500\n');
    expect(file).toContain('Address=192.168.10.1/24');
    expect(file).toContain('DNS=223.5.5.5');
    expect(file).not.toContain('Gateway=');
    const d = await s.call<{ role: string; ip: string }>(
      N('net'),
      { method: 'detail', name: 'ge1' },
      { token },
    );
    expect(d.data).toMatchObject({ role: 'lan', ip: '192.168.10.1/24' });
  });

  it('refuses bad interface settings with every problem named, and writes nothing', async () => {
    const before = read('systemd/network/10-igs-ge1.network');
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { role: 'lan', mode: 'static', ip: '192.168.10.1/24', gateway: '192.168.11.1' },
        'gateway',
        'not inside',
      ],
      [
        { role: 'lan', mode: 'static', ip: '192.168.10.1/24', gateway: '192.168.10.1' },
        'gateway',
        'own address',
      ],
      [{ role: 'lan', mode: 'static', ip: '192.168.10.0/24' }, 'ip', 'network or broadcast'],
      [{ role: 'lan', mode: 'static', ip: '192.168.10.300/24' }, 'ip', 'address/prefix'],
      [{ role: 'lan', mode: 'static', ip: '' }, 'ip', 'static'],
      [{ role: 'lan', mtu: 9001 }, 'mtu', '576 to 9000'],
      [{ role: 'lan', mtu: 575 }, 'mtu', '576 to 9000'],
      [{ role: 'lan', vlan_id: 4095 }, 'vlan_id', '0 to 4094'],
      [{ role: 'lan', mac_clone: '01:00:5e:00:00:01' }, 'mac_clone', 'unicast'],
      [{ role: 'lan', mac_clone: 'zz' }, 'mac_clone', 'MAC'],
      [{ role: 'boss' }, 'role', 'one of'],
      [{ role: 'wan', mode: 'pppoe' }, 'pppoe_user', 'account'],
    ];
    for (const [body, field, text] of cases) {
      const r = await edit('ge1', body);
      expect(r.code, JSON.stringify(body)).toBe(422);
      const errors = (r.data as unknown as { errors: { field: string; msg: string }[] }).errors;
      const e = errors.find((x) => x.field === field);
      expect(e?.msg, JSON.stringify(body)).toContain(text);
    }
    const noRole = await edit('ge2', { mode: 'static', ip: '10.1.1.1/24' });
    expect(noRole.msg).toBe('Role is required');
    // No duplicate addresses across interfaces.
    const dup = await edit('ge2', { role: 'lan', mode: 'static', ip: '192.168.10.1/16' });
    expect(dup.code).toBe(422);
    expect(dup.msg).toContain('already the address of ge1');
    expect((await edit('ge9', { role: 'lan' })).code).toBe(404);
    expect((await edit('lo', { role: 'lan' })).code).not.toBe(200);
    expect(read('systemd/network/10-igs-ge1.network')).toBe(before);
    expect(fs.existsSync(etc('systemd/network/10-igs-ge2.network'))).toBe(false);
  });

  it('answers in Chinese for a Chinese caller', async () => {
    const r = await s.call(
      N('net'),
      {
        method: 'edit',
        name: 'ge1',
        role: 'lan',
        mode: 'static',
        ip: '192.168.10.1/24',
        gateway: '10.0.0.1',
      },
      { token, headers: { 'accept-language': 'zh-CN', cookie: 'language=zh_CN' } },
    );
    expect(r.code).toBe(422);
    expect(r.msg).toMatch(/网关/);
  });

  it('puts a VLAN in a netdev with the address on the VLAN interface', async () => {
    const r = await edit('ge0', {
      role: 'wan',
      mode: 'static',
      ip: '10.0.0.2/24',
      gateway: '10.0.0.1',
      vlan_id: 100,
    });
    expect(r.code).toBe(200);
    expect(read('systemd/network/05-igs-ge0.100.netdev')).toContain(
      '[NetDev]\nName=ge0.100\nKind=vlan\n\n[VLAN]\nId=100',
    );
    const parent = read('systemd/network/10-igs-ge0.network');
    expect(parent).toContain('VLAN=ge0.100');
    expect(parent).not.toContain('Address=');
    const vlan = read('systemd/network/10-igs-ge0.100.network');
    expect(vlan).toContain('Name=ge0.100');
    expect(vlan).toContain('Address=10.0.0.2/24\nGateway=10.0.0.1');
  });

  it('writes PPPoE as a ppp peer (mode 0600) and never returns the password; empty keeps it', async () => {
    const r = await edit('ge3', {
      role: 'wan',
      mode: 'pppoe',
      pppoe_user: 'user@isp',
      pppoe_password: 's3cret!',
    });
    expect(r.code).toBe(200);
    const peer = read('ppp/peers/igs-pppoe-ge3');
    expect(peer).toContain('plugin pppoe.so\nnic-ge3\nuser "user@isp"\npassword "s3cret!"');
    expect(peer).toContain('mtu 1492');
    expect(fs.statSync(etc('ppp/peers/igs-pppoe-ge3')).mode & 0o777).toBe(0o600);
    expect(read('systemd/network/10-igs-ge3.network')).toContain('LinkLocalAddressing=no');
    const d = await s.call<{ pppoe_password: string; pppoe_password_set: number }>(
      N('net'),
      { method: 'detail', name: 'ge3' },
      { token },
    );
    expect(d.data).toMatchObject({ pppoe_password: '', pppoe_password_set: 1 });
    const list = await s.call(N('net'), { method: 'list' }, { token });
    expect(JSON.stringify(list.data)).not.toContain('s3cret');
    expect((await edit('ge3', { role: 'wan', mode: 'pppoe', pppoe_user: 'user@isp', mtu: 1500 })).code).toBe(
      200,
    );
    expect(read('ppp/peers/igs-pppoe-ge3')).toContain('password "s3cret!"');
    const quote = await edit('ge3', { role: 'wan', mode: 'pppoe', pppoe_user: 'a"b', pppoe_password: 'x' });
    expect(quote.code).toBe(422);
  });

  it('bonds: members must exist, carry no settings of their own and sit in one bond only', async () => {
    const T = N('teaming');
    const busy = await s.call(T, { method: 'add', name: 'bond0', members: ['ge2', 'ge3'] }, { token });
    expect(busy.code).toBe(422);
    expect(busy.msg).toContain('ge3 has its own settings');
    expect(
      (await s.call(T, { method: 'add', name: 'bond0', members: ['ge2', 'ge9'] }, { token })).msg,
    ).toContain('no interface ge9');
    expect((await s.call(T, { method: 'add', name: 'bond0', members: [] }, { token })).code).toBe(422);
    expect((await s.call(T, { method: 'add', name: 'ge0', members: ['ge2'] }, { token })).code).toBe(422);
    expect(
      (await s.call(T, { method: 'add', name: 'bond0', members: ['ge2'], primary: 'ge3' }, { token })).msg,
    ).toContain('primary');
    expect(fs.existsSync(etc('systemd/network/05-igs-bond0.netdev'))).toBe(false);

    expect((await edit('ge3', { role: 'none', mode: 'dhcp' })).code).toBe(200);
    expect(fs.existsSync(etc('ppp/peers/igs-pppoe-ge3'))).toBe(false);
    const add = await s.call<{ id: number }>(
      T,
      { method: 'add', name: 'bond0', mode: 'active-backup', members: ['ge2', 'ge3'], primary: 'ge2' },
      { token },
    );
    expect(add.code).toBe(200);
    expect(read('systemd/network/05-igs-bond0.netdev')).toContain(
      'Kind=bond\n\n[Bond]\nMode=active-backup\nMIIMonitorSec=100ms',
    );
    expect(read('systemd/network/10-igs-ge2.network')).toContain('Bond=bond0\nPrimarySlave=yes');
    expect(read('systemd/network/10-igs-ge3.network')).toContain('Bond=bond0');
    expect(read('systemd/network/10-igs-bond0.network')).toContain('DHCP=ipv4');
    // Not in two bonds; a member cannot take an address of its own.
    const second = await s.call(T, { method: 'add', name: 'bond1', members: ['ge3'] }, { token });
    expect(second.msg).toContain('ge3 is already a member of bond0');
    expect((await edit('ge2', { role: 'lan', mode: 'static', ip: '172.16.0.1/24' })).msg).toContain(
      'member of bond0',
    );
    // The bond itself is configurable on the Interfaces tab.
    expect((await edit('bond0', { role: 'mgmt', mode: 'static', ip: '172.16.0.1/24' })).code).toBe(200);
    expect(read('systemd/network/10-igs-bond0.network')).toContain('Address=172.16.0.1/24');
    // Renamed, the bond keeps its address settings; the old files go.
    expect((await s.call(T, { method: 'edit', id: add.data.id, name: 'bond1' }, { token })).code).toBe(200);
    expect(read('systemd/network/10-igs-bond1.network')).toContain('Address=172.16.0.1/24');
    expect(read('systemd/network/10-igs-ge3.network')).toContain('Bond=bond1');
    expect(fs.existsSync(etc('systemd/network/05-igs-bond0.netdev'))).toBe(false);
    const del = await s.call(T, { method: 'del', ids: [add.data.id] }, { token });
    expect(del.code).toBe(200);
    expect(fs.existsSync(etc('systemd/network/05-igs-bond1.netdev'))).toBe(false);
    expect(fs.existsSync(etc('systemd/network/10-igs-bond1.network'))).toBe(false);
  });

  it('PPTP: a ppp peer with pptp as its pty; hosts checked, secrets kept out of replies', async () => {
    const P = N('pptp');
    const add = await s.call<{ id: number }>(
      P,
      { method: 'add', name: 'office', server: 'vpn.example.com', username: 'alice', password: 'pw-1' },
      { token },
    );
    expect(add.code).toBe(200);
    const peer = read('ppp/peers/igs-pptp-office');
    expect(peer).toContain('pty "pptp vpn.example.com --nolaunchpppd"');
    expect(peer).toContain('require-mppe-128');
    expect(peer).toContain('nodefaultroute');
    const list = await s.call<{ list: { password: string; password_set: number }[] }>(
      P,
      { method: 'list' },
      { token },
    );
    expect(list.data.list[0]).toMatchObject({ password: '', password_set: 1 });
    expect(
      (
        await s.call(
          P,
          { method: 'add', name: 'x', server: '-oProxyCommand=x', username: 'a', password: 'b' },
          { token },
        )
      ).code,
    ).toBe(422);
    expect(
      (
        await s.call(
          P,
          { method: 'add', name: 'office', server: 'h.example', username: 'a', password: 'b' },
          { token },
        )
      ).msg,
    ).toContain('already used');
    expect(
      (await s.call(P, { method: 'add', name: 'y', server: 'h.example', username: 'a' }, { token })).code,
    ).toBe(422);
    const off = await s.call(
      P,
      {
        method: 'edit',
        id: add.data.id,
        name: 'office',
        server: 'vpn.example.com',
        username: 'alice',
        enabled: 0,
      },
      { token },
    );
    expect(off.code).toBe(200);
    expect(fs.existsSync(etc('ppp/peers/igs-pptp-office'))).toBe(false);
  });

  it('OpenVPN: an uploaded profile is checked as text and stored under a generated name', async () => {
    const upload = async (text: string) => {
      const fd = new FormData();
      fd.append('kind', 'text');
      fd.append('file', new Blob([text]), 'office.ovpn');
      const r = await s.call<{ id: string }>('/admin.php/common/upload', fd, { token });
      expect(r.code).toBe(200);
      return r.data.id;
    };
    const good =
      'client\ndev tun\nproto udp\nremote vpn.example.com 1194\nauth-user-pass\n<ca>\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n</ca>\n';
    const O = N('openvpn');
    const noAuth = await s.call(O, { method: 'add', name: 'hq', ovpn: await upload(good) }, { token });
    expect(noAuth.msg).toContain('auth-user-pass');
    const add = await s.call<SaveReply & { id: number }>(
      O,
      { method: 'add', name: 'hq', ovpn: await upload(good), username: 'bob', password: 'vpn-pw' },
      { token },
    );
    expect(add.code).toBe(200);
    const conf = add.data.written.find((p) => /^openvpn\/client\/igs-[0-9a-f]{8}\.conf$/.test(p));
    expect(conf).toBeDefined();
    const text = read(conf!);
    expect(text).toContain('remote vpn.example.com 1194');
    expect(text).toMatch(/auth-user-pass \/etc\/openvpn\/client\/igs-[0-9a-f]{8}\.auth/);
    expect(read(conf!.replace('.conf', '.auth'))).toBe('bob\nvpn-pw\n');
    const list = await s.call<{ list: { state: string; password: string }[] }>(
      O,
      { method: 'list' },
      { token },
    );
    expect(['not_installed', 'active', 'inactive', 'failed', 'unknown', 'activating']).toContain(
      list.data.list[0]!.state,
    );
    expect(JSON.stringify(list.data)).not.toContain('BEGIN CERTIFICATE');
    const evil = await s.call(
      O,
      {
        method: 'add',
        name: 'evil',
        ovpn: await upload(`${good}script-security 2\nup /bin/sh\n`),
        username: 'a',
        password: 'b',
      },
      { token },
    );
    expect(evil.code).toBe(422);
    expect(evil.msg).toContain('script-security');
    const noRemote = await s.call(
      O,
      { method: 'add', name: 'x', ovpn: await upload('client\ndev tun\n') },
      { token },
    );
    expect(noRemote.msg).toContain('remote');
    expect((await s.call(O, { method: 'add', name: 'x', ovpn: 'nope' }, { token })).code).toBe(422);
  });

  it('IPoE: DHCP with option 60 on its VLAN, igmpproxy upstream to the LAN, IGMP version by sysctl', async () => {
    const I = N('ipoe');
    const r = await s.call(
      I,
      {
        method: 'form',
        iface: 'ge0',
        vlan_id: 45,
        option60_vendor: 'STB-Vendor',
        username: 'iptv01',
        password: 'p',
        igmp_proxy: 1,
        igmp_version: 3,
      },
      { token },
    );
    expect(r.code).toBe(200);
    const net = read('systemd/network/10-igs-ge0.45.network');
    expect(net).toContain('VendorClassIdentifier=STB-Vendor');
    expect(net).toContain('UseGateway=no');
    expect(read('systemd/network/10-igs-ge0.network')).toContain('VLAN=ge0.45\nVLAN=ge0.100');
    const igmp = read('igmpproxy.conf');
    expect(igmp).toContain('phyint ge0.45 upstream ratelimit 0 threshold 1');
    expect(igmp).toContain('phyint ge1 downstream ratelimit 0 threshold 1');
    expect(read('sysctl.d/90-igs-igmp.conf')).toContain('net/ipv4/conf/ge0.45/force_igmp_version = 3');
    expect((await s.call<{ password: string }>(I, { method: 'detail' }, { token })).data.password).toBe('');
    expect((await s.call(I, { method: 'form', iface: 'ge0', vlan_id: 100 }, { token })).msg).toContain(
      'VLAN 100',
    );
    expect((await s.call(I, { method: 'form', iface: 'ge7' }, { token })).code).toBe(422);
  });

  it('QoS: a tc -batch file with HTB classes and u32 filters; rules need a shaped interface', async () => {
    const Q = N('qos');
    const noRate = await s.call(
      Q,
      {
        method: 'form',
        interfaces: [],
        rules: [{ name: 'sip', dst_port: 5060, proto: 'udp', class: 'high' }],
      },
      { token },
    );
    expect(noRate.code).toBe(422);
    const r = await s.call(
      Q,
      {
        method: 'form',
        interfaces: [{ iface: 'ge0', up_kbps: 20000, down_kbps: 100000 }],
        rules: [
          { name: 'sip', dst_port: 5060, proto: 'udp', class: 'high' },
          { name: 'cams', src: '192.168.10.0/24', class: 'low', limit_kbps: 4000 },
        ],
      },
      { token },
    );
    expect(r.code).toBe(200);
    const tc = read('igs/qos.tc');
    expect(tc).toContain('qdisc replace dev ge0 root handle 1: htb default 20');
    expect(tc).toContain(
      'filter add dev ge0 parent 1: protocol ip prio 1 u32 match ip dport 5060 0xffff match ip protocol 17 0xff flowid 1:10',
    );
    expect(tc).toContain('class replace dev ge0 parent 1:30 classid 1:101 htb rate 4000kbit ceil 4000kbit');
    expect(tc).toContain('action mirred egress redirect dev ifb0');
    const bad = await s.call(
      Q,
      {
        method: 'form',
        interfaces: [{ iface: 'ge0', up_kbps: 10 }],
        rules: [{ name: 'a', src: '300.1.1.1' }],
      },
      { token },
    );
    const errors = (bad.data as unknown as { errors: { field: string }[] }).errors.map((e) => e.field);
    expect(errors).toEqual(expect.arrayContaining(['interfaces.0.up_kbps', 'rules.0.src']));
  });

  it('WAN DNS: resolved drop-in, and WAN DHCP stops taking DNS when from_wan is off', async () => {
    expect((await s.call(N('dns'), { method: 'form', dns2: '8.8.8.8' }, { token })).code).toBe(422);
    const r = await s.call(
      N('dns'),
      { method: 'form', dns1: '223.5.5.5', dns2: '119.29.29.29', from_wan: 0 },
      { token },
    );
    expect(r.code).toBe(200);
    expect(read('systemd/resolved.conf.d/igs-dns.conf')).toContain('DNS=223.5.5.5 119.29.29.29');
    expect((await edit('ge3', { role: 'wan', mode: 'dhcp' })).code).toBe(200);
    expect(read('systemd/network/10-igs-ge3.network')).toContain('DHCP=ipv4\n\n[DHCPv4]\nUseDNS=no');
  });

  it('time zone: the host zone list, validated NTP hosts, written to /etc/timezone and timesyncd', async () => {
    const T = N('timezone');
    const zones = await s.call<{ value: string }[]>(T, { method: 'options' }, { token });
    expect(zones.data.map((z) => z.value)).toEqual(expect.arrayContaining(['Asia/Shanghai', 'UTC']));
    const d = await s.call<{ timezone: string; current: string }>(T, { method: 'detail' }, { token });
    expect(d.data.timezone).toBe('Asia/Shanghai');
    const hostZone = fs.existsSync('/etc/timezone') ? fs.readFileSync('/etc/timezone', 'utf8').trim() : null;
    if (hostZone) expect(d.data.current).toBe(hostZone);
    expect((await s.call(T, { method: 'form', timezone: 'Mars/Base' }, { token })).code).toBe(422);
    expect(
      (await s.call(T, { method: 'form', timezone: 'Asia/Shanghai', ntp_servers: ['-x'] }, { token })).code,
    ).toBe(422);
    expect(
      (
        await s.call(
          T,
          { method: 'form', timezone: 'Asia/Shanghai', ntp_servers: [], ntp_enabled: 1 },
          { token },
        )
      ).code,
    ).toBe(422);
    const r = await s.call(
      T,
      { method: 'form', timezone: 'Europe/Berlin', ntp_servers: 'ntp.aliyun.com, 10.0.0.1' },
      { token },
    );
    expect(r.code).toBe(200);
    expect(read('timezone')).toBe('Europe/Berlin\n');
    expect(read('systemd/timesyncd.conf.d/igs-ntp.conf')).toContain('NTP=ntp.aliyun.com 10.0.0.1');
  });

  it('connectivity: each check says what happened within its time-out', async () => {
    const started = Date.now();
    const r = await s.call<Record<string, { ok: boolean | null; detail: string }>>(
      N('connect'),
      { method: 'check' },
      { token },
    );
    expect(r.code).toBe(200);
    for (const k of ['link', 'gateway_ping', 'dns_resolve', 'internet']) {
      expect([true, false, null]).toContain(r.data[k]!.ok);
      expect(typeof r.data[k]!.detail).toBe('string');
    }
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await s.call(N('connect'), { method: 'check', host: '-rf' }, { token })).code).toBe(422);
  }, 20_000);

  it('rollback puts back the previous settings and files; twice redoes; nothing to roll back is 409', async () => {
    const before = read('systemd/network/10-igs-ge1.network');
    expect((await edit('ge1', { role: 'lan', mode: 'static', ip: '192.168.20.1/24' })).code).toBe(200);
    expect(read('systemd/network/10-igs-ge1.network')).toContain('192.168.20.1/24');
    const rb = await s.call<SaveReply>(N('index'), { method: 'rollback' }, { token });
    expect(rb.code).toBe(200);
    expect(read('systemd/network/10-igs-ge1.network')).toBe(before);
    expect(
      (await s.call<{ ip: string }>(N('net'), { method: 'detail', name: 'ge1' }, { token })).data.ip,
    ).toBe('192.168.10.1/24');
    await s.call(N('index'), { method: 'rollback' }, { token });
    expect(read('systemd/network/10-igs-ge1.network')).toContain('192.168.20.1/24');
    await s.call(N('index'), { method: 'rollback' }, { token });

    const fresh = await startServer(kind);
    try {
      const t = await fresh.login();
      expect((await fresh.call(N('index'), { method: 'rollback' }, { token: t })).code).toBe(409);
    } finally {
      await fresh.close();
    }
  });

  it('lists the generated files, secret ones without their content', async () => {
    const r = await s.call<{
      files: { path: string; secret: boolean; content: string | null }[];
      can_rollback: boolean;
    }>(N('index'), { method: 'config' }, { token });
    expect(r.data.can_rollback).toBe(true);
    const pptp = r.data.files.find((f) => f.path.startsWith('openvpn/client/') && f.path.endsWith('.auth'));
    expect(pptp).toMatchObject({ secret: true, content: null });
    expect(r.data.files.find((f) => f.path === 'timezone')?.content).toBe('Europe/Berlin\n');
  });

  it('with IGS_APPLY=1 copies the set into place (a scratch root here) and says so', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'igs-root-'));
    process.env.IGS_APPLY = '1';
    process.env.IGS_APPLY_ROOT = root;
    try {
      const r = await edit('ge1', { role: 'lan', mode: 'static', ip: '192.168.10.1/24', mtu: 1400 });
      expect(r.code).toBe(200);
      expect(r.data.applied).toBe(true);
      expect(r.msg).toBe('Saved and applied');
      expect(fs.readFileSync(path.join(root, 'etc/systemd/network/10-igs-ge1.network'), 'utf8')).toContain(
        'MTUBytes=1400',
      );
      expect(fs.existsSync(path.join(root, 'etc/timezone'))).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('refuses callers without the menu or the button, and writes nothing for them', async () => {
    const none = await accountWith(s, `nonet_${kind}`, ['/admin.php/system/home'], []);
    expect((await s.call(N('net'), { method: 'list' }, { token: none })).code).toBe(403);
    const reader = await accountWith(s, `netread_${kind}`, [N('net')], []);
    expect((await s.call(N('net'), { method: 'list' }, { token: reader })).code).toBe(200);
    const before = read('systemd/network/10-igs-ge1.network');
    const e = await s.call(
      N('net'),
      { method: 'edit', name: 'ge1', role: 'lan', mtu: 1300 },
      { token: reader },
    );
    expect(e.code).toBe(403);
    expect(e.msg).toContain('network:net:edit');
    expect((await s.call(N('index'), { method: 'rollback' }, { token: reader })).msg).toContain(
      'network:index:rollback',
    );
    expect(
      (await s.call(N('teaming'), { method: 'add', name: 'bond5', members: ['ge2'] }, { token: reader })).msg,
    ).toContain('network:teaming:add');
    expect(read('systemd/network/10-igs-ge1.network')).toBe(before);
  });
});
