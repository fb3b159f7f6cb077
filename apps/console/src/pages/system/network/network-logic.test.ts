import { describe, expect, it } from 'vitest';
import {
  CIDR,
  canMakeStatic,
  checkStatus,
  formatSpeed,
  formErrors,
  ifaceFieldsFor,
  ifacePayload,
  type LeaseRow,
  linkColor,
  MAC,
  splitList,
} from './network-logic.ts';

describe('network page logic', () => {
  it('shows the address fields of static, the account of PPPoE, DNS only for DHCP', () => {
    expect(ifaceFieldsFor('static')).toEqual(expect.arrayContaining(['ip', 'gateway', 'dns1']));
    expect(ifaceFieldsFor('static')).not.toContain('pppoe_user');
    expect(ifaceFieldsFor('pppoe')).toEqual(expect.arrayContaining(['pppoe_user', 'pppoe_password']));
    expect(ifaceFieldsFor('pppoe')).not.toContain('ip');
    expect(ifaceFieldsFor('dhcp')).not.toContain('gateway');
  });

  it('sends the fields of the chosen mode, trimmed, and no empty password', () => {
    const p = ifacePayload('eth1', {
      role: 'lan',
      mode: 'static',
      ip: ' 192.168.1.1/24 ',
      gateway: '',
      pppoe_user: 'left over',
      pppoe_password: '',
      vlan_id: 0,
      mtu: 1500,
      enabled: true,
    });
    expect(p).toMatchObject({ method: 'edit', name: 'eth1', ip: '192.168.1.1/24', gateway: '', enabled: 1 });
    expect(p).not.toHaveProperty('pppoe_user');
    const ppp = ifacePayload('eth0', { role: 'wan', mode: 'pppoe', pppoe_user: 'u', pppoe_password: '' });
    expect(ppp).not.toHaveProperty('pppoe_password');
    expect(ifacePayload('eth0', { role: 'wan', mode: 'pppoe', pppoe_password: 'x' })).toHaveProperty(
      'pppoe_password',
      'x',
    );
  });

  it('maps a 422 onto form fields, nested paths as arrays', () => {
    const data = {
      errors: [
        { field: 'gateway', msg: 'not inside' },
        { field: 'rules.0.src', msg: 'bad source' },
        { field: 'rules.0.src', msg: 'second' },
        { field: 'config', msg: 'dnsmasq refused' },
      ],
    };
    expect(formErrors(data)).toEqual([
      { name: ['gateway'], errors: ['not inside'] },
      { name: ['rules', 0, 'src'], errors: ['bad source', 'second'] },
      { name: ['config'], errors: ['dnsmasq refused'] },
    ]);
    expect(formErrors(data, (n) => n[0] !== 'config')).toHaveLength(2);
    expect(formErrors(null)).toEqual([]);
    expect(formErrors({ errors: 'x' })).toEqual([]);
  });

  it('splits typed lists and formats link facts', () => {
    expect(splitList('ntp.aliyun.com, cn.pool.ntp.org\n10.0.0.1')).toEqual([
      'ntp.aliyun.com',
      'cn.pool.ntp.org',
      '10.0.0.1',
    ]);
    expect(splitList(['a ', ''])).toEqual(['a']);
    expect(splitList(undefined)).toEqual([]);
    expect(formatSpeed(1000)).toBe('1 Gb/s');
    expect(formatSpeed(100)).toBe('100 Mb/s');
    expect(formatSpeed(null)).toBe('');
    expect(linkColor('up')).toBe('green');
    expect(linkColor('down')).toBe('red');
    expect(linkColor('unknown')).toBe('default');
    expect(checkStatus({ ok: null, target: '', ms: null, detail: 'ping is not installed' })).toBe('default');
    expect(checkStatus({ ok: false, target: '', ms: null, detail: '' })).toBe('error');
  });

  it('checks addresses as the server does and offers make-static for dynamic leases only', () => {
    expect(CIDR.test('192.168.1.1/24')).toBe(true);
    expect(CIDR.test('192.168.1.1')).toBe(false);
    expect(MAC.test('AA-BB-CC-DD-EE-FF')).toBe(true);
    const lease = { static: 0 } as LeaseRow;
    expect(canMakeStatic(lease)).toBe(true);
    expect(canMakeStatic({ ...lease, static: 1 })).toBe(false);
  });
});
